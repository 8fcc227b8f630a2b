#pragma once
// group_member_config: the settings of one classic-group member (Kafka's GroupRebalanceConfig
// plus the connection settings), with Kafka Connect's defaults.

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "kafka/client/broker_address.hpp"
#include "kafka/client/connection_options.hpp"

namespace copycat::kafka_client {

struct group_member_config {
    std::string group_id;                           // group.id
    std::vector<broker_address> bootstrap_servers;  // bootstrap.servers
    // client.id, request.timeout.ms (default 40 s as in Connect), connect timeout, reconnect
    // backoff, security.protocol.
    connection_options connection;
    std::string protocol_type = "connect";  // JoinGroup ProtocolType
    // group.instance.id: static membership (JoinGroup v5+). A static member never sends
    // LeaveGroup; its session simply expires, as in Kafka.
    std::optional<std::string> group_instance_id;
    std::chrono::milliseconds session_timeout{10'000};    // session.timeout.ms
    std::chrono::milliseconds rebalance_timeout{60'000};  // rebalance.timeout.ms
    std::chrono::milliseconds heartbeat_interval{3'000};  // heartbeat.interval.ms
    std::chrono::milliseconds retry_backoff{100};         // retry.backoff.ms
};

// invalid_argument when a required value is missing or the intervals are inconsistent
// (heartbeat.interval.ms must be below session.timeout.ms, all of them positive).
result<void> validate(const group_member_config& config);

}  // namespace copycat::kafka_client
