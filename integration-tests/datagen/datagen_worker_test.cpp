// The Datagen connector on the real `copycat standalone` binary against the real broker: with
// "iterations" set, exactly that many records per task arrive in the topic, as JsonConverter
// JSON (schema and payload) with the quickstart's fields and the key field as key; a worker
// restarted on the same offsets file goes on counting where the tasks stopped.
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using copycat::rest::testing::http_reply;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

constexpr auto start_deadline = 60s;
constexpr auto data_deadline = 60s;  // an upper bound for failing, never a measure of speed

// One record read back: its key, value and the headers the task set.
struct read_record {
    std::string key;
    std::string value;
    std::string task_id;
    std::string iteration;
    std::string generation;
};

std::string header(const rdkafka::message& m, std::string_view key) {
    const auto h = m.last_header(key);
    return h && *h ? std::string(**h) : std::string("(none)");
}

// The number of records in `topic` (sum of its partitions' high watermarks; 0 before it exists).
std::int64_t record_count(rdkafka::consumer& consumer, const std::string& topic) {
    const auto partitions = consumer.partition_count(topic, 5s);
    if (!partitions.ok()) return 0;
    std::int64_t count = 0;
    for (std::int32_t p = 0; p < *partitions; ++p) {
        const auto marks = consumer.query_watermarks(topic, p, 5s);
        if (!marks.ok()) return 0;
        count += marks->high - marks->low;
    }
    return count;
}

// Every record of `topic`, read to the high watermarks as they are now.
std::vector<read_record> read_all(rdkafka::consumer& consumer, const std::string& topic) {
    const std::int64_t expected = record_count(consumer, topic);
    const auto partitions = consumer.partition_count(topic, 5s);
    REQUIRE(partitions.ok());
    std::vector<rdkafka::topic_partition_offset> assignment;
    for (std::int32_t p = 0; p < *partitions; ++p) assignment.push_back({topic, p, rdkafka::offsets::beginning});
    REQUIRE(consumer.assign(assignment).ok());
    std::vector<read_record> out;
    const auto until = std::chrono::steady_clock::now() + data_deadline;
    while (static_cast<std::int64_t>(out.size()) < expected && std::chrono::steady_clock::now() < until) {
        auto polled = consumer.poll(200ms);
        if (!polled.ok() || !polled->has_value()) continue;
        const rdkafka::message& m = **polled;
        out.push_back({std::string(m.key().value_or("")), std::string(m.value().value_or("")), header(m, "task.id"),
                       header(m, "current.iteration"), header(m, "task.generation")});
    }
    REQUIRE(consumer.unassign().ok());
    return out;
}

// The "current.iteration"/"task.generation" of each task in GET .../offsets, as "task 0: 150/1; ...";
// the reason when there are none.
std::string offsets_text(std::uint16_t port, const std::string& connector) {
    test_client client(port);
    const http_reply r = client.request("GET", "/connectors/" + connector + "/offsets");
    if (r.status != 200) return "HTTP " + std::to_string(r.status) + " " + r.body;
    const json::value body = r.json();
    const json::value* offsets = body.find("offsets");
    if (offsets == nullptr || !offsets->is_array()) return "no offsets in " + r.body;
    std::map<std::int64_t, std::string> by_task;
    for (const json::value& entry : offsets->as_array()) {
        const json::value& offset = *entry.find("offset");
        by_task[entry.find("partition")->find("task.id")->as_int64()] =
            std::to_string(offset.find("current.iteration")->as_int64()) + "/" +
            std::to_string(offset.find("task.generation")->as_int64());
    }
    std::string text;
    for (const auto& [task, state] : by_task) text += "task " + std::to_string(task) + ": " + state + "; ";
    return text;
}

class datagen_worker {
public:
    datagen_worker() {
        worker_properties_ = standalone_worker_properties(
            dir, COPYCAT_DATAGEN_PLUGIN,
            "value.converter=org.apache.kafka.connect.json.JsonConverter\n"
            "value.converter.schemas.enable=true\n"
            "offset.flush.interval.ms=100\n");
    }

    // Starts a worker running the users quickstart with two tasks of `iterations` records each.
    std::uint16_t start(int iterations) {
        const std::string connector = dir.write("datagen.properties", "name=" + name +
                                                                          "\nconnector.class=Datagen\ntasks.max=2\n"
                                                                          "kafka.topic=" +
                                                                          topic +
                                                                          "\nquickstart=users\nmax.interval=0\n"
                                                                          "random.seed=11\niterations=" +
                                                                          std::to_string(iterations) + "\n");
        ++runs_;
        process_.emplace(std::vector<std::string>{"standalone", worker_properties_, connector},
                         dir.path() / ("worker-" + std::to_string(runs_) + ".log"));
        const auto port = process_->rest_port(start_deadline);
        INFO(process_->log());
        REQUIRE(port);
        return *port;
    }

