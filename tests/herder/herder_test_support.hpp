#pragma once
// A standalone herder over a fake worker and the test connectors, and a way to wait for an
// asynchronous herder answer (bounded: a herder that never answers fails the test).

#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <memory>

#include "fake_worker.hpp"
#include "herder/memory_status_store.hpp"
#include "herder/standalone_herder.hpp"
#include "herder/status_recorder.hpp"
#include "loader/plugin_registry.hpp"
#include "test_plugins.hpp"

namespace copycat::herder::testing {

inline constexpr const char* test_worker_id = "127.0.0.1:8083";

// Calls `op(callback)` and waits (at most 10 s) for the callback's outcome.
template <class T, class Op>
outcome<T> await(Op&& op) {
    auto promise = std::make_shared<std::promise<outcome<T>>>();
    auto answer = promise->get_future();
    op([promise](outcome<T> r) { promise->set_value(std::move(r)); });
    REQUIRE(answer.wait_for(std::chrono::seconds(10)) == std::future_status::ready);
    return answer.get();
}

struct herder_fixture {
    loader::plugin_registry plugins;
    memory_status_store statuses{test_worker_id};
    status_recorder recorder{statuses};
    fake_worker worker{recorder};
    std::unique_ptr<standalone_herder> herder;

    // providers: the worker's config providers (config.providers), none by default.
    explicit herder_fixture(std::shared_ptr<const runtime::config_transformer> providers = nullptr) {
        register_test_plugins(plugins);
        herder = std::make_unique<standalone_herder>(
            worker, plugins, statuses,
            standalone_herder_options{.kafka_cluster_id = "test-cluster-id", .config_providers = std::move(providers)});
        recorder.on_reconfiguration([this](const std::string& c) { herder->request_task_reconfiguration(c); });
        herder->start();
        herder->mark_ready();
    }
    ~herder_fixture() {
        herder->stop();
        recorder.on_reconfiguration(nullptr);
    }

    static string_map source_config(const std::string& name, const std::string& topic = "events") {
        return {{"name", name}, {"connector.class", "TestSource"}, {"tasks.max", "2"}, {"topic", topic}};
    }

    outcome<created_connector> create(const std::string& name, string_map config,
                                      std::optional<target_state> initial = std::nullopt, bool allow_replace = false) {
        return await<created_connector>(
            [&](auto cb) { herder->put_connector_config(name, std::move(config), initial, allow_replace, cb); });
    }
    outcome<connector_state_info> status(const std::string& name) {
        return await<connector_state_info>([&](auto cb) { herder->connector_status(name, cb); });
    }
};

}  // namespace copycat::herder::testing
