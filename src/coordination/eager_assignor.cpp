#include "coordination/eager_assignor.hpp"

#include <vector>

namespace copycat::coordination {

std::map<std::string, connect_assignment> assign_eager(const assignor_input& input) {
    std::map<std::string, connect_assignment> out;
    if (input.members.empty()) return out;
    std::vector<connect_assignment*> ring;  // member ids in sorted (map) order
    for (const auto& [id, state] : input.members) {
        auto& a = out[id];
        a.version = input.version;
        a.leader = input.leader_id;
        a.leader_url = input.leader_url;
        a.config_offset = input.config.offset;
        ring.push_back(&a);
    }
    std::size_t next = 0;
    auto deal = [&]() -> work_set& { return ring[next++ % ring.size()]->assigned; };
    for (const auto& [connector, count] : input.config.task_counts) deal().connectors.push_back(connector);
    for (const auto& [connector, count] : input.config.task_counts) {
        for (std::int32_t t = 0; t < count; ++t) deal().tasks.push_back(task_ref{connector, t});
    }
    for (auto& [id, a] : out) a.assigned.normalize();
    return out;
}

}  // namespace copycat::coordination