    // Waits for the tasks' committed offsets, then stops the worker cleanly.
    void finish(std::uint16_t port, const std::string& expected_offsets) {
        std::string last;
        const bool committed =
            poll_until(data_deadline, [&] { return (last = offsets_text(port, name)) == expected_offsets; });
        INFO("offsets: " << last << "\nworker log:\n" << process_->log());
        CHECK(committed);
        CHECK(process_->terminate(30s) == 0);
    }

    temp_dir dir{"copycat-datagen"};
    const std::string topic = unique_name("datagen-users");
    const std::string name = unique_name("datagen");

private:
    std::string worker_properties_;
    std::optional<copycat_process> process_;
    int runs_ = 0;
};

}  // namespace

TEST_CASE("Datagen writes exactly 'iterations' records per task as JSON, and a restart goes on counting",
          "[cluster][datagen]") {
    auto config =
        rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap_servers()}, {"enable.auto.commit", "false"}});
    REQUIRE(config.ok());
    auto consumer = rdkafka::consumer::create(*config);
    REQUIRE(consumer.ok());
    datagen_worker worker;

    // First run: 2 tasks x 150 records.
    const auto port = worker.start(150);
    {
        test_client client(port);
        const json::value plugins = client.request("GET", "/connector-plugins").json();
        bool listed = false;
        for (const json::value& p : plugins.as_array()) {
            listed |= p.find("class")->as_string() == "io.copycat.connect.datagen.DatagenConnector" &&
                      p.find("type")->as_string() == "source" &&
                      p.find("version")->as_string() == COPYCAT_DATAGEN_VERSION;
        }
        CHECK(listed);
    }
    CHECK(poll_until(data_deadline, [&] { return record_count(*consumer, worker.topic) >= 300; }));
    worker.finish(port, "task 0: 150/1; task 1: 150/1; ");
    const auto first = read_all(*consumer, worker.topic);
    REQUIRE(first.size() == 300);

    std::map<std::string, std::set<std::string>> iterations_by_task;
    for (const read_record& r : first) {
        const auto parsed = json::parse(r.value);
        INFO(r.value);
        REQUIRE(parsed.ok());
        const json::value& schema = *parsed->find("schema");
        CHECK(schema.find("type")->as_string() == "struct");
        CHECK(schema.find("name")->as_string() == "ksql.users");
        std::vector<std::string> schema_fields;
        for (const json::value& f : schema.find("fields")->as_array()) {
            schema_fields.push_back(f.find("field")->as_string() + ":" + f.find("type")->as_string());
        }
        CHECK(schema_fields ==
              std::vector<std::string>{"registertime:int64", "userid:string", "regionid:string", "gender:string"});
        const json::value& payload = *parsed->find("payload");
        CHECK(payload.find("registertime")->is_integer());
        CHECK(payload.find("userid")->as_string().rfind("User_", 0) == 0);
        CHECK(payload.find("regionid")->as_string().rfind("Region_", 0) == 0);
        CHECK(std::set<std::string>{"MALE", "FEMALE", "OTHER"}.count(payload.find("gender")->as_string()) == 1);
        CHECK(r.key == payload.find("userid")->as_string());
        CHECK(r.generation == "0");
        iterations_by_task[r.task_id].insert(r.iteration);
    }
    REQUIRE(iterations_by_task.size() == 2);
    CHECK(iterations_by_task["0"].size() == 150);  // 0..149, each once
    CHECK(iterations_by_task["1"].size() == 150);

    // Second run on the same offsets file, with 200 records per task: 50 more each, counted on
    // from 150 by the next generation of each task.
    const auto port2 = worker.start(200);
    CHECK(poll_until(data_deadline, [&] { return record_count(*consumer, worker.topic) >= 400; }));
    worker.finish(port2, "task 0: 200/2; task 1: 200/2; ");
    const auto all = read_all(*consumer, worker.topic);
    REQUIRE(all.size() == 400);
    std::map<std::string, std::set<std::string>> resumed;
    for (std::size_t i = 300; i < all.size(); ++i) {
        CHECK(all[i].generation == "1");
        resumed[all[i].task_id].insert(all[i].iteration);
    }
    for (const auto& task : {"0", "1"}) {
        INFO("task " << task);
        REQUIRE(resumed[task].size() == 50);
        CHECK(*resumed[task].begin() == "150");  // as text: "150" < "151" < ... < "199"
        CHECK(*resumed[task].rbegin() == "199");
    }
}
