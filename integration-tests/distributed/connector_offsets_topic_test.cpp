// A source connector with an offsets topic of its own (offsets.storage.topic; KIP-618,
// docs/exactly-once-source.md "A connector's own offsets topic"), on a real broker:
//
// - exactly-once: two workers with exactly.once.source.support=enabled; a FileStreamSource with
//   its own topic writes its offsets there inside its transactions (read_committed, Kafka's key
//   and value bytes), and, as Kafka does, a copy to the worker's topic after each commit; GET
//   /connectors/<c>/offsets shows them; SIGKILL of the task's worker: the task resumes elsewhere
//   from them, every line exactly once;
// - the fallback: a connector that ran with the worker's topic, given a topic of its own, resumes
//   from the worker's topic's offsets (no line twice);
// - without exactly-once: the task flushes its offsets to its own topic, and resumes from them
//   after its worker restarted; a REST reset leaves tombstones in both topics;
// - the connector itself (its offset_storage_reader()) reads its own topic first, then the
//   worker's.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include "common/json.hpp"
#include "distributed/committed_reader.hpp"
#include "distributed/distributed_workers.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "storage/internal_topics.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

// FileStreamSource's offsets key and value as Kafka Connect writes them.
std::string offset_key(const std::string& connector, const fs::path& file) {
    return R"([")" + connector + R"(",{"filename":")" + file.string() + R"("}])";
}
std::string offset_value(const fs::path& file) {
    return R"({"position":)" + std::to_string(fs::file_size(file)) + "}";
}

// The newest value under `key` in `topic`, read with read_committed up to the last stable offsets
// (a transactional topic ends with commit markers, which no record stands for): nullopt when
// there is none, a nullopt value for a tombstone.
using newest_value = std::optional<std::optional<std::string>>;
newest_value newest(const std::string& topic, const std::string& key) {
    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap_servers()},
                                                    {"enable.auto.commit", "false"},
                                                    {"isolation.level", "read_committed"}});
    REQUIRE(config.ok());
    auto consumer = rdkafka::consumer::create(*config);
    REQUIRE(consumer.ok());
    auto count = consumer->partition_count(topic, 30s);
    if (!count) return newest_value();  // not created yet
    std::vector<rdkafka::topic_partition> partitions;
    std::vector<rdkafka::topic_partition_offset> assignment;
    std::vector<std::int64_t> ends;
    for (std::int32_t p = 0; p < *count; ++p) {
        auto marks = consumer->query_watermarks(topic, p, 30s);
        REQUIRE(marks.ok());
        ends.push_back(marks->high);
        partitions.push_back({topic, p});
        assignment.push_back({topic, p, rdkafka::offsets::beginning});
    }
    REQUIRE(consumer->assign(assignment).ok());
    newest_value out;
    const bool at_end = poll_until(30s, [&] {
        auto polled = consumer->poll(200ms);
        if (polled.ok() && polled->has_value() && (*polled)->key() == key)
            out = (*polled)->value() ? std::optional<std::string>(*(*polled)->value()) : std::nullopt;
        auto at = consumer->position(partitions);
        if (!at.ok() || at->size() != ends.size()) return false;
        for (std::size_t i = 0; i < ends.size(); ++i)
            if (ends[i] > 0 && (*at)[i].offset < ends[i]) return false;
        return true;
    });
    REQUIRE(at_end);
    return out;
}

std::string connector_config(const fs::path& file, const std::string& topic, const std::string& extra) {
    return R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" + file.string() +
           R"(","topic":")" + topic + R"(")" + extra + "}";
}

// Lines appended to a file, numbered on from the last.
struct input_file {
    fs::path path;
    int lines = 0;
    void append(int count) {
        append_to_file(path, numbered_lines("line", lines + 1, count));
        lines += count;
    }
};

bool all_arrived(committed_reader& reader, const input_file& input) {
    return poll_until(60s, [&] {
        reader.drain(200ms);
        return reader.copies().size() >= static_cast<std::size_t>(input.lines);
    });
}

// Every line once in the topic: checked after a read to the last stable offset.
void check_exactly_once(committed_reader& reader, const input_file& input, const char* what) {
    CHECK(reader.read_to_end(30s));
    const auto [missing, duplicated] = reader.count(file_lines(input.path));
    std::cout << what << ": " << reader.records() << " records of " << input.lines << " lines, " << missing
              << " missing, " << duplicated << " duplicates\n";
    CHECK(missing == 0);
    CHECK(duplicated == 0);
}

