#pragma once
// What the group_member unit tests share: a listener that records every call, and a fixture
// with a fake broker serving a fake coordinator, a client loop and a member with fast timers.
//
// Threading: the member and the listener run on the fixture's client_loop, i.e. on the test's
// thread; only the fake broker has a thread of its own.

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "client_loop.hpp"
#include "fake_broker.hpp"
#include "fake_group_coordinator.hpp"
#include "kafka/client/group_member.hpp"

namespace copycat::kafka_client::testing {

inline kp::bytes bytes_of(const std::string& s) {
    kp::bytes out;
    for (char c : s) out.push_back(static_cast<std::byte>(c));
    return out;
}

inline std::string text_of(const kp::bytes& b) {
    std::string out;
    for (std::byte c : b) out.push_back(static_cast<char>(c));
    return out;
}

struct recording_listener : group_listener {
    std::vector<group_protocol> offered{{"default", bytes_of("meta-1")}};
    std::vector<leader_context> leader_calls;
    std::vector<group_assignment> assigned;
    std::vector<rejoin_info> rejoins;
    std::vector<std::string> lost;
    std::vector<error> fatal;

    std::vector<group_protocol> protocols() override { return offered; }

    result<std::vector<member_assignment>> assign(const leader_context& context) override {
        leader_calls.push_back(context);
        std::vector<member_assignment> out;
        for (const auto& m : context.members) {
            out.push_back(
                {m.member_id, bytes_of("work-for-" + m.member_id + "-gen-" + std::to_string(context.generation))});
        }
        return out;
    }
    void on_assigned(const group_assignment& a) override { assigned.push_back(a); }
    void on_rejoin_started(const rejoin_info& info) override { rejoins.push_back(info); }
    void on_membership_lost(const std::string& reason) override { lost.push_back(reason); }
    void on_fatal_error(const error& failure) override { fatal.push_back(failure); }
};

struct group_fixture {
    // Declared first so it outlives the broker whose thread calls it.
    fake_group_coordinator coordinator{{"127.0.0.1", 1}};
    fake_broker broker;
    recording_listener listener;
    client_loop loop;
    std::shared_ptr<group_member> member;

    group_fixture() {
        coordinator.set_coordinator(broker.address(), 1);
        coordinator.serve(broker);
    }

    ~group_fixture() {
        if (!member) return;
        bool stopped = false;
        member->stop("test over", [&] { stopped = true; });
        loop.run_until([&] { return stopped; });
    }

    group_member_config config() const {
        group_member_config c;
        c.group_id = "unit-group";
        c.bootstrap_servers = {broker.address()};
        c.connection.client_id = "unit-member";
        c.connection.request_timeout = std::chrono::seconds(2);
        c.session_timeout = std::chrono::milliseconds(1'000);
        c.rebalance_timeout = std::chrono::milliseconds(1'000);
        c.heartbeat_interval = std::chrono::milliseconds(50);
        c.retry_backoff = std::chrono::milliseconds(20);
        return c;
    }

    void start(const group_member_config& c) {
        auto created = group_member::create(loop.io.get_executor(), c, listener);
        REQUIRE(created.ok());
        member = *created;
        member->start();
    }

    // Starts with config() and waits for the first assignment.
    void start_stable() { start_stable(config()); }
    void start_stable(const group_member_config& c) {
        start(c);
        REQUIRE(loop.run_until([&] { return listener.assigned.size() == 1; }));
    }

    bool wait_assigned(std::size_t n) {
        return loop.run_until([&] { return listener.assigned.size() >= n; });
    }

    std::size_t heartbeats_for(std::int32_t generation) const {
        const auto all = coordinator.heartbeats();
        return static_cast<std::size_t>(
            std::count_if(all.begin(), all.end(), [&](const auto& h) { return h.generation_id == generation; }));
    }
};

}  // namespace copycat::kafka_client::testing
