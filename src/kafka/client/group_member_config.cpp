#include "kafka/client/group_member_config.hpp"

namespace copycat::kafka_client {

result<void> validate(const group_member_config& config) {
    auto bad = [](const std::string& what) { return make_error(errc::invalid_argument, what); };
    if (config.group_id.empty()) return bad("group.id must not be empty");
    if (config.bootstrap_servers.empty()) return bad("bootstrap.servers must not be empty");
    if (config.protocol_type.empty()) return bad("the group protocol type must not be empty");
    if (config.group_instance_id && config.group_instance_id->empty()) {
        return bad("group.instance.id must not be empty when set");
    }
    if (config.session_timeout.count() <= 0 || config.rebalance_timeout.count() <= 0 ||
        config.heartbeat_interval.count() <= 0 || config.connection.request_timeout.count() <= 0) {
        return bad("session, rebalance, heartbeat and request timeouts must be positive");
    }
    if (config.retry_backoff.count() < 0) return bad("retry.backoff.ms must not be negative");
    if (config.heartbeat_interval >= config.session_timeout) {
        return bad("heartbeat.interval.ms must be lower than session.timeout.ms");
    }
    return {};
}

}  // namespace copycat::kafka_client
