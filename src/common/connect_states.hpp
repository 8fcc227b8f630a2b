#pragma once
// The words the runtime, the herder and the REST layer share about connectors and tasks: task
// ids, the states Kafka Connect reports, the target states a herder asks for, and a partition's
// offset as the REST API shows it. Plain values; runtime/worker_state.hpp and
// runtime/offsets_admin.hpp name them in copycat::runtime too.

#include <compare>
#include <optional>
#include <string>
#include <string_view>

namespace copycat {

// What the user asked for (Kafka: TargetState). "started" is what REST calls RUNNING.
enum class target_state { started, paused, stopped };

// What a connector or task is doing (Kafka: AbstractStatus.State). Tasks never report STOPPED.
enum class run_state { unassigned, running, paused, stopped, failed, restarting };

// "UNASSIGNED", "RUNNING", "PAUSED", "STOPPED", "FAILED", "RESTARTING".
std::string_view run_state_name(run_state s);
// "STARTED", "PAUSED", "STOPPED".
std::string_view target_state_name(target_state s);

struct task_id {
    std::string connector;
    int task = 0;

    // "<connector>-<task>", as Kafka prints ConnectorTaskId.
    std::string to_string() const { return connector + "-" + std::to_string(task); }
    friend auto operator<=>(const task_id&, const task_id&) = default;
};

// One partition's offset as GET /connectors/{c}/offsets shows it (Kafka: ConnectorOffset).
struct connector_offset {
    std::string partition;              // a JSON object
    std::optional<std::string> offset;  // a JSON object; nullopt = null (reset the partition)
    friend bool operator==(const connector_offset&, const connector_offset&) = default;
};

}  // namespace copycat
