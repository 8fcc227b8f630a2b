#pragma once
// runtime_connector_worker: runtime::worker as the herder's connector_worker. A thin
// forwarding adapter; the herder stays testable with a fake while the application runs the real
// worker. Holds a reference to the worker (owned by the application, which outlives this).

#include <chrono>

#include "herder/connector_worker.hpp"
#include "runtime/offsets_admin.hpp"
#include "runtime/worker.hpp"
#include "runtime/zombie_fencer.hpp"

namespace copycat::app {

class runtime_connector_worker final : public herder::connector_worker {
public:
    // One InitProducerId per task (Kafka's Admin default.api.timeout.ms).
    static constexpr std::chrono::milliseconds fencing_timeout{60'000};

    // `offsets` serves the KIP-875 offsets endpoints (none: they answer unsupported).
    explicit runtime_connector_worker(runtime::worker& worker, const runtime::offsets_admin* offsets = nullptr)
        : worker_(worker), offsets_(offsets) {}

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

    // The three below get the stored config: its placeholders are resolved here.
    result<void> fence_zombies(const std::string& connector, const string_map& config, int task_count) override {
        COPYCAT_TRY(const string_map resolved, worker_.resolve_config(config));
        return runtime::fence_task_producers(worker_.config(), connector, resolved, task_count, fencing_timeout);
    }

    result<std::vector<runtime::connector_offset>> connector_offsets(const std::string& name,
                                                                     const string_map& config) override {
        if (offsets_ == nullptr) return connector_worker::connector_offsets(name, config);
        COPYCAT_TRY(const string_map resolved, worker_.resolve_config(config));
        return offsets_->offsets(name, resolved);
    }
    result<std::string> modify_connector_offsets(
        const std::string& name, const string_map& config,
        const std::optional<std::vector<runtime::connector_offset>>& offsets) override {
        if (offsets_ == nullptr) return connector_worker::modify_connector_offsets(name, config, offsets);
        COPYCAT_TRY(const string_map resolved, worker_.resolve_config(config));
        return offsets_->modify(name, resolved, offsets);
    }

private:
    runtime::worker& worker_;
    const runtime::offsets_admin* offsets_;
};

}  // namespace copycat::app
