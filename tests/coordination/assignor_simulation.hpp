#pragma once
// A group of workers driven through rebalances by one incremental_cooperative_assignor, for the
// assignor's table tests: each round builds the leader's input from the members' allocations,
// applies every member's delta (stop revoked, start assigned) as a worker would, and checks the
// protocol's invariants (nothing owned twice, only held work revoked, no work assigned that
// another member holds).

#include <catch2/catch.hpp>

#include <chrono>
#include <map>
#include <set>
#include <string>

#include "coordination/incremental_cooperative_assignor.hpp"

namespace copycat::coordination::test {

using namespace std::chrono_literals;

inline std::string url_of(const std::string& worker) { return "http://" + worker + ":8083/"; }

struct simulation {
    explicit simulation(std::chrono::milliseconds max_delay) : assignor(max_delay) {}

    incremental_cooperative_assignor assignor;
    std::map<std::string, member_state> members;
    config_view config;
    std::int32_t generation = 0;
    std::int32_t last_completed = -1;
    std::chrono::steady_clock::time_point now{std::chrono::hours(1)};
    std::set<std::string> departed;

    void add(const std::string& id, const std::string& url = "") {
        members[id] = member_state{url.empty() ? url_of(id) : url, {}};
    }
    void remove(const std::string& id) { members.erase(id); }
    void set_tasks(std::map<std::string, std::int32_t> tasks) {
        config.task_counts = std::move(tasks);
        ++config.offset;
    }

    assignor_input input() const {
        assignor_input in;
        in.leader_id = members.begin()->first;
        in.leader_url = members.begin()->second.url;
        in.members = members;
        in.config = config;
        in.generation = generation + 1;
        in.last_completed_generation = last_completed;
        in.version = 2;
        in.now = now;
        in.departed_gracefully_urls = departed;
        return in;
    }

    // One rebalance with `a` (the leader's assignor, this one unless a new leader is tested).
    std::map<std::string, connect_assignment> round(incremental_cooperative_assignor& a) {
        const auto in = input();
        auto out = a.assign(in);
        REQUIRE(out.size() == members.size());
        for (auto& [id, assignment] : out) {
            auto& m = members.at(id);
            CHECK(assignment.error == 0);
            CHECK(assignment.config_offset == config.offset);
            CHECK(assignment.leader == in.leader_id);
            CHECK(difference(assignment.revoked, m.allocation).empty());  // only held work is revoked
            for (const auto& [other, state] : members) {
                if (other != id) CHECK(intersection(assignment.assigned, state.allocation).empty());
            }
        }
        for (auto& [id, assignment] : out) {
            auto& m = members.at(id);
            m.allocation = apply_assignment(m.allocation, assignment.revoked, assignment.assigned);
        }
        generation = in.generation;
        last_completed = in.generation;
        check_no_double_ownership();
        return out;
    }
    std::map<std::string, connect_assignment> round() { return round(assignor); }

    void check_no_double_ownership() const {
        std::map<std::string, int> connectors;
        std::map<task_ref, int> tasks;
        for (const auto& [id, m] : members) {
            for (const auto& c : m.allocation.connectors) CHECK(++connectors[c] == 1);
            for (const auto& t : m.allocation.tasks) CHECK(++tasks[t] == 1);
        }
    }

    work_set running() const {
        work_set all;
        for (const auto& [id, m] : members) all = union_of(all, m.allocation);
        return all;
    }
    std::size_t tasks_of(const std::string& id) const { return members.at(id).allocation.tasks.size(); }
    std::size_t connectors_of(const std::string& id) const { return members.at(id).allocation.connectors.size(); }
    // Who runs a task now ("" when nobody).
    std::string owner(const task_ref& t) const {
        for (const auto& [id, m] : members) {
            if (m.allocation.contains(t)) return id;
        }
        return "";
    }
};

inline work_set all_revoked(const std::map<std::string, connect_assignment>& out) {
    work_set all;
    for (const auto& [id, a] : out) all = union_of(all, a.revoked);
    return all;
}

inline work_set all_assigned(const std::map<std::string, connect_assignment>& out) {
    work_set all;
    for (const auto& [id, a] : out) all = union_of(all, a.assigned);
    return all;
}

}  // namespace copycat::coordination::test
