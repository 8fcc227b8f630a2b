#pragma once
// fake_group_coordinator: answers FindCoordinator, JoinGroup, SyncGroup, Heartbeat and
// LeaveGroup for a group of one member, as a fake_broker responder, with errors injected on
// demand. Several fake_brokers may share one (a coordinator that moves between brokers).
//
// JoinGroup with an empty member id at v4+ gets MEMBER_ID_REQUIRED and a fresh id; a join with a
// member id starts the next generation with that member as leader. SyncGroup hands the member
// the bytes its leader assigned it. Injected errors replace the next answers of one API.
//
// Threading: called on the fake brokers' threads; every public method is thread-safe.

#include <cstdint>
#include <deque>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "fake_broker.hpp"
#include "kafka/protocol/find_coordinator.hpp"
#include "kafka/protocol/heartbeat.hpp"
#include "kafka/protocol/join_group.hpp"
#include "kafka/protocol/leave_group.hpp"
#include "kafka/protocol/sync_group.hpp"

namespace copycat::kafka_client::testing {

class fake_group_coordinator {
public:
    // FindCoordinator answers with `coordinator` (node 1) until set_coordinator() changes it.
    explicit fake_group_coordinator(broker_address coordinator);

    // Installs this coordinator as `broker`'s responder.
    void serve(fake_broker& broker);

    void set_coordinator(broker_address coordinator, std::int32_t node_id);
    // The next `times` answers to `key` carry `code` (FindCoordinator, JoinGroup, SyncGroup,
    // Heartbeat); for JoinGroup MEMBER_ID_REQUIRED is still answered first.
    void inject(kp::api_key key, kp::error_code code, int times = 1);
    void clear_injected();
    // Leaves Heartbeats unanswered while on (a coordinator that hangs).
    void hold_heartbeats(bool on);
    // Leaves JoinGroups with a member id unanswered while on (a rebalance waiting for others).
    void hold_joins(bool on);

    std::vector<kp::join_group_request> joins() const;
    std::vector<kp::heartbeat_request> heartbeats() const;
    std::vector<kp::leave_group_request> leaves() const;
    std::vector<std::int16_t> leave_versions() const;
    std::vector<std::int16_t> join_versions() const;
    std::size_t finds() const;
    std::int32_t generation() const;

private:
    fake_reply handle(const fake_request& request);
    std::optional<kp::error_code> take_injected(kp::api_key key);
    fake_reply find_coordinator(const fake_request& request);
    fake_reply join_group(const fake_request& request);
    fake_reply sync_group(const fake_request& request);
    fake_reply heartbeat(const fake_request& request);
    fake_reply leave_group(const fake_request& request);

    mutable std::mutex mutex_;
    broker_address coordinator_;
    std::int32_t node_id_ = 1;
    std::map<kp::api_key, std::deque<kp::error_code>> injected_;
    bool hold_heartbeats_ = false;
    bool hold_joins_ = false;
    std::int32_t generation_ = 0;
    int next_member_ = 0;
    std::map<std::string, kp::bytes> assignments_;
    std::vector<kp::join_group_request> joins_;
    std::vector<std::int16_t> join_versions_;
    std::vector<kp::heartbeat_request> heartbeats_;
    std::vector<kp::leave_group_request> leaves_;
    std::vector<std::int16_t> leave_versions_;
    std::size_t finds_ = 0;
};

}  // namespace copycat::kafka_client::testing
