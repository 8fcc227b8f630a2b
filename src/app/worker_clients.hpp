#pragma once
// The Kafka clients a worker itself uses (not its tasks'): the shared librdkafka settings of its
// admin client and internal-topic logs, and the group member settings of a distributed worker
// (Kafka: the worker-level client configs WorkerConfig and DistributedConfig hand to their
// clients). Pure functions.

#include <string>
#include <string_view>

#include "app/worker_properties.hpp"
#include "common/result.hpp"
#include "kafka/client/group_member_config.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::app {

// bootstrap.servers, the librdkafka equivalents of Kafka's top-level client keys
// (worker_config::client_settings: reconnect.backoff.ms, send.buffer.bytes as
// socket.send.buffer.bytes, ...), and the worker's top-level security settings librdkafka
// understands under the same name (security.protocol, sasl.*, ssl.ca.location, ...), and client.id.
result<rdkafka::client_config> shared_client_config(const runtime::worker_config& worker);

// group.id, bootstrap.servers, session/heartbeat/rebalance timeouts, retry and reconnect backoffs,
// request and connection setup timeouts, client.id and security (security.protocol, sasl.mechanism with sasl.username/password
// or the username/password of sasl.jaas.config, ssl.ca.location or a PEM ssl.truststore.location).
// The group member's settings. Call once the worker id is known (worker_bootstrap::start): the
// member's client.id is member_client_id().
result<kafka_client::group_member_config> group_member_settings(const distributed_config& config);

// Kafka Connect's client.id of the group member: client.id when set, otherwise
// "connect-<worker id>" ("connect-10.0.0.1:8083", as Kafka Connect 4.1 names it).
std::string member_client_id(const distributed_config& config);

// Kafka's client.id of the internal topics' clients (ConnectUtils.clientIdBase + role):
// "<group.id>-<role>", or "<group.id>-<client.id>-<role>" when client.id is set; role is
// "configs", "offsets" or "statuses".
std::string internal_client_id(const distributed_config& config, std::string_view role);

}  // namespace copycat::app
