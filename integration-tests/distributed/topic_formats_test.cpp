// The internal topics of a two-worker cluster read back with a plain consumer: after a file source
// and a file sink ran (and the source was paused and resumed), the config, status and offset
// topics hold Kafka Connect's keys and JSON values (docs/internal-topics.md), so a Java
// worker could share them.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "distributed/distributed_workers.hpp"
#include "distributed/topic_reader.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

// The values written under `key`, oldest first (tombstones as nullopt).
std::vector<std::optional<std::string>> values_of(const std::vector<topic_record>& records, const std::string& key) {
    std::vector<std::optional<std::string>> out;
    for (const auto& r : records)
        if (r.key == key) out.push_back(r.value);
    return out;
}

// The newest value under `key`, parsed; a failed REQUIRE when there is none or it is no JSON.
json::value latest_json(const std::vector<topic_record>& records, const std::string& key) {
    const auto values = values_of(records, key);
    INFO("key " << key);
    REQUIRE(!values.empty());
    REQUIRE(values.back().has_value());
    auto parsed = json::parse(*values.back());
    INFO("value " << *values.back());
    REQUIRE(parsed.ok());
    return std::move(*parsed);
}

std::set<std::string> member_names(const json::value& v) {
    std::set<std::string> names;
    if (v.is_object())
        for (const auto& m : v.as_object()) names.insert(m.name);
    return names;
}

// {"properties":{...}} with string values only; returns the properties.
const json::value& properties_of(const json::value& v) {
    INFO(json::dump(v));
    REQUIRE(member_names(v) == std::set<std::string>{"properties"});
    const json::value& props = *v.find("properties");
    REQUIRE(props.is_object());
    for (const auto& m : props.as_object()) {
        INFO("property " << m.name);
        CHECK(m.val.is_string());
    }
    return props;
}

std::string string_at(const json::value& object, std::string_view key) {
    const json::value* v = object.find(key);
    return v != nullptr && v->is_string() ? v->as_string() : "<absent or not a string>";
}

// A status value: exactly state, trace, worker_id, generation and (KIP-891) the plugin's version; the
// state RUNNING on one of the cluster's workers, no trace.
void check_running_status(const json::value& v, const std::set<std::string>& worker_ids) {
    INFO(json::dump(v));
    CHECK(member_names(v) == std::set<std::string>{"state", "trace", "worker_id", "generation", "version"});
    CHECK_FALSE(string_at(v, "version").empty());
    CHECK(string_at(v, "state") == "RUNNING");
    REQUIRE(v.find("trace") != nullptr);
    CHECK(v.find("trace")->is_null());
    CHECK(worker_ids.contains(string_at(v, "worker_id")));
    REQUIRE(v.find("generation") != nullptr);
    REQUIRE(v.find("generation")->is_integer());
    CHECK(v.find("generation")->as_int64() >= 0);
}

std::string state_of(distributed_workers& cluster, const std::string& connector) {
    const auto tasks = cluster.tasks(0, connector);
    const std::string state = cluster.connector_state(0, connector);
    if (tasks.size() != 1 || tasks[0].state != state) return "?";
    return state;
}

}  // namespace