// GET /connectors/<c>/offsets shows `value` for the file's partition.
bool rest_shows(distributed_workers& cluster, const std::string& connector, const fs::path& file,
                const std::string& value) {
    const auto reply = cluster.call(any_running(cluster), "GET", "/connectors/" + connector + "/offsets");
    if (reply.status != 200) return false;
    const std::string expected =
        R"({"offsets":[{"partition":{"filename":")" + file.string() + R"("},"offset":)" + value + "}]}";
    auto body = json::parse(reply.body);
    auto want = json::parse(expected);
    return body.ok() && want.ok() && *body == *want;
}

// Within 30 s, the newest offset under `key` in `offsets_topic` is the file's size.
bool holds_position(const std::string& offsets_topic, const std::string& key, const fs::path& file) {
    return poll_until(30s, [&] { return newest(offsets_topic, key) == newest_value(offset_value(file)); });
}

// Creates the connector (201) and waits until the file's lines are in the reader's topic.
void create_and_read(distributed_workers& cluster, const std::string& connector, const std::string& config,
                     committed_reader& reader, const input_file& input) {
    const auto created = cluster.call(0, "PUT", "/connectors/" + connector + "/config", config);
    INFO(created.body);
    REQUIRE(created.status == 201);
    REQUIRE(all_arrived(reader, input));
}

}  // namespace

