#pragma once
// connector_worker: the part of the worker a herder drives (Kafka: the Worker methods the
// herders call). The application adapts runtime::worker to it; tests use a fake. Keeping the
// herder on this small interface lets its flows be tested without threads, plugins or Kafka.
//
// Contract (as runtime::worker documents it): methods are thread-safe; stop methods block until
// the work stopped (or the graceful timeout passed); state changes are reported through the
// status_listener the worker was built with, never through return values alone.

#include <optional>
#include <string>
#include <vector>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "runtime/offsets_admin.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::herder {

class connector_worker {
public:
    virtual ~connector_worker() = default;

    // Starts a connector in `initial` state; a failure is reported FAILED and returned.
    virtual result<void> start_connector(const std::string& name, const string_map& config, target_state initial) = 0;
    // Stops and forgets a connector instance (not its tasks); no-op when it does not run here.
    virtual void stop_connector(const std::string& name) = 0;
    virtual bool is_connector_running(const std::string& name) const = 0;
    // At most tasks.max task configs from a started connector.
    virtual result<std::vector<string_map>> connector_task_configs(const std::string& name) = 0;

    virtual result<void> start_task(const task_id& id, const string_map& connector_config,
                                    const string_map& task_config, target_state initial) = 0;
    // Stops the tasks (all signalled first, then awaited), committing their offsets.
    virtual void stop_tasks(const std::vector<task_id>& ids) = 0;

    // Pauses, resumes or stops a connector and its tasks.
    virtual void set_target_state(const std::string& connector, target_state state) = 0;

    // Stops everything.
    virtual void stop() = 0;

    // KIP-618: fences the producers of the connector's source tasks 0..task_count-1
    // (runtime::fence_task_producers). Blocks on the broker: called off the herder's loop thread.
    virtual result<void> fence_zombies(const std::string& connector, const string_map& config, int task_count) {
        (void)connector;
        (void)config;
        (void)task_count;
        return make_error(errc::unsupported, "This worker cannot fence task producers");
    }
    // KIP-875 offsets of a connector (runtime::offsets_admin). These block on the offset store or
    // the broker: the herder calls them off its loop thread. Default: unsupported.
    virtual result<std::vector<connector_offset>> connector_offsets(const std::string& name, const string_map& config) {
        (void)name;
        (void)config;
        return make_error(errc::unsupported, "This worker cannot read connector offsets");
    }
    // Alters the given offsets, or resets all of them when `offsets` is nullopt; answers Kafka's
    // success message.
    virtual result<std::string> modify_connector_offsets(const std::string& name, const string_map& config,
                                                         const std::optional<std::vector<connector_offset>>& offsets) {
        (void)name;
        (void)config;
        (void)offsets;
        return make_error(errc::unsupported, "This worker cannot modify connector offsets");
    }
};

}  // namespace copycat::herder
