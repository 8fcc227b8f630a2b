// worker_coordinator against the real broker: three coordinators in one process (each on its own
// thread) share a static config {c1: 6 tasks}; a fourth joins; one leaves gracefully. Checks the
// protocol's promises (balance, no double ownership, only the needed revocations, a graceful
// leaver's work reassigned at once despite a 5-minute scheduled.rebalance.max.delay.ms) and
// prints how long each step took; the times are reported, not judged.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <thread>
#include <vector>

#include "coordination/coordinated_worker.hpp"
#include "kafka/client/broker_address.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace copycat::coordination;
using namespace std::chrono_literals;
namespace kc = copycat::kafka_client;

namespace {

using clock_type = std::chrono::steady_clock;

const config_view static_config{1, {{"c1", 6}}};

kc::group_member_config member_config(const std::string& group) {
    auto servers = kc::parse_bootstrap_servers(bootstrap_servers());
    REQUIRE(servers.ok());
    kc::group_member_config config;
    config.group_id = group;
    config.bootstrap_servers = *servers;
    config.session_timeout = 6s;
    config.heartbeat_interval = 500ms;
    config.rebalance_timeout = 20s;
    config.retry_backoff = 100ms;
    config.connection.request_timeout = 30s;
    return config;
}

// The generation `workers` agree on once they alone form the group and run every configured item
// exactly once, with no revocation or delay outstanding; nullopt until then.
std::optional<std::int32_t> settled(const std::vector<coordinated_worker*>& workers, std::int32_t after) {
    std::vector<seen_rebalance> seen;
    for (auto* w : workers) {
        auto last = w->last();
        if (!last) return std::nullopt;
        seen.push_back(*last);
    }
    std::set<std::string> ids;
    std::size_t leaders = 0;
    std::size_t items = 0;
    work_set running;
    for (const auto& s : seen) {
        if (s.generation != seen[0].generation || s.generation <= after) return std::nullopt;
        if (s.assignment.leader != seen[0].assignment.leader) return std::nullopt;
        if (s.assignment.failed() || !s.assignment.revoked.empty() || s.assignment.delay_ms != 0) return std::nullopt;
        ids.insert(s.member_id);
        leaders += s.is_leader() ? 1 : 0;
        items += s.full.size();
        running = union_of(running, s.full);
    }
    if (ids.size() != workers.size() || leaders != 1) return std::nullopt;
    if (running != configured_work(static_config) || items != running.size()) return std::nullopt;
    return seen[0].generation;
}

std::int32_t wait_settled(const std::vector<coordinated_worker*>& workers, std::int32_t after,
                          std::chrono::seconds limit = 60s) {
    const auto deadline = clock_type::now() + limit;
    while (clock_type::now() < deadline) {
        if (auto generation = settled(workers, after)) return *generation;
        std::this_thread::sleep_for(20ms);
    }
    for (auto* w : workers) {
        const auto last = w->last();
        UNSCOPED_INFO(w->name() << ": "
                                << (last ? "generation " + std::to_string(last->generation) + " running " +
                                               last->full.to_string() + " revoked " +
                                               last->assignment.revoked.to_string() + " delay " +
                                               std::to_string(last->assignment.delay_ms)
                                         : std::string("no assignment")));
    }
    FAIL("the group did not settle with " << workers.size() << " workers above generation " << after);
    return -1;
}

// Every item revoked from `worker` in generations above `after`.
work_set revoked_since(const coordinated_worker& worker, std::int32_t after) {
    work_set all;
    for (const auto& s : worker.history()) {
        if (s.generation > after) all = union_of(all, s.assignment.revoked);
    }
    return all;
}

// Item -> name of the worker running it.
std::map<std::string, std::string> owners(const std::vector<coordinated_worker*>& workers) {
    std::map<std::string, std::string> out;
    for (auto* w : workers) {
        const auto last = w->last();
        if (!last) continue;
        for (const auto& c : last->full.connectors) out[c] = w->name();
        for (const auto& t : last->full.tasks) out[t.to_string()] = w->name();
    }
    return out;
}

long long millis_since(clock_type::time_point start) {
    return std::chrono::duration_cast<std::chrono::milliseconds>(clock_type::now() - start).count();
}

}  // namespace

