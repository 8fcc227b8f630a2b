#pragma once
// The Kafka Connect 4.4 worker keys that have no Copycat behaviour of their own
// (docs/migrating.md#worker-configuration): the settings of the worker's own Kafka clients, which
// go to librdkafka under librdkafka's names, and the keys that have no effect here, accepted with
// one warning each.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/properties.hpp"
#include "copycat/config/config_def.hpp"

namespace copycat::app {

// Defines, with Kafka's types, defaults and validators, the keys of Kafka's WorkerConfig and
// DistributedConfig that worker_properties.cpp does not: the client settings (send.buffer.bytes,
// reconnect.backoff.ms, sasl.*, metadata.recovery.strategy, ...), the TLS settings (ssl.*) and
// the converters' plugin versions. A standalone worker takes the client settings too: its
// clients are the same.
void define_kafka_client_keys(config_def& def);
// The keys only a distributed worker has (internal.topics.automatic.creation.enable).
void define_kafka_distributed_keys(config_def& def);

// Why Copycat does nothing with a key, as the worker's warning says it; nullopt when the key
// has an effect (or is not a Kafka worker key).
std::optional<std::string_view> no_effect_reason(std::string_view key);

// The librdkafka settings of the worker's own clients (admin client, internal-topic logs) from
// the Kafka keys set in `props`, under librdkafka's names and within librdkafka's ranges, and a
// warning for each value moved into that range or without a librdkafka equivalent.
struct librdkafka_settings {
    string_map settings;
    std::vector<std::string> warnings;
};
librdkafka_settings librdkafka_settings_from(const string_map& props, const parsed_config& values);

}  // namespace copycat::app
