#pragma once
// runtime_connector_worker: runtime::worker as the herder's connector_worker. A thin
// forwarding adapter; the herder stays testable with a fake while the application runs the real
// worker. Holds a reference to the worker (owned by the application, which outlives this).

#include "herder/connector_worker.hpp"
#include "runtime/worker.hpp"

namespace copycat::app {

class runtime_connector_worker final : public herder::connector_worker {
public:
    explicit runtime_connector_worker(runtime::worker& worker) : worker_(worker) {}

    result<void> start_connector(const std::string& name, const string_map& config,
                                 runtime::target_state initial) override {
        return worker_.start_connector(name, config, initial);
    }
    void stop_connector(const std::string& name) override { worker_.stop_connector(name); }
    bool is_connector_running(const std::string& name) const override { return worker_.is_connector_running(name); }
    result<std::vector<string_map>> connector_task_configs(const std::string& name) override {
        return worker_.connector_task_configs(name);
    }
    result<void> start_task(const runtime::task_id& id, const string_map& connector_config,
                            const string_map& task_config, runtime::target_state initial) override {
        return worker_.start_task(id, connector_config, task_config, initial);
    }
    void stop_tasks(const std::vector<runtime::task_id>& ids) override { worker_.stop_tasks(ids); }
    void set_target_state(const std::string& connector, runtime::target_state state) override {
        worker_.set_target_state(connector, state);
    }
    void stop() override { worker_.stop(); }

private:
    runtime::worker& worker_;
};

}  // namespace copycat::app
