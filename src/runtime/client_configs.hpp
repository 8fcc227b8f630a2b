#pragma once
// The Kafka client settings of task producers and consumers (Kafka: Worker.baseProducerConfigs,
// Worker.baseConsumerConfigs, ConnectorClientConfigOverridePolicy).
//
// Producer: bootstrap.servers, client.id=connector-producer-<connector>-<task>, acks=all,
// enable.idempotence=true, max.in.flight.requests.per.connection=5, message.timeout.ms=0
// (infinite: Kafka's delivery.timeout.ms=Integer.MAX_VALUE), then the worker's "producer.*"
// settings, then the connector's "producer.override.*" settings as the policy allows.
// Kafka sets max.in.flight=1 to keep records in order across retries; librdkafka's idempotent
// producer keeps them in order with up to 5 requests in flight, so Copycat uses that instead.
//
// Consumer: bootstrap.servers, group.id=connect-<connector>, client.id=
// connector-consumer-<connector>-<task>, enable.auto.commit=false, auto.offset.reset=earliest,
// then "consumer.*", then "consumer.override.*".
//
// The worker's prefixed key and trust stores (ssl.keystore.*, ssl.truststore.*, ssl.key.password)
// are replaced by the librdkafka settings read from them at start-up
// (worker_config::client_store_settings), before the connector's overrides. When the overrides of
// a TLS client name a store key (producer.override.ssl.keystore.location, ...), that client's
// stores are read again, from the worker's store keys with the overrides over them
// (worker_config::client_store_reader); a store that cannot be read fails the call naming the
// override key.
//
// The connector's overrides are checked first (client_override_policy.hpp): the worker's
// connector.client.config.override.policy, and the librdkafka properties no connector may set
// (denied_client_configs.hpp).
//
// Pure functions; thread-safe.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::runtime {

// The settings above. Errors: an unknown policy, or overrides the policy or the denied table
// refuses (errc::invalid_argument, "Client Config Overrides not allowed: ...").
result<string_map> producer_settings(const worker_config& worker, const string_map& connector_config,
                                     const task_id& id);
// Makes producer settings those of an exactly-once source task (docs/exactly-once-source.md):
// transactional.id <group.id>-<connector>-<task> and enable.idempotence=true replace the user's
// with a warning (Kafka: Worker.exactlyOnceSourceTaskProducerConfigs). Offset records land on
// the partition a Java worker picks, as every record of a Copycat producer (rdkafka::producer).
void make_transactional(string_map& settings, std::string_view group_id, const task_id& id);
result<string_map> consumer_settings(const worker_config& worker, const string_map& connector_config,
                                     const task_id& id);

// Admin client settings for work on a connector's behalf (Kafka: Worker.adminConfigs):
// bootstrap.servers, client.id, the worker's security.*, ssl.* and sasl.* settings, then
// "admin.*", then the connector's "admin.override.*" as the policy allows.
result<string_map> admin_settings(const worker_config& worker, const string_map& connector_config,
                                  std::string_view client_id);

// A librdkafka client_config from settings. Keys librdkafka does not know (Java-client-only
// keys such as key.serializer or max.poll.records) are left out with a warning; a known key
// with a bad value is an error.
result<rdkafka::client_config> to_client_config(const string_map& settings, std::string_view client);

}  // namespace copycat::runtime
