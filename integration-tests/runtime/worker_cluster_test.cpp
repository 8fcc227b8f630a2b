// The worker against a real broker: a source task produces through Kafka to a sink task, every
// record arrives in order, source offsets land in a file_offset_store, and after a worker
// restart the source resumes from the stored offset and the sink from its committed group
// offsets (no record lost, none twice). Also prints records/s through the whole path.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <random>

#include "kafka/rdkafka/admin_client.hpp"
#include "runtime/source_offset_codec.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/worker.hpp"
#include "storage/file_offset_store.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 60s;
const std::string string_converter = "org.apache.kafka.connect.storage.StringConverter";

void create_topic(const std::string& topic, int partitions) {
    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", itest::bootstrap_servers()}});
    REQUIRE(config.ok());
    auto admin = rdkafka::admin_client::create(*config);
    REQUIRE(admin.ok());
    auto created = admin->create_topic({.name = topic, .partitions = partitions, .replication_factor = 1}, 30s);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

struct temp_file {
    std::filesystem::path path;
    temp_file() {
        path = std::filesystem::temp_directory_path() /
               ("copycat-worker-offsets-" + std::to_string(::getpid()) + "-" + std::to_string(std::random_device{}()));
    }
    ~temp_file() {
        std::error_code ignored;
        std::filesystem::remove(path, ignored);
    }
};

// One worker process's worth of state: registry, offset file, listener, worker.
struct running_worker {
    loader::plugin_registry registry;
    storage::file_offset_store offsets;
    testing::recording_listener listener;
    std::unique_ptr<worker> w;

    explicit running_worker(const std::string& offsets_path) : offsets(offsets_path) {
        testing::register_test_plugins(registry);
        REQUIRE(offsets.start().ok());
        worker_config config;
        config.bootstrap_servers = itest::bootstrap_servers();
        config.key_converter = string_converter;
        config.value_converter = string_converter;
        config.offset_flush_interval = 500ms;
        config.originals = {{"producer.linger.ms", "5"}, {"consumer.max.poll.records", "1000"}};
        w = std::make_unique<worker>(config, registry, offsets, listener);
    }

    ~running_worker() {
        w.reset();
        offsets.stop();
    }

    task_id start(const std::string& name, const string_map& config) {
        REQUIRE(w->start_connector(name, config, target_state::started).ok());
        auto configs = w->connector_task_configs(name);
        REQUIRE(configs.ok());
        REQUIRE(configs->size() == 1);
        task_id id{name, 0};
        REQUIRE(w->start_task(id, config, configs->front(), target_state::started).ok());
        REQUIRE(listener.wait_for_task(id, run_state::running, deadline));
        return id;
    }
};

string_map source_config(const std::string& name, const std::string& topic, int records) {
    return {{"name", name},        {"connector.class", "test.CountingSource"},
            {"topic", topic},      {"records", std::to_string(records)},
            {"batch.size", "500"}, {"source.partition", name}};
}

string_map sink_config(const std::string& name, const std::string& topic, const std::string& collector) {
    return {{"name", name}, {"connector.class", "test.CollectingSink"}, {"topics", topic}, {"collector", collector}};
}

struct offset_store_view {
    const storage::offset_store& store;
};

std::optional<std::int64_t> stored_position(const offset_store_view& view, const std::string& connector,
                                            const std::string& partition) {
    source_offset_codec codec;
    auto found = view.store.get({codec.encode_key(connector, {{"source", value(partition)}})});
    if (found.empty()) return std::nullopt;
    return codec.decode_value(found.begin()->second)->at("position").to_int64();
}
}  // namespace

TEST_CASE("source -> Kafka -> sink delivers every record in order, and both resume after a worker restart") {
    const auto topic = itest::unique_name("runtime-flow");
    create_topic(topic, 1);
    const auto source = itest::unique_name("src");
    const auto sink = itest::unique_name("sink");
    const auto collector = itest::unique_name("collector");
    const auto source_partition = source + "0";  // the connector numbers its task's partition
    temp_file offsets_file;
    auto got = testing::collector_named(collector);

    {
        running_worker first(offsets_file.path.string());
        first.start(source, source_config(source, topic, 1000));
        first.start(sink, sink_config(sink, topic, collector));
        REQUIRE(got->wait_for(1000, deadline));
        REQUIRE(testing::eventually([&] { return stored_position({first.offsets}, source, source_partition) == 999; },
                                    deadline));
    }  // the worker stops: final offset commits, group offsets committed

    running_worker second(offsets_file.path.string());  // reloads the offsets file
    CHECK(stored_position({second.offsets}, source, source_partition) == 999);
    second.start(source, source_config(source, topic, 1500));
    second.start(sink, sink_config(sink, topic, collector));
    REQUIRE(got->wait_for(1500, deadline));
    REQUIRE(testing::eventually([&] { return stored_position({second.offsets}, source, source_partition) == 1499; },
                                deadline));
    second.w->stop();

    const auto values = got->values();
    REQUIRE(values.size() == 1500);  // nothing twice: the source and the sink both resumed
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (values[i] != "record-" + std::to_string(i)) {
            FAIL("record " << i << " is " << values[i]);
        }
    }
    for (const auto& r : got->records()) CHECK(r.topic == topic);
}

TEST_CASE("throughput: records/s of a source task into Kafka and of a sink task out of it") {
    const int records = 200000;
    const auto topic = itest::unique_name("runtime-bench");
    create_topic(topic, 1);
    const auto source = itest::unique_name("bench-src");
    const auto sink = itest::unique_name("bench-sink");
    const auto collector = itest::unique_name("bench-collector");
    temp_file offsets_file;
    running_worker w(offsets_file.path.string());
    auto got = testing::collector_named(collector);
    using clock = std::chrono::steady_clock;

    // Source: poll -> convert -> produce -> acknowledged (commit_record) for every record.
    const auto source_started = clock::now();
    w.start(source, source_config(source, topic, records));
    REQUIRE(testing::eventually([&] { return testing::source_acks(source + "0") == records; }, 120s));
    const double source_seconds = std::chrono::duration<double>(clock::now() - source_started).count();

    // Sink: from the first record delivered (the group join is not counted) to the last.
    w.start(sink, sink_config(sink, topic, collector));
    REQUIRE(got->wait_for(1, deadline));
    const auto sink_started = clock::now();
    REQUIRE(got->wait_for(records, 120s));
    const double sink_seconds = std::chrono::duration<double>(clock::now() - sink_started).count();

    WARN("source task -> Kafka (acked): " << records << " records in " << source_seconds
                                          << " s = " << static_cast<long>(records / source_seconds) << " records/s");
    WARN("Kafka -> sink task (put): " << records << " records in " << sink_seconds
                                      << " s = " << static_cast<long>(records / sink_seconds) << " records/s");
    REQUIRE(testing::eventually([&] { return stored_position({w.offsets}, source, source + "0") == records - 1; },
                                deadline));
}
