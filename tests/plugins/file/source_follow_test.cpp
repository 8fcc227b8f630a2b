// FileStreamSourceTask beyond Kafka: tailing, truncation, rotation and files that come later.
#include <catch2/catch.hpp>

#include <cstdio>

#include "file_test_support.hpp"
#include "file/file_stream_source_task.hpp"

using namespace copycat;
using namespace copycat::file;
using namespace copycat::file::test;
using strings = std::vector<std::string>;
using positions = std::vector<std::int64_t>;

namespace {

struct started_task {
    fake_source_context context;
    file_stream_source_task task;

    explicit started_task(const std::string& path) {
        context.props = {{"file", path}, {"topic", "t"}};
        task.initialize(context);
        task.start(context.props);
    }
    ~started_task() { task.stop(); }
};

}  // namespace

TEST_CASE("source task tails lines appended to the file") {
    temp_dir dir;
    const std::string path = dir.file("app.log");
    write_file(path, "one\n");
    started_task t(path);

    CHECK(values_of(poll_until(t.task, 1)) == strings{"one"});
    CHECK(t.task.poll().empty());
    for (int round = 0; round < 3; ++round) {
        append_file(path, "more " + std::to_string(round) + "\n");
        CHECK(values_of(poll_until(t.task, 1)) == strings{"more " + std::to_string(round)});
    }
}

TEST_CASE("source task starts again from the beginning when the file is truncated") {
    temp_dir dir;
    const std::string path = dir.file("app.log");
    write_file(path, "aaaa\nbbbb\n");
    started_task t(path);
    CHECK(positions_of(poll_until(t.task, 2)) == positions{5, 10});

    write_file(path, "cc\n", /*truncate=*/true);
    const auto records = poll_until(t.task, 1);
    CHECK(values_of(records) == strings{"cc"});
    CHECK(positions_of(records) == positions{3});

    append_file(path, "dd\n");
    CHECK(positions_of(poll_until(t.task, 1)) == positions{6});
}

TEST_CASE("source task finishes a rotated file, then reads the new one from the start") {
    temp_dir dir;
    const std::string path = dir.file("app.log");
    write_file(path, "one\ntwo\n");
    started_task t(path);
    CHECK(values_of(poll_until(t.task, 2)) == strings{"one", "two"});

    // The writer adds to the old file, which is then renamed; a new file takes its place.
    append_file(path, "three\nfour");
    REQUIRE(std::rename(path.c_str(), (path + ".1").c_str()) == 0);
    write_file(path, "new1\nnew2\n");

    const auto records = poll_until(t.task, 4);
    CHECK(values_of(records) == strings{"three", "four", "new1", "new2"});
    CHECK(positions_of(records) == positions{14, 18, 5, 10});
    for (const auto& r : records) CHECK(r.source_partition == source_map{{"filename", value(path)}});

    append_file(path, "new3\n");
    CHECK(positions_of(poll_until(t.task, 1)) == positions{15});
}

TEST_CASE("source task keeps reading a file moved away until a new one appears") {
    temp_dir dir;
    const std::string path = dir.file("app.log");
    write_file(path, "one\n");
    started_task t(path);
    CHECK(values_of(poll_until(t.task, 1)) == strings{"one"});

    REQUIRE(std::rename(path.c_str(), (path + ".1").c_str()) == 0);
    CHECK(t.task.poll().empty());
    append_file(path + ".1", "late\r\n");  // still written through the old name
    CHECK(values_of(poll_until(t.task, 1)) == strings{"late"});

    write_file(path, "fresh\n");
    const auto records = poll_until(t.task, 1);
    CHECK(values_of(records) == strings{"fresh"});
    CHECK(positions_of(records) == positions{6});
}

TEST_CASE("source task finishes a rotated file whose last line ends with a lone CR") {
    temp_dir dir;
    const std::string path = dir.file("app.log");
    write_file(path, "x\r");
    started_task t(path);
    CHECK(t.task.poll().empty());

    REQUIRE(std::rename(path.c_str(), (path + ".1").c_str()) == 0);
    write_file(path, "y\n");
    const auto records = poll_until(t.task, 2);
    CHECK(values_of(records) == strings{"x", "y"});
    CHECK(positions_of(records) == positions{2, 2});
}

TEST_CASE("source task waits for a file that does not exist yet") {
    temp_dir dir;
    const std::string path = dir.file("later.log");
    started_task t(path);
    CHECK(t.task.poll().empty());
    CHECK(t.task.poll().empty());

    write_file(path, "finally\n");
    const auto records = poll_until(t.task, 1);
    CHECK(values_of(records) == strings{"finally"});
    CHECK(positions_of(records) == positions{8});
}