TEST_CASE("connector offsets topic: an exactly-once task writes and resumes from its own topic", "[cluster]") {
    distributed_workers cluster({.workers = 2,
                                 .extra_properties = "exactly.once.source.support=enabled\n"
                                                     "scheduled.rebalance.max.delay.ms=0\n"});
    logs_on_failure print_logs(cluster);
    const std::string source = "own-offsets-eos";
    const std::string topic = unique_name("own-offsets-eos");
    const std::string own_topic = unique_name("own-offsets-eos-offsets");
    input_file input{cluster.dir().path() / "input.txt"};
    input.append(1'000);

    committed_reader reader(topic);
    create_and_read(cluster, source,
                    connector_config(input.path, topic,
                                     R"(,"exactly.once.support":"required","offsets.storage.topic":")" + own_topic +
                                         R"(")"),
                    reader, input);

    // The committed offsets are in the connector's topic, with Kafka's key and value, and copied
    // to the worker's topic (Kafka's secondary write).
    const std::string key = offset_key(source, input.path);
    REQUIRE(holds_position(own_topic, key, input.path));
    CHECK(holds_position(cluster.offset_topic(), key, input.path));
    CHECK(poll_until(30s, [&] { return rest_shows(cluster, source, input.path, offset_value(input.path)); }));

    // The task's worker dies; the other one resumes from the connector's topic.
    std::optional<int> victim;
    REQUIRE(poll_until(30s, [&] { return (victim = single_task_worker(cluster, source)).has_value(); }));
    cluster.kill(*victim);
    input.append(1'000);
    REQUIRE(poll_until(60s, [&] {
        auto owner = single_task_worker(cluster, source);
        return owner.has_value() && *owner != *victim;
    }));
    CHECK(all_arrived(reader, input));
    check_exactly_once(reader, input, "own offsets topic, exactly-once");
    CHECK(holds_position(own_topic, key, input.path));
    CHECK(poll_until(30s, [&] { return rest_shows(cluster, source, input.path, offset_value(input.path)); }));
}

TEST_CASE("connector offsets topic: a connector given its own topic resumes from the worker's topic", "[cluster]") {
    distributed_workers cluster({.workers = 2, .extra_properties = "exactly.once.source.support=enabled\n"});
    logs_on_failure print_logs(cluster);
    const std::string source = "own-offsets-fallback";
    const std::string topic = unique_name("own-offsets-fallback");
    const std::string own_topic = unique_name("own-offsets-fallback-offsets");
    input_file input{cluster.dir().path() / "input.txt"};
    input.append(1'000);
    const std::string eos = R"(,"exactly.once.support":"required")";

    committed_reader reader(topic);
    create_and_read(cluster, source, connector_config(input.path, topic, eos), reader, input);
    const std::string key = offset_key(source, input.path);
    REQUIRE(holds_position(cluster.offset_topic(), key, input.path));
    const auto first_position = offset_value(input.path);

    // Its own topic from now on: the new task finds nothing there and reads the worker's topic.
    const auto put = cluster.call(0, "PUT", "/connectors/" + source + "/config",
                       connector_config(input.path, topic, eos + R"(,"offsets.storage.topic":")" + own_topic + R"(")"));
    INFO(put.body);
    REQUIRE(put.status == 200);
    REQUIRE(poll_until(60s, [&] {
        const auto log0 = cluster.log(0) + cluster.log(1);
        return log0.find("Checking the offsets topic " + own_topic) != std::string::npos &&
               single_task_worker(cluster, source).has_value();
    }));
    input.append(1'000);
    CHECK(all_arrived(reader, input));
    check_exactly_once(reader, input, "own offsets topic after the worker's");
    CHECK(holds_position(own_topic, key, input.path));
    CHECK(first_position != offset_value(input.path));
}

TEST_CASE("connector offsets topic: a task without exactly-once flushes to its own topic and resumes", "[cluster]") {
    distributed_workers cluster({.workers = 1, .extra_properties = ""});
    logs_on_failure print_logs(cluster);
    const std::string source = "own-offsets-plain";
    const std::string topic = unique_name("own-offsets-plain");
    const std::string own_topic = unique_name("own-offsets-plain-offsets");
    input_file input{cluster.dir().path() / "input.txt"};
    input.append(1'000);

    committed_reader reader(topic);
    create_and_read(cluster, source,
                    connector_config(input.path, topic, R"(,"offsets.storage.topic":")" + own_topic + R"(")"), reader,
                    input);
    const std::string key = offset_key(source, input.path);
    REQUIRE(holds_position(own_topic, key, input.path));
    CHECK(poll_until(30s, [&] { return rest_shows(cluster, source, input.path, offset_value(input.path)); }));

    // A clean stop flushes the offsets; the restarted worker's task resumes from its own topic.
    CHECK(cluster.stop(0) == 0);
    input.append(1'000);
    cluster.start(0);
    CHECK(all_arrived(reader, input));
    check_exactly_once(reader, input, "own offsets topic, without exactly-once");
    CHECK(holds_position(own_topic, key, input.path));
    CHECK(holds_position(cluster.offset_topic(), key, input.path));  // the copy

    // A reset through REST deletes the offset from both topics.
    REQUIRE(cluster.call(0, "PUT", "/connectors/" + source + "/stop").status == 204);
    REQUIRE(poll_until(30s, [&] { return cluster.connector_state(0, source) == "STOPPED"; }));
    const auto reset = cluster.call(0, "DELETE", "/connectors/" + source + "/offsets");
    INFO(reset.body);
    CHECK(reset.status == 200);
    const newest_value tombstone{std::optional<std::string>()};
    CHECK(newest(own_topic, key) == tombstone);
    CHECK(newest(cluster.offset_topic(), key) == tombstone);
    const auto shown = cluster.call(0, "GET", "/connectors/" + source + "/offsets");
    CHECK(shown.status == 200);
    CHECK(json::parse(shown.body).ok());
    CHECK(*json::parse(shown.body) == *json::parse(R"({"offsets":[]})"));
}

TEST_CASE("connector offsets topic: the connector reads its own topic, then the worker's", "[cluster]") {
    distributed_workers cluster({.workers = 1, .extra_properties = ""});
    logs_on_failure print_logs(cluster);
    const std::string source = "probe-offsets";
    const std::string own_topic = unique_name("probe-offsets-offsets");
    auto client = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap_servers()}});
    REQUIRE(client.ok());
    auto admin = rdkafka::admin_client::create(*client);
    REQUIRE(admin.ok());
    storage::internal_topic_spec spec{own_topic, "offsets.storage.topic", 1, 1, {}};
    REQUIRE(storage::ensure_internal_topic(*admin, spec, 30s).ok());

    // Offsets of the connector's file partitions: some in its own topic, some in the worker's.
    auto producer = rdkafka::producer::create(*client);
    REQUIRE(producer.ok());
    const auto write = [&](const std::string& topic, const std::string& file, int position) {
        const std::string key = offset_key(source, file);
        const std::string value = R"({"position":)" + std::to_string(position) + "}";
        REQUIRE(producer->produce({.topic = topic, .key = key, .value = value}).ok());
    };
    write(own_topic, "/own", 11);
    write(own_topic, "/both", 22);
    write(cluster.offset_topic(), "/both", 99);
    write(cluster.offset_topic(), "/worker", 33);
    REQUIRE(producer->flush(30s).ok());

    const auto created = cluster.call(
        0, "PUT", "/connectors/" + source + "/config",
        R"({"connector.class":"org.copycat.test.TaskProbeSourceConnector","tasks.max":"1","probe.dir":")" +
            cluster.dir().path().string() + R"(","probe.offset.files":"/own,/both,/worker,/nowhere",)" +
            R"("offsets.storage.topic":")" + own_topic + R"("})");
    INFO(created.body);
    REQUIRE(created.status == 201);
    const fs::path recorded = cluster.dir().path() / "connector.offsets";
    REQUIRE(poll_until(30s, [&] { return fs::exists(recorded) && count_lines(recorded) == 4; }));
    CHECK(file_lines(recorded) == std::vector<std::string>{"/own 11", "/both 22", "/worker 33", "/nowhere none"});
}
