// FileStreamSourceTask: lines, offsets, resuming, batch.size, line ends, standard input.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <thread>

#include "copycat/errors.hpp"
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

    explicit started_task(std::map<std::string, std::string> props, std::optional<source_map> stored = std::nullopt) {
        context.props = std::move(props);
        context.stored = std::move(stored);
        task.initialize(context);
        task.start(context.props);
    }
    ~started_task() { task.stop(); }
};

}  // namespace

TEST_CASE("source task reads lines with Kafka's partition, offset, schema and topic") {
    temp_dir dir;
    const std::string path = dir.file("input.txt");
    write_file(path, "first line\nsecond\n");
    started_task t({{"file", path}, {"topic", "lines"}});

    const auto records = poll_until(t.task, 2);
    REQUIRE(values_of(records) == strings{"first line", "second"});
    CHECK(positions_of(records) == positions{11, 18});
    for (const auto& r : records) {
        CHECK(r.topic == "lines");
        CHECK_FALSE(r.kafka_partition.has_value());
        CHECK(r.source_partition == source_map{{"filename", value(path)}});
        CHECK(r.source_offset.size() == 1);
        CHECK(r.source_offset.at("position").is_int64());
        REQUIRE(r.value_schema != nullptr);
        CHECK(*r.value_schema == *schema::string());
        CHECK_FALSE(r.value_schema->is_optional());
        CHECK(r.key_schema == nullptr);
        CHECK(r.key.is_null());
        CHECK(r.timestamp.has_value());
    }
    REQUIRE(t.context.lookups.size() == 1);
    CHECK(t.context.lookups[0] == source_map{{"filename", value(path)}});
}

TEST_CASE("source task follows Kafka's line ends and emits only complete lines") {
    temp_dir dir;
    const std::string path = dir.file("input.txt");
    write_file(path, "");
    started_task t({{"file", path}, {"topic", "t"}});

    CHECK(t.task.poll().empty());
    append_file(path, "partial line");
    CHECK(t.task.poll().empty());
    append_file(path, " finished\n");
    auto records = poll_until(t.task, 1);
    CHECK(values_of(records) == strings{"partial line finished"});
    CHECK(positions_of(records) == positions{22});

    // A CR at the end of the data waits for the next byte, which may be its LF.
    append_file(path, "line1\rline2\r\nline3\nline4\n\r");
    records = poll_until(t.task, 4);
    CHECK(values_of(records) == strings{"line1", "line2", "line3", "line4"});
    CHECK(positions_of(records) == positions{28, 35, 41, 47});
    CHECK(t.task.poll().empty());

    append_file(path, "subsequent text");
    records = poll_until(t.task, 1);
    CHECK(values_of(records) == strings{""});
    CHECK(positions_of(records) == positions{48});
    CHECK(t.task.poll().empty());  // "subsequent text" has no end yet
}

TEST_CASE("source task handles CRLF files and a last line without a newline") {
    temp_dir dir;
    const std::string path = dir.file("crlf.txt");
    write_file(path, "a\r\nbb\r\nccc");
    started_task t({{"file", path}, {"topic", "t"}});

    auto records = poll_until(t.task, 2);
    CHECK(values_of(records) == strings{"a", "bb"});
    CHECK(positions_of(records) == positions{3, 7});
    CHECK(t.task.poll().empty());

    append_file(path, "\r\n");
    records = poll_until(t.task, 1);
    CHECK(values_of(records) == strings{"ccc"});
    CHECK(positions_of(records) == positions{12});
}

TEST_CASE("source task resumes from the stored offset") {
    temp_dir dir;
    const std::string path = dir.file("input.txt");
    write_file(path, "line one\nline two\nline three\n");
    started_task t({{"file", path}, {"topic", "t"}}, source_map{{"position", value(std::int64_t{9})}});

    const auto records = poll_until(t.task, 2);
    CHECK(values_of(records) == strings{"line two", "line three"});
    CHECK(positions_of(records) == positions{18, 29});
}

TEST_CASE("source task starts over when the stored offset lies beyond the end of the file") {
    temp_dir dir;
    const std::string path = dir.file("input.txt");
    write_file(path, "short\n");
    started_task t({{"file", path}, {"topic", "t"}}, source_map{{"position", value(std::int64_t{500})}});

    const auto records = poll_until(t.task, 1);
    CHECK(values_of(records) == strings{"short"});
    CHECK(positions_of(records) == positions{6});
}

TEST_CASE("source task rejects a stored position that is not a number") {
    temp_dir dir;
    fake_source_context context;
    context.stored = source_map{{"position", value("twelve")}};
    file_stream_source_task task;
    task.initialize(context);
    CHECK_THROWS_WITH(task.start({{"file", dir.file("x")}, {"topic", "t"}}), "Offset position is the incorrect type");
}

