#include "kafka/client/group_error_policy.hpp"

namespace copycat::kafka_client {

using kafka_protocol::error_code;

std::string_view action_name(group_action action) noexcept {
    switch (action) {
        case group_action::proceed:
            return "proceed";
        case group_action::adopt_member_id:
            return "adopt_member_id";
        case group_action::rejoin_now:
            return "rejoin_now";
        case group_action::reset_generation:
            return "reset_generation";
        case group_action::reset_member:
            return "reset_member";
        case group_action::backoff_retry:
            return "backoff_retry";
        case group_action::coordinator_lost:
            return "coordinator_lost";
        case group_action::rebalance_started:
            return "rebalance_started";
        case group_action::heartbeat_failed:
            return "heartbeat_failed";
        case group_action::fatal:
            return "fatal";
    }
    return "?";
}

group_action find_coordinator_action(error_code code) noexcept {
    if (code == error_code::none) return group_action::proceed;
    if (code == error_code::group_authorization_failed) return group_action::fatal;
    // COORDINATOR_NOT_AVAILABLE, COORDINATOR_LOAD_IN_PROGRESS, NOT_COORDINATOR, ...
    return kafka_protocol::is_retriable(code) ? group_action::backoff_retry : group_action::fatal;
}

group_action join_group_action(error_code code) noexcept {
    switch (code) {
        case error_code::none:
            return group_action::proceed;
        case error_code::member_id_required:
            return group_action::adopt_member_id;
        case error_code::unknown_member_id:
            return group_action::reset_member;
        // May also mean a replication timeout on the broker: retry at once.
        case error_code::rebalance_in_progress:
            return group_action::rejoin_now;
        case error_code::coordinator_load_in_progress:
            return group_action::backoff_retry;
        case error_code::coordinator_not_available:
        case error_code::not_coordinator:
            return group_action::coordinator_lost;
        // INCONSISTENT_GROUP_PROTOCOL, INVALID_SESSION_TIMEOUT, INVALID_GROUP_ID,
        // GROUP_AUTHORIZATION_FAILED, GROUP_MAX_SIZE_REACHED, FENCED_INSTANCE_ID,
        // UNSUPPORTED_VERSION, ILLEGAL_GENERATION and anything unexpected.
        default:
            return group_action::fatal;
    }
}

group_action sync_group_action(error_code code) noexcept {
    switch (code) {
        case error_code::none:
            return group_action::proceed;
        case error_code::rebalance_in_progress:
            return group_action::rejoin_now;
        case error_code::illegal_generation:
            return group_action::reset_generation;
        case error_code::unknown_member_id:
            return group_action::reset_member;
        case error_code::coordinator_not_available:
        case error_code::not_coordinator:
            return group_action::coordinator_lost;
        // GROUP_AUTHORIZATION_FAILED, FENCED_INSTANCE_ID, and (as in Kafka's client, which has no
        // case for it) COORDINATOR_LOAD_IN_PROGRESS.
        default:
            return group_action::fatal;
    }
}

group_action heartbeat_action(error_code code) noexcept {
    switch (code) {
        case error_code::none:
            return group_action::proceed;
        case error_code::rebalance_in_progress:
            return group_action::rebalance_started;
        case error_code::illegal_generation:
            return group_action::reset_generation;
        case error_code::unknown_member_id:
            return group_action::reset_member;
        case error_code::coordinator_not_available:
        case error_code::not_coordinator:
            return group_action::coordinator_lost;
        case error_code::group_authorization_failed:
        case error_code::fenced_instance_id:
            return group_action::fatal;
        default:
            return group_action::heartbeat_failed;
    }
}

}  // namespace copycat::kafka_client
