#pragma once
// worker_load and the load arithmetic of Kafka's IncrementalCooperativeAssignor (its WorkerLoad,
// performLoadBalancingRevocations and assignConnectors/assignTasks), as free functions over a
// list of loads. Connectors and tasks are balanced separately. Lists keep insertion order:
// revocations take from the front, assignments append. Used by
// incremental_cooperative_assignor only; not thread-safe.

#include <map>
#include <string>
#include <vector>

#include "coordination/work_set.hpp"

namespace copycat::coordination {

struct worker_load {
    std::string worker;  // member id
    std::vector<std::string> connectors;
    std::vector<task_ref> tasks;

    bool empty() const noexcept { return connectors.empty() && tasks.empty(); }
    work_set as_work_set() const;
};

using worker_loads = std::vector<worker_load>;
using revocations = std::map<std::string, work_set>;  // member id -> items to revoke

// Removes every item of `items` from every load.
void remove_items(worker_loads& loads, const work_set& items);
// Removes each member's own revocations from its load.
void remove_revoked(worker_loads& loads, const revocations& revoked);
// Adds `more` into `into`, member by member.
void add_revocations(revocations& into, const revocations& more);

// Load-balancing revocations (docs/group-protocol.md#load-balancing-revocations): for connectors and tasks
// separately, with T configured items over W workers, min = T/W and T%W workers may keep one
// more; nothing when the loads already fit, when every worker is empty or nothing is
// configured. Otherwise workers in list order above min keep min+1 while extra slots remain,
// then min; the excess is taken from the front of their lists.
revocations balancing_revocations(const work_set& configured, const worker_loads& loads);

// Water-filling (step 9): sorts the loads by (count, worker) and deals the items one at a time
// to the workers at the lowest count, in that order, until none are left. `loads` must not be
// empty when there are items.
void assign_connectors(worker_loads& loads, const std::vector<std::string>& connectors);
void assign_tasks(worker_loads& loads, const std::vector<task_ref>& tasks);

}  // namespace copycat::coordination