TEST_CASE("source task returns at most batch.size records per poll") {
    temp_dir dir;
    const std::string path = dir.file("input.txt");
    std::string text;
    for (int i = 0; i < 25; ++i) text += "line " + std::to_string(i) + "\n";
    write_file(path, text);
    started_task t({{"file", path}, {"topic", "t"}, {"batch.size", "10"}});

    CHECK(t.task.poll().size() == 10);
    CHECK(t.task.poll().size() == 10);
    const auto last = t.task.poll();
    REQUIRE(last.size() == 5);
    CHECK(last.back().val.as_string() == "line 24");
    CHECK(last.back().source_offset.at("position").as_int64() == static_cast<std::int64_t>(text.size()));
}

TEST_CASE("source task reads a large file in order with the default batch size") {
    temp_dir dir;
    const std::string path = dir.file("big.txt");
    const std::string line(99, 'x');
    std::string text;
    constexpr int count = 20000;
    for (int i = 0; i < count; ++i) text += line + "\n";
    write_file(path, text);
    started_task t({{"file", path}, {"topic", "t"}});

    const auto first = t.task.poll();
    CHECK(first.size() == 2000);
    auto all = poll_until(t.task, count - first.size());
    CHECK(all.size() == count - first.size());
    CHECK(all.back().source_offset.at("position").as_int64() == static_cast<std::int64_t>(text.size()));
}

TEST_CASE("source task reads a line longer than its buffer") {
    temp_dir dir;
    const std::string path = dir.file("long.txt");
    const std::string long_line(line_buffer::default_capacity * 3 + 17, 'y');
    write_file(path, long_line + "\nafter\n");
    started_task t({{"file", path}, {"topic", "t"}});

    const auto records = poll_until(t.task, 2);
    REQUIRE(records.size() == 2);
    CHECK(records[0].val.as_string() == long_line);
    CHECK(records[1].val.as_string() == "after");
}

TEST_CASE("source task configuration errors are config errors") {
    file_stream_source_task task;
    fake_source_context context;
    task.initialize(context);
    CHECK_THROWS_AS(task.start({{"file", "/tmp/x"}}), config_error);
    CHECK_THROWS_AS(task.start({{"topic", "t"}, {"batch.size", "abcd"}}), config_error);
}

TEST_CASE("source task keeps waiting while its path names a directory or nothing, then reads the file") {
    // Kafka's task stays RUNNING in both cases; Copycat's waits and logs instead of failing.
    temp_dir dir;
    const std::string path = dir.file("input");
    REQUIRE(::mkdir(path.c_str(), 0755) == 0);
    started_task t({{"file", path}, {"topic", "t"}});
    CHECK_NOTHROW(t.task.poll());
    REQUIRE(::rmdir(path.c_str()) == 0);
    CHECK(t.task.poll().empty());
    write_file(path, "arrived\n");
    CHECK(values_of(poll_until(t.task, 1)) == strings{"arrived"});
}

TEST_CASE("poll() never waits, and stop() may come from another thread while it runs") {
    temp_dir dir;
    started_task t({{"file", dir.file("missing.txt")}, {"topic", "t"}});
    CHECK(t.task.nonblocking_poll());
    std::atomic<bool> stop_requested{false};
    std::atomic<int> polls{0};
    std::thread poller([&] {
        while (!stop_requested) {
            t.task.poll();
            ++polls;
        }
        t.task.poll();
    });
    while (polls == 0) std::this_thread::yield();
    stop_requested = true;
    t.task.stop();
    poller.join();
    CHECK(t.task.poll().empty());
}

TEST_CASE("source task reads standard input with null partition and offset values") {
    const int saved_stdin = ::dup(STDIN_FILENO);
    int pipe_fds[2];
    REQUIRE(::pipe(pipe_fds) == 0);
    REQUIRE(::dup2(pipe_fds[0], STDIN_FILENO) == STDIN_FILENO);
    ::close(pipe_fds[0]);
    {
        started_task t(std::map<std::string, std::string>{{"topic", "t"}});
        CHECK(t.task.poll().empty());
        const std::string data = "line\nsecond line\n";
        REQUIRE(::write(pipe_fds[1], data.data(), data.size()) == static_cast<ssize_t>(data.size()));
        const auto records = poll_until(t.task, 2);
        REQUIRE(values_of(records) == strings{"line", "second line"});
        CHECK(records[0].source_partition == source_map{{"filename", value()}});
        CHECK(records[0].source_offset == source_map{{"position", value()}});
        CHECK(t.context.lookups.empty());
    }
    ::close(pipe_fds[1]);
    ::dup2(saved_stdin, STDIN_FILENO);
    ::close(saved_stdin);
}
