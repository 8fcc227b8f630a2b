#pragma once
// task_ref and work_set: the units of work a Connect group hands out (Kafka's ConnectorTaskId and
// the connectors/tasks pair of ConnectProtocol.Assignment / WorkerCoordinator.ConnectorsAndTasks).
//
// A work_set is a value: sorted, duplicate-free vectors (normalize() restores that after edits).
// The order is byte order of the connector name, then the task number, which equals Java's
// String/ConnectorTaskId order for ASCII names (names with characters above U+FFFF may sort
// differently; nothing depends on Java's order across workers). Not thread-safe; copy freely.

#include <compare>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace copycat::coordination {

// One task of a connector: "<connector>-<task>".
struct task_ref {
    std::string connector;
    std::int32_t task = 0;

    auto operator<=>(const task_ref&) const = default;
    bool operator==(const task_ref&) const = default;
    // "c-0", as Kafka's ConnectorTaskId.toString().
    std::string to_string() const;
};

// A set of connector instances and tasks.
struct work_set {
    std::vector<std::string> connectors;  // sorted, unique
    std::vector<task_ref> tasks;          // sorted, unique

    bool empty() const noexcept { return connectors.empty() && tasks.empty(); }
    std::size_t size() const noexcept { return connectors.size() + tasks.size(); }
    bool contains(const std::string& connector) const;
    bool contains(const task_ref& task) const;
    // Sorts both vectors and drops duplicates.
    void normalize();
    // "connectors [a, b], tasks [a-0, b-1]" for logs.
    std::string to_string() const;

    bool operator==(const work_set&) const = default;
};

// Set algebra on normalized work sets; the results are normalized.
work_set union_of(const work_set& a, const work_set& b);
work_set difference(const work_set& a, const work_set& b);
work_set intersection(const work_set& a, const work_set& b);

// What a worker runs after an incremental assignment: (current - revoked) + assigned.
work_set apply_assignment(const work_set& current, const work_set& revoked, const work_set& assigned);

}  // namespace copycat::coordination
