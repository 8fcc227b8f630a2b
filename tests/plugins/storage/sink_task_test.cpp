// PartitionedFileSinkTask against a real temporary directory: rotation, commits, recovery of
// offsets from file names (with temporary files, gaps and interrupted commits), seeks from
// open(), pre_commit, close and the partition lock.
#include <catch2/catch.hpp>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "storage/partitioned_file_sink_task.hpp"
#include "plugins/storage/storage_test_support.hpp"

using namespace copycat;
using namespace copycat::storage;
using namespace copycat::storage::test;
namespace fs = std::filesystem;

namespace {

const topic_partition t0{"t", 0};
const topic_partition t1{"t", 1};

struct task_fixture {
    temp_store store;
    fake_sink_context context;
    std::int64_t now = 1'000'000;
    partitioned_file_sink_task task{[this] { return now; }, std::chrono::milliseconds(200)};

    explicit task_fixture(std::map<std::string, std::string> props = {}) {
        props.emplace("store.url", store.path().string());
        props.emplace("flush.size", "3");
        props.emplace("format.class", "io.copycat.connect.storage.format.string.StringFormat");
        context.props = props;
        task.initialize(context);
        task.start(props);
    }

    void put(std::vector<sink_record> records) { task.put(records); }
    void put_range(const topic_partition& tp, std::int64_t first, std::int64_t last) {
        std::vector<sink_record> batch;
        for (std::int64_t o = first; o <= last; ++o)
            batch.push_back(text_record(tp.topic, tp.partition, o, "v" + std::to_string(o)));
        put(std::move(batch));
    }
    std::vector<std::string> files() const { return files_below(store.topics()); }
    std::string read(const std::string& relative) const { return contents(store.topics() / relative); }
    std::optional<std::int64_t> committed(const topic_partition& tp) {
        const auto offsets = task.pre_commit({{tp, offset_and_metadata{999'999, {}, {}}}});
        const auto it = offsets.find(tp);
        if (it == offsets.end()) return std::nullopt;
        return it->second.offset;
    }
};

// Records of t-0 from offset 0 whose struct values have these "region" fields.
std::vector<sink_record> region_records(const std::vector<std::string>& regions) {
    const auto schema = schema_builder::struct_().field("region", schema::string()).build();
    std::vector<sink_record> batch;
    for (std::size_t i = 0; i < regions.size(); ++i) {
        struct_value v(schema);
        v.put("region", value(regions[i]));
        batch.emplace_back("t", 0, nullptr, value(), schema, value(v), static_cast<std::int64_t>(i));
    }
    return batch;
}

}  // namespace

TEST_CASE("flush.size: every flush.size records of a partition are committed as one file") {
    task_fixture f;
    f.task.open({t0, t1});
    CHECK(f.context.seeks.empty());  // nothing committed yet: the group's offsets decide
    f.put_range(t0, 0, 6);
    f.put_range(t1, 10, 12);
    CHECK(f.files() == std::vector<std::string>{"+tmp/t/0/6-0.tmp", "+tmp/t/0/lock", "+tmp/t/1/lock",
                                                "t/partition=0/t+0+0000000000+0000000002.txt",
                                                "t/partition=0/t+0+0000000003+0000000005.txt",
                                                "t/partition=1/t+1+0000000010+0000000012.txt"});
    CHECK(f.read("t/partition=0/t+0+0000000003+0000000005.txt") == "v3\nv4\nv5\n");
    CHECK(f.committed(t0) == 6);
    CHECK(f.committed(t1) == 13);
    // pre_commit answers only for the partitions asked about.
    CHECK(f.task.pre_commit({{t1, offset_and_metadata{13, {}, {}}}}).size() == 1);
}

TEST_CASE("open() resumes after the highest committed offset, gaps and stray files notwithstanding") {
    task_fixture f;
    put_file(f.store.topics() / "t/partition=0/t+0+0000000000+0000000009.txt", "old\n");
    put_file(f.store.topics() / "t/partition=0/t+0+0000000020+0000000029.txt", "old\n");  // 10..19 gone
    put_file(f.store.topics() / "t/elsewhere/t+0+0000000030+0000000031.json", "old\n");   // another layout
    put_file(f.store.topics() / "t/partition=0/t+1+0000000000+0000000099.txt", "old\n");  // another partition
    put_file(f.store.topics() / "t/partition=0/notes.txt", "ignored\n");
    put_file(f.store.topics() / "+tmp/t/0/30-0.tmp", "half-written\n");  // a crashed writer's
    put_file(f.store.topics() / "+tmp/t/0/commit.tmp", "half-written manifest\n");
    f.task.open({t0});
    CHECK(f.context.seeks == std::map<topic_partition, std::int64_t>{{t0, 32}});
    CHECK(f.committed(t0) == 32);
    CHECK_FALSE(fs::exists(f.store.topics() / "+tmp/t/0/30-0.tmp"));
    CHECK_FALSE(fs::exists(f.store.topics() / "+tmp/t/0/commit.tmp"));
    // Records delivered again from before the seek are not written twice.
    f.put_range(t0, 28, 34);
    CHECK(f.read("t/partition=0/t+0+0000000032+0000000034.txt") == "v32\nv33\nv34\n");
}

TEST_CASE("open() finishes a commit that a crash interrupted between its renames") {
    task_fixture f;
    const fs::path tmp = f.store.topics() / "+tmp/t/0";
    put_file(f.store.topics() / "t/region=a/t+0+0000000005+0000000007.txt", "a5\na7\n");  // renamed before
    put_file(tmp / "5-1.tmp", "b6\nb8\n");                                                // not yet
    put_file(tmp / "commit",
             "5-0.tmp\tt/region=a/t+0+0000000005+0000000007.txt\n"
             "5-1.tmp\tt/region=b/t+0+0000000006+0000000008.txt\n");
    f.task.open({t0});
    CHECK(f.read("t/region=b/t+0+0000000006+0000000008.txt") == "b6\nb8\n");
    CHECK(f.files() == std::vector<std::string>{"+tmp/t/0/lock", "t/region=a/t+0+0000000005+0000000007.txt",
                                                "t/region=b/t+0+0000000006+0000000008.txt"});
    CHECK(f.context.seeks.at(t0) == 9);
}

TEST_CASE("FieldPartitioner: one commit makes the files of every field value visible together") {
    task_fixture f({{"partitioner.class", "io.copycat.connect.storage.partitioner.FieldPartitioner"},
                    {"partition.field.name", "region"},
                    {"format.class", "io.copycat.connect.storage.format.json.JsonFormat"},
                    {"flush.size", "4"}});
    const auto batch = region_records({"a", "b", "a", "b", "a"});
    f.task.open({t0});
    f.put(batch);
    CHECK(f.files() == std::vector<std::string>{"+tmp/t/0/4-0.tmp", "+tmp/t/0/lock",
                                                "t/region=a/t+0+0000000000+0000000002.json",
                                                "t/region=b/t+0+0000000001+0000000003.json"});
    CHECK(f.read("t/region=b/t+0+0000000001+0000000003.json") == "{\"region\":\"b\"}\n{\"region\":\"b\"}\n");
    CHECK(f.committed(t0) == 4);
}

TEST_CASE("rotate.interval.ms by the wall clock commits idle partitions on a later put()") {
    task_fixture f({{"flush.size", "100"}, {"rotate.interval.ms", "1000"}});
    f.task.open({t0});
    f.put_range(t0, 0, 1);
    f.now += 999;
    f.put({});
    CHECK_FALSE(f.committed(t0).has_value());
    f.now += 1;
    f.put({});
    CHECK(f.committed(t0) == 2);
    CHECK(f.read("t/partition=0/t+0+0000000000+0000000001.txt") == "v0\nv1\n");
}

TEST_CASE("rotate.interval.ms by record time: a record that late starts a new file") {
    task_fixture f({{"flush.size", "100"},
                    {"rotate.interval.ms", "60000"},
                    {"partitioner.class", "io.confluent.connect.storage.partitioner.TimeBasedPartitioner"},
                    {"path.format", "'day'=dd"},
                    {"partition.duration.ms", "86400000"},
                    {"locale", "en"},
                    {"timezone", "UTC"},
                    {"timestamp.extractor", "Record"}});
    f.task.open({t0});
    const auto at = [](std::int64_t offset, std::int64_t ts) {
        return sink_record("t", 0, nullptr, value(), schema::string(), value("r" + std::to_string(offset)), offset, ts);
    };
    f.put({at(0, 0), at(1, 59'999)});
    f.now += 10'000'000;  // the wall clock does not matter here
    f.put({});
    CHECK_FALSE(f.committed(t0).has_value());
    f.put({at(2, 60'000)});
    CHECK(f.committed(t0) == 2);
    CHECK(f.read("t/day=01/t+0+0000000000+0000000001.txt") == "r0\nr1\n");
}

TEST_CASE("close() drops uncommitted records, and the next open() writes them again from the committed offset") {
    task_fixture f;
    f.task.open({t0});
    f.put_range(t0, 0, 4);
    f.task.close({t0});
    CHECK(f.files() == std::vector<std::string>{"+tmp/t/0/lock", "t/partition=0/t+0+0000000000+0000000002.txt"});
    CHECK(f.task.pre_commit({{t0, offset_and_metadata{5, {}, {}}}}).empty());
    f.task.open({t0});
    CHECK(f.context.seeks.at(t0) == 3);
    f.put_range(t0, 3, 5);
    CHECK(f.read("t/partition=0/t+0+0000000003+0000000005.txt") == "v3\nv4\nv5\n");
    f.task.stop();
}

TEST_CASE("a partition another task still writes cannot be opened until that task lets go") {
    task_fixture first;
    first.task.open({t0});
    fake_sink_context context;
    partitioned_file_sink_task second({}, std::chrono::milliseconds(100));
    second.initialize(context);
    second.start(first.context.props);
    CHECK_THROWS_AS(second.open({t0}), connect_error);
    first.task.close({t0});
    second.open({t0});
    second.stop();
}

TEST_CASE("null values fail the task, or are skipped with behavior.on.null.values=ignore") {
    const auto tombstone = [](std::int64_t offset) {
        return sink_record("t", 0, nullptr, value(), nullptr, value(), offset);
    };
    {
        task_fixture f;
        f.task.open({t0});
        CHECK_THROWS_AS(f.put({tombstone(0)}), data_error);
    }
    task_fixture f(std::map<std::string, std::string>{{"behavior.on.null.values", "ignore"}});
    f.task.open({t0});
    f.put({text_record("t", 0, 0, "a"), tombstone(1), text_record("t", 0, 2, "c"), text_record("t", 0, 3, "d")});
    CHECK(f.read("t/partition=0/t+0+0000000000+0000000003.txt") == "a\nc\nd\n");
}

TEST_CASE("a store the task cannot write to fails it with the path in the message") {
    task_fixture f;
    put_file(f.store.topics() / "+tmp", "a file where a directory must be\n");
    CHECK_THROWS_WITH(f.task.open({t0}), Catch::Contains("+tmp"));
}

TEST_CASE("a commit that fails between its renames is finished by the next open(), not dropped") {
    task_fixture f({{"partitioner.class", "io.copycat.connect.storage.partitioner.FieldPartitioner"},
                    {"partition.field.name", "region"},
                    {"flush.size", "2"}});
    const auto batch = region_records({"a", "b"});
    put_file(f.store.topics() / "t/region=b", "a file where the directory must go\n");
    f.task.open({t0});
    CHECK_THROWS_AS(f.put(batch), connect_error);
    f.task.close({t0});  // as when the failed task is stopped
    CHECK(fs::exists(f.store.topics() / "+tmp/t/0/commit"));
    fs::remove(f.store.topics() / "t/region=b");
    f.task.open({t0});
    CHECK(f.context.seeks.at(t0) == 2);
    CHECK(f.files() == std::vector<std::string>{"+tmp/t/0/lock", "t/region=a/t+0+0000000000+0000000000.txt",
                                                "t/region=b/t+0+0000000001+0000000001.txt"});
    CHECK(f.read("t/region=b/t+0+0000000001+0000000001.txt") == "Struct{region=b}\n");
}
