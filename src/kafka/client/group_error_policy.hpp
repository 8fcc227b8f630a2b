#pragma once
// What a classic-group member does with each error code of each group API: the response
// handlers of Kafka's AbstractCoordinator as a table (docs/group-protocol.md#error-handling). Pure
// functions; group_member applies the actions.

#include <string_view>

#include "kafka/protocol/error_code.hpp"

namespace copycat::kafka_client {

enum class group_action {
    proceed,            // NONE
    adopt_member_id,    // MEMBER_ID_REQUIRED: take the returned member id, rejoin at once
    rejoin_now,         // rejoin at once, keeping member id and generation
    reset_generation,   // if the generation is unchanged since the request: reset it, keep the
                        // member id, rejoin at once (ILLEGAL_GENERATION)
    reset_member,       // like reset_generation, and the member id becomes "" (UNKNOWN_MEMBER_ID)
    backoff_retry,      // retry after retry.backoff.ms, same coordinator
    coordinator_lost,   // mark the coordinator unknown, rediscover, back off, retry
    rebalance_started,  // Heartbeat REBALANCE_IN_PROGRESS: rejoin if STABLE, else ignore; the
                        // session counts as alive either way
    heartbeat_failed,   // retry the heartbeat after retry.backoff.ms
    fatal,              // report to the user and stop taking part
};

std::string_view action_name(group_action action) noexcept;

group_action find_coordinator_action(kafka_protocol::error_code code) noexcept;
group_action join_group_action(kafka_protocol::error_code code) noexcept;
group_action sync_group_action(kafka_protocol::error_code code) noexcept;
group_action heartbeat_action(kafka_protocol::error_code code) noexcept;

}  // namespace copycat::kafka_client