TEST_CASE("the config, status and offset topics hold Kafka Connect's records", "[cluster]") {
    distributed_workers cluster({.workers = 2, .extra_properties = ""});
    const fs::path input = cluster.dir().path() / "input.txt";
    const fs::path output = cluster.dir().path() / "output.txt";
    const std::string topic = unique_name("formats-lines");
    const std::string source = "formats-source";
    const std::string sink = "formats-sink";
    const std::string text = numbered_lines("formats", 1, 5);
    append_to_file(input, text);
    const auto input_size = static_cast<std::int64_t>(fs::file_size(input));
    const std::set<std::string> worker_ids{cluster.worker_id(0), cluster.worker_id(1)};
    logs_on_failure print_logs(cluster);

    const std::string source_config = R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" +
                                      input.string() + R"(","topic":")" + topic + R"("})";
    const std::string sink_config = R"({"connector.class":"FileStreamSink","tasks.max":"1","file":")" +
                                    output.string() + R"(","topics":")" + topic + R"("})";
    REQUIRE(cluster.call(1, "PUT", "/connectors/" + source + "/config", source_config).status == 201);
    REQUIRE(
        cluster.call(0, "POST", "/connectors", R"({"name":")" + sink + R"(","config":)" + sink_config + "}").status ==
        201);
    REQUIRE(poll_until(60s, [&] { return state_of(cluster, source) == "RUNNING"; }));

    REQUIRE(cluster.call(1, "PUT", "/connectors/" + source + "/pause").status == 202);
    REQUIRE(poll_until(30s, [&] { return state_of(cluster, source) == "PAUSED"; }));
    REQUIRE(cluster.call(0, "PUT", "/connectors/" + source + "/resume").status == 202);
    REQUIRE(poll_until(30s, [&] { return state_of(cluster, source) == "RUNNING"; }));
    REQUIRE(poll_until(60s, [&] { return state_of(cluster, sink) == "RUNNING"; }));
    REQUIRE(poll_until(60s, [&] { return file_lines(output).size() >= 5; }));
    CHECK(file_lines(output) == file_lines(input));

    // The source offset is committed every offset.flush.interval.ms (500 ms).
    const std::string offset_key =
        "[" + json::dump(json::value(source)) + R"(,{"filename":)" + json::dump(json::value(input.string())) + "}]";
    const std::string offset_value = R"({"position":)" + std::to_string(input_size) + "}";
    std::int32_t offset_partitions = 0;
    std::vector<topic_record> offsets;
    const bool committed = poll_until(30s, [&] {
        offsets = read_topic(cluster.offset_topic(), &offset_partitions);
        const auto values = values_of(offsets, offset_key);
        return !values.empty() && values.back() == offset_value;
    });
    {
        std::string seen;
        for (const auto& r : offsets) seen += r.key + " = " + r.value.value_or("<null>") + "\n";
        INFO("offset topic records:\n" << seen);
        CHECK(committed);
        for (const auto& r : offsets) CHECK(r.key == offset_key);  // only the source has offsets
        CHECK(offset_partitions == 5);
    }

    std::int32_t config_partitions = 0;
    const auto configs = read_topic(cluster.config_topic(), &config_partitions);
    std::string config_dump;
    for (const auto& r : configs) config_dump += r.key + " = " + r.value.value_or("<null>") + "\n";
    INFO("config topic records:\n" << config_dump);
    CHECK(config_partitions == 1);
    for (const auto& r : configs) {
        INFO("config key " << r.key);
        const bool known = r.key.starts_with("connector-") || r.key.starts_with("task-") ||
                           r.key.starts_with("commit-") || r.key.starts_with("target-state-") || r.key == "session-key";
        CHECK(known);
    }

    {
        const json::value props = properties_of(latest_json(configs, "connector-" + source));
        CHECK(string_at(props, "name") == source);
        CHECK(string_at(props, "connector.class") == "FileStreamSource");
        CHECK(string_at(props, "tasks.max") == "1");
        CHECK(string_at(props, "file") == input.string());
        CHECK(string_at(props, "topic") == topic);
        const json::value task = properties_of(latest_json(configs, "task-" + source + "-0"));
        CHECK(string_at(task, "file") == input.string());
        CHECK(string_at(task, "topic") == topic);
        CHECK(json::dump(latest_json(configs, "commit-" + source)) == R"({"tasks":1})");
        CHECK(values_of(configs, "task-" + source + "-1").empty());
    }
    {
        const json::value props = properties_of(latest_json(configs, "connector-" + sink));
        CHECK(string_at(props, "name") == sink);
        CHECK(string_at(props, "connector.class") == "FileStreamSink");
        CHECK(string_at(props, "topics") == topic);
        const json::value task = properties_of(latest_json(configs, "task-" + sink + "-0"));
        CHECK(string_at(task, "file") == output.string());
        CHECK(json::dump(latest_json(configs, "commit-" + sink)) == R"({"tasks":1})");
    }
    {
        // Paused, then resumed: a PAUSED record, and the newest one STARTED.
        std::vector<std::string> states;
        for (const auto& value : values_of(configs, "target-state-" + source)) {
            REQUIRE(value.has_value());
            auto v = json::parse(*value);
            REQUIRE(v.ok());
            INFO(*value);
            CHECK((member_names(*v) == std::set<std::string>{"state"} ||
                   member_names(*v) == std::set<std::string>{"state", "state.v2"}));
            if (const json::value* v2 = v->find("state.v2")) CHECK(json::dump(*v2) == json::dump(*v->find("state")));
            states.push_back(string_at(*v, "state"));
        }
        REQUIRE(states.size() >= 2);
        CHECK(states[states.size() - 2] == "PAUSED");
        CHECK(states.back() == "STARTED");
    }

    std::int32_t status_partitions = 0;
    const auto statuses = read_topic(cluster.status_topic(), &status_partitions);
    std::string status_dump;
    for (const auto& r : statuses) status_dump += r.key + " = " + r.value.value_or("<null>") + "\n";
    INFO("status topic records:\n" << status_dump);
    CHECK(status_partitions == 3);
    for (const std::string& c : {source, sink}) {
        check_running_status(latest_json(statuses, "status-connector-" + c), worker_ids);
        check_running_status(latest_json(statuses, "status-task-" + c + "-0"), worker_ids);
    }
    // The pause was recorded for the connector and its task.
    for (const std::string& key : {"status-connector-" + source, "status-task-" + source + "-0"}) {
        bool paused = false;
        for (const auto& value : values_of(statuses, key)) {
            auto v = value ? json::parse(*value) : json::parse("null");
            if (v.ok() && string_at(*v, "state") == "PAUSED") paused = true;
        }
        INFO("key " << key);
        CHECK(paused);
    }
    for (const auto& r : statuses) {
        INFO("status key " << r.key);
        const bool known = r.key.starts_with("status-connector-") || r.key.starts_with("status-task-") ||
                           r.key.starts_with("status-topic-");
        CHECK(known);
    }
    std::cout << "topic formats: " << configs.size() << " config, " << statuses.size() << " status and "
              << offsets.size() << " offset records checked\n";
}

