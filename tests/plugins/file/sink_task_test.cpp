// FileStreamSinkTask: one value per line, appending, flushing.
#include <catch2/catch.hpp>

#include "copycat/errors.hpp"
#include "file_test_support.hpp"
#include "file/file_stream_sink_task.hpp"

using namespace copycat;
using namespace copycat::file;
using namespace copycat::file::test;

namespace {

sink_record string_record(std::string topic, std::string line, std::int64_t offset) {
    return sink_record(std::move(topic), 0, nullptr, value(), schema::string(), value(std::move(line)), offset);
}

}  // namespace

TEST_CASE("sink task writes one value per line and flushes") {
    temp_dir dir;
    const std::string path = dir.file("out.txt");
    file_stream_sink_task task;
    CHECK(task.nonblocking_put());  // put() only writes locally: the worker runs it on its task pool
    task.start({{"file", path}, {"topics", "a,b"}});

    std::vector<sink_record> batch{string_record("a", "line0", 1)};
    task.put(batch);
    task.flush({{topic_partition{"a", 0}, offset_and_metadata{2, "", std::nullopt}}});
    CHECK(read_file(path) == "line0\n");

    batch = {string_record("a", "line1", 2), string_record("b", "line2", 1)};
    task.put(batch);
    task.flush({});
    CHECK(read_file(path) == "line0\nline1\nline2\n");
    task.stop();
}

TEST_CASE("sink task appends to an existing file") {
    temp_dir dir;
    const std::string path = dir.file("out.txt");
    write_file(path, "existing\n");
    file_stream_sink_task task;
    task.start({{"file", path}});
    std::vector<sink_record> batch{string_record("t", "added", 0)};
    task.put(batch);
    task.stop();
    CHECK(read_file(path) == "existing\nadded\n");
}

TEST_CASE("sink task ends a file's unterminated last line before it appends") {
    temp_dir dir;
    const std::string path = dir.file("out.txt");
    write_file(path, "whole\ntor");  // a write cut short by a killed worker
    file_stream_sink_task task;
    task.start({{"file", path}});
    std::vector<sink_record> batch{string_record("t", "again", 0)};
    task.put(batch);
    task.stop();
    CHECK(read_file(path) == "whole\ntor\nagain\n");
}

TEST_CASE("sink task writes non-string values as Java prints them") {
    temp_dir dir;
    const std::string path = dir.file("out.txt");
    file_stream_sink_task task;
    task.start({{"file", path}});
    std::vector<sink_record> batch{
        sink_record("t", 0, nullptr, value(), nullptr, value(), 0),
        sink_record("t", 0, nullptr, value(), schema::int32(), value(7), 1),
        sink_record("t", 0, nullptr, value(), schema::float64(), value(1.0), 2),
        sink_record("t", 0, nullptr, value(), nullptr, value(value_map{{value("k"), value("v")}}), 3),
    };
    task.put(batch);
    task.flush({});
    CHECK(read_file(path) == "null\n7\n1.0\n{k=v}\n");
    task.stop();
}

TEST_CASE("sink task writes many records in order") {
    temp_dir dir;
    const std::string path = dir.file("out.txt");
    file_stream_sink_task task;
    task.start({{"file", path}});
    std::string expected;
    std::vector<sink_record> batch;
    for (int i = 0; i < 5000; ++i) {
        std::string line = std::string(100, 'a' + static_cast<char>(i % 26)) + std::to_string(i);
        expected += line + "\n";
        batch.push_back(string_record("t", std::move(line), i));
    }
    task.put(batch);
    task.flush({});
    CHECK(read_file(path) == expected);
    task.stop();
}

TEST_CASE("sink task fails to start when the file cannot be created") {
    temp_dir dir;
    file_stream_sink_task task;
    CHECK_THROWS_AS(task.start({{"file", dir.file("no/such/dir/out.txt")}}), connect_error);
}
