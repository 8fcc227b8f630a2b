#pragma once
// A distributed herder without Kafka, for the herder tests: its config and status stores sit on
// in-memory logs, the group is simulated by handing it assignments, and the worker is a fake.

#include <catch2/catch.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <thread>

#include "fake_worker.hpp"
#include "herder/cluster_status_store.hpp"
#include "herder/distributed_herder.hpp"
#include "herder/status_recorder.hpp"
#include "herder_test_support.hpp"
#include "loader/plugin_registry.hpp"
#include "net/io_thread.hpp"
#include "storage/config_listener_relay.hpp"
#include "storage/kafka_config_store.hpp"
#include "storage/kafka_status_store.hpp"
#include "storage/memory_record_log.hpp"
#include "test_plugins.hpp"

namespace copycat::herder::testing {

namespace co = copycat::coordination;
using namespace std::chrono_literals;

inline constexpr const char* self_id = "member-1";
inline constexpr const char* self_url = "http://127.0.0.1:8083/";

inline bool eventually(const std::function<bool()>& done) {
    const auto deadline = std::chrono::steady_clock::now() + 10s;
    while (std::chrono::steady_clock::now() < deadline) {
        if (done()) return true;
        std::this_thread::sleep_for(5ms);
    }
    return done();
}

struct distributed_fixture {
    loader::plugin_registry plugins;
    storage::config_listener_relay relay;
    storage::kafka_config_store configs{std::make_unique<storage::memory_record_log>(), relay};
    net::io_thread io;  // the status store's retries
    storage::kafka_status_store status_topic{std::make_unique<storage::memory_record_log>(), io.timers()};
    cluster_status_store statuses{status_topic, test_worker_id};
    status_recorder recorder{statuses};
    fake_worker worker{recorder};
    std::unique_ptr<distributed_herder> herder;
    std::int32_t generation = 0;

    distributed_fixture() {
        register_test_plugins(plugins);
        REQUIRE(configs.start().ok());
        REQUIRE(status_topic.start().ok());
        herder = std::make_unique<distributed_herder>(
            worker, plugins, configs, statuses,
            distributed_herder_options{.kafka_cluster_id = "test-cluster-id", .url = self_url, .write_wait = 300ms});
        relay.connect(herder.get());
        recorder.on_reconfiguration([this](const std::string& c) { herder->request_task_reconfiguration(c); });
        herder->start();
    }
    ~distributed_fixture() {
        herder->stop();
        relay.connect(nullptr);
        recorder.on_reconfiguration(nullptr);
    }

    // Hands the herder a completed rebalance, as the coordinator would.
    void assign(co::work_set assigned, co::work_set revoked = {}, const std::string& leader = self_id,
                const std::string& leader_url = self_url) {
        co::connect_assignment a;
        a.leader = leader;
        a.leader_url = leader_url;
        a.config_offset = configs.offset();
        a.assigned = std::move(assigned);
        a.revoked = std::move(revoked);
        herder->on_assignment(a, a.assigned, ++generation, self_id, co::connect_protocol::sessioned);
    }

    outcome<created_connector> put(const std::string& name, string_map config, bool allow_replace = false) {
        return await<created_connector>(
            [&](auto cb) { herder->put_connector_config(name, std::move(config), std::nullopt, allow_replace, cb); });
    }

    static string_map source_config(const std::string& name, int tasks) {
        return {{"name", name}, {"connector.class", "TestSource"}, {"tasks.max", std::to_string(tasks)},
                {"topic", "events"}};
    }
};


}  // namespace copycat::herder::testing
