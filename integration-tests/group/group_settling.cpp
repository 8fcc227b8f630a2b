#include "group/group_settling.hpp"

#include <set>
#include <string>

#include <catch2/catch.hpp>

namespace copycat::itest {

std::optional<std::int32_t> settled_generation(const std::vector<cluster_member*>& members, std::int32_t after) {
    std::vector<seen_assignment> seen;
    for (auto* m : members) {
        auto last = m->listener().last_assignment();
        if (!last) return std::nullopt;
        seen.push_back(*last);
    }
    if (seen.empty()) return std::nullopt;
    const auto generation = seen[0].generation;
    const auto leader = seen[0].leader_id;
    std::set<std::string> ids;
    std::size_t leaders = 0;
    for (const auto& s : seen) {
        if (s.generation != generation || s.generation <= after || s.leader_id != leader) return std::nullopt;
        if (s.text != expected_assignment(generation, s.member_id, members.size(), leader)) return std::nullopt;
        ids.insert(s.member_id);
        leaders += s.is_leader() ? 1 : 0;
    }
    if (ids.size() != members.size() || leaders != 1) return std::nullopt;
    return generation;
}

std::int32_t wait_until_settled(const std::vector<cluster_member*>& members, std::int32_t after,
                                std::chrono::milliseconds limit) {
    std::optional<std::int32_t> generation;
    if (poll_until([&] { return (generation = settled_generation(members, after)).has_value(); }, limit)) {
        return *generation;
    }
    for (auto* m : members) {
        const auto last = m->listener().last_assignment();
        const auto fatal = m->listener().fatal();
        UNSCOPED_INFO(m->name() << ": " << (last ? last->text + " as " + last->member_id : "no assignment")
                                << (fatal ? "; fatal: " + fatal->describe() : ""));
    }
    FAIL("the group did not settle with " << members.size() << " members above generation " << after << " within "
                                          << limit.count() << " ms");
    return -1;
}

long long millis_since(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace copycat::itest
