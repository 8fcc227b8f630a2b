#pragma once
// The Kafka clients a worker itself uses (not its tasks'): the shared librdkafka settings of its
// admin client and internal-topic logs, and the group member settings of a distributed worker
// (Kafka: the worker-level client configs WorkerConfig and DistributedConfig hand to their
// clients). Pure functions.

#include "app/worker_properties.hpp"
#include "common/result.hpp"
#include "kafka/client/group_member_config.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::app {

// bootstrap.servers plus the worker's top-level security settings librdkafka understands under
// the same name (security.protocol, sasl.*, ssl.ca.location, ...), and client.id.
result<rdkafka::client_config> shared_client_config(const runtime::worker_config& worker);

// group.id, bootstrap.servers, session/heartbeat/rebalance timeouts, retry backoff, request
// timeout, client.id and security (security.protocol, sasl.mechanism with sasl.username/password
// or the username/password of sasl.jaas.config, ssl.ca.location or a PEM ssl.truststore.location).
result<kafka_client::group_member_config> group_member_settings(const distributed_config& config);

}  // namespace copycat::app