// Kafka's Worker.connectorTaskConfigs adds "task.class" (the connector's task class) to every task
// config it writes, and "topics" to a sink's; a Java worker sharing the config topic needs
// task.class to start a task (TaskConfig requires it).
TEST_CASE("task configs in the config topic name their task.class as Kafka's do", "[cluster]") {
    distributed_workers cluster({.workers = 1, .extra_properties = ""});
    logs_on_failure print_logs(cluster);
    const fs::path input = cluster.dir().path() / "input.txt";
    append_to_file(input, numbered_lines("task-class", 1, 1));
    const std::string topic = unique_name("task-class-lines");
    REQUIRE(cluster
                .call(0, "PUT", "/connectors/tc-source/config",
                      R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" + input.string() +
                          R"(","topic":")" + topic + R"("})")
                .status == 201);
    REQUIRE(cluster
                .call(0, "PUT", "/connectors/tc-sink/config",
                      R"({"connector.class":"FileStreamSink","tasks.max":"1","file":")" +
                          (cluster.dir().path() / "output.txt").string() + R"(","topics":")" + topic + R"("})")
                .status == 201);
    std::vector<topic_record> configs;
    REQUIRE(poll_until(30s, [&] {
        configs = read_topic(cluster.config_topic());
        return !values_of(configs, "commit-tc-source").empty() && !values_of(configs, "commit-tc-sink").empty();
    }));
    const json::value source_task = properties_of(latest_json(configs, "task-tc-source-0"));
    const json::value sink_task = properties_of(latest_json(configs, "task-tc-sink-0"));
    INFO("task-tc-source-0: " << json::dump(source_task) << "\ntask-tc-sink-0: " << json::dump(sink_task));
    CHECK(string_at(source_task, "task.class") == "org.apache.kafka.connect.file.FileStreamSourceTask");
    CHECK(string_at(sink_task, "task.class") == "org.apache.kafka.connect.file.FileStreamSinkTask");
    CHECK(string_at(sink_task, "topics") == topic);
}
