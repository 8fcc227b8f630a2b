#pragma once
// group_settling: waits, with a deadline, until a set of cluster_members agree on one completed
// rebalance (the same generation and leader, each holding the assignment the leader made for it
// for a group of exactly them). Used by the cluster tests that form groups over TLS/SASL and
// across a coordinator restart.
//
// Threading: called from the test's thread; reads the members' thread-safe listeners.

#include <chrono>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

#include "group/cluster_member.hpp"

namespace copycat::itest {

// The generation `members` agree on once the group consists of exactly them, or nullopt until
// then or while that generation is not above `after`.
std::optional<std::int32_t> settled_generation(const std::vector<cluster_member*>& members, std::int32_t after);

// Polls settled_generation every 20 ms until it has a value; FAILS the test after `limit`,
// naming what each member last saw.
std::int32_t wait_until_settled(const std::vector<cluster_member*>& members, std::int32_t after,
                                std::chrono::milliseconds limit = std::chrono::seconds(60));

// Polls `done` every 20 ms until it is true or `limit` passes; returns its last value.
template <typename Predicate>
bool poll_until(Predicate done, std::chrono::milliseconds limit) {
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (!done()) {
        if (std::chrono::steady_clock::now() >= deadline) return done();
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    return true;
}

// Milliseconds since `start`.
long long millis_since(std::chrono::steady_clock::time_point start);

}  // namespace copycat::itest