TEST_CASE("coordinators share c1's 6 tasks, make room for a 4th worker and take over from a graceful leaver") {
    const auto group = unique_name("copycat-coordination");
    const auto config = member_config(group);
    const auto max_delay = 300'000ms;  // a vanished worker's work would be held for 5 minutes

    const auto started = clock_type::now();
    auto w1 = std::make_unique<coordinated_worker>("w1", config, static_config, max_delay);
    auto w2 = std::make_unique<coordinated_worker>("w2", config, static_config, max_delay);
    auto w3 = std::make_unique<coordinated_worker>("w3", config, static_config, max_delay);
    const std::vector<coordinated_worker*> three{w1.get(), w2.get(), w3.get()};
    const auto first = wait_settled(three, 0);
    std::cout << "[coordination] 3 workers settled at generation " << first << " in " << millis_since(started) << " ms"
              << std::endl;
    std::size_t connectors = 0;
    for (auto* w : three) {
        const auto last = w->last();
        CHECK(last->full.tasks.size() == 2);
        CHECK(last->full.connectors.size() <= 1);
        connectors += last->full.connectors.size();
        CHECK(last->assignment.version == 2);  // everyone offered "sessioned"
    }
    CHECK(connectors == 1);

    // A 4th worker: 6 tasks over 4 workers need exactly one task to move (2/2/1/1), in two
    // cooperative rounds; nothing else is revoked and nothing else moves.
    const auto before_join = owners(three);
    const auto joined_at = clock_type::now();
    auto w4 = std::make_unique<coordinated_worker>("w4", config, static_config, max_delay);
    const std::vector<coordinated_worker*> four{w1.get(), w2.get(), w3.get(), w4.get()};
    const auto second = wait_settled(four, first);
    std::cout << "[coordination] a 4th worker joined: generation " << first << " -> " << second << ", rebalanced in "
              << millis_since(joined_at) << " ms" << std::endl;
    std::size_t revoked = 0;
    for (auto* w : three) revoked += revoked_since(*w, first).size();
    CHECK(revoked == 1);
    const auto after_join = owners(four);
    std::size_t moved = 0;
    for (const auto& [item, owner] : before_join) moved += after_join.at(item) != owner ? 1 : 0;
    CHECK(moved == 1);
    std::vector<std::size_t> counts;
    for (auto* w : four) counts.push_back(w->last()->full.tasks.size());
    std::sort(counts.begin(), counts.end());
    CHECK(counts == std::vector<std::size_t>{1, 1, 2, 2});

    // The non-leader with the most work leaves gracefully; the herders learn it (here: told
    // directly) and its work is reassigned in the next rebalance instead of after the 5-minute
    // delay. (A leader that leaves takes the leader memory with it, so its work is new work to
    // the next leader either way.)
    coordinated_worker* leaving = nullptr;
    for (auto* w : four) {
        const auto last = w->last();
        if (!last->is_leader() && (!leaving || last->full.size() > leaving->last()->full.size())) leaving = w;
    }
    REQUIRE(leaving != nullptr);
    const work_set orphaned = leaving->last()->full;
    std::vector<coordinated_worker*> rest;
    for (auto* w : four) {
        if (w != leaving) rest.push_back(w);
    }
    for (auto* w : rest) w->coordinator().note_graceful_departure(leaving->url());
    const auto leaving_at = clock_type::now();
    REQUIRE(leaving->stop("integration test: graceful shutdown"));
    const auto third = wait_settled(rest, second);
    std::cout << "[coordination] " << leaving->name() << " left gracefully: generation " << second << " -> " << third
              << ", its work (" << orphaned.to_string() << ") reassigned in " << millis_since(leaving_at) << " ms"
              << std::endl;
    for (auto* w : rest) {
        for (const auto& s : w->history()) {
            if (s.generation > second) CHECK(s.assignment.delay_ms == 0);  // nothing was held
        }
        CHECK(revoked_since(*w, second).empty());
        CHECK(w->lost_count() == 0);
        CHECK_FALSE(w->fatal());
    }
}
