#include "runtime/client_configs.hpp"

#include <algorithm>
#include <iterator>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "runtime/client_override_policy.hpp"
#include "runtime/exactly_once_source.hpp"

namespace copycat::runtime {
namespace {

constexpr std::string_view producer_override = "producer.override.";
constexpr std::string_view consumer_override = "consumer.override.";

void put_with_prefix(string_map& out, const string_map& from, std::string_view prefix) {
    for (auto it = from.lower_bound(prefix); it != from.end() && it->first.starts_with(prefix); ++it) {
        if (it->first.size() > prefix.size()) out.insert_or_assign(it->first.substr(prefix.size()), it->second);
    }
}

// Kafka's store keys and librdkafka's, which the stores read at start-up replace.
constexpr std::string_view store_keys[] = {
    "ssl.keystore.type",   "ssl.keystore.location",   "ssl.keystore.password", "ssl.key.password",
    "ssl.truststore.type", "ssl.truststore.location", "ssl.truststore.password", "ssl.key.pem",
    "ssl.certificate.pem", "ssl.ca.pem",              "ssl.key.location",        "ssl.certificate.location",
    "ssl.ca.location"};

void put_stores(string_map& settings, const worker_config& worker, std::string_view prefix) {
    const auto stores = worker.client_store_settings.find(prefix);
    if (stores == worker.client_store_settings.end()) return;
    for (std::string_view key : store_keys) {
        if (auto it = settings.find(key); it != settings.end()) settings.erase(it);
    }
    for (const auto& [key, value] : stores->second) settings.insert_or_assign(key, value);
}

// Kafka's store keys, the ones a store reader reads.
constexpr std::string_view kafka_store_keys[] = {
    "ssl.keystore.type",   "ssl.keystore.location",   "ssl.keystore.password",  "ssl.key.password",
    "ssl.truststore.type", "ssl.truststore.location", "ssl.truststore.password"};

bool uses_tls(const string_map& settings) {
    const auto it = settings.find("security.protocol");
    return it != settings.end() && (iequals(it->second, "SSL") || iequals(it->second, "SASL_SSL"));
}

// When the connector overrides a Kafka store key of a TLS client, its stores are read again from
// the client's settings with the worker's Kafka store keys under the overrides, as the Java client
// reads the merged config, and the reader's librdkafka settings replace every store setting.
result<void> put_override_stores(string_map& settings, const worker_config& worker, const string_map& connector_config,
                                 std::string_view worker_prefix, std::string_view override_prefix) {
    const auto overridden = [&](std::string_view key) {
        return connector_config.contains(std::string(override_prefix) + std::string(key));
    };
    if (!worker.client_store_reader || !uses_tls(settings) ||
        std::none_of(std::begin(kafka_store_keys), std::end(kafka_store_keys), overridden))
        return {};
    string_map keys = settings;  // the overrides are in it already
    const bool from_top_level = worker_prefix == "admin.";  // the admin client starts from them
    for (std::string_view key : kafka_store_keys) {
        if (overridden(key)) continue;
        if (auto it = worker.originals.find(std::string(worker_prefix) + std::string(key)); it != worker.originals.end())
            keys.insert_or_assign(std::string(key), it->second);
        else if (auto top = worker.originals.find(key); from_top_level && top != worker.originals.end())
            keys.insert_or_assign(std::string(key), top->second);
    }
    COPYCAT_TRY(string_map stores, worker.client_store_reader(keys, std::string(override_prefix)));
    for (std::string_view key : store_keys) {
        if (auto it = settings.find(key); it != settings.end()) settings.erase(it);
    }
    for (auto& [key, value] : stores) settings.insert_or_assign(key, std::move(value));
    return {};
}

result<string_map> with_overrides(string_map settings, const worker_config& worker, const string_map& connector_config,
                                  std::string_view worker_prefix, std::string_view override_prefix) {
    put_with_prefix(settings, worker.originals, worker_prefix);
    put_stores(settings, worker, worker_prefix);
    COPYCAT_TRY_VOID(check_client_overrides(worker, connector_config, override_prefix));
    put_with_prefix(settings, connector_config, override_prefix);
    COPYCAT_TRY_VOID(put_override_stores(settings, worker, connector_config, worker_prefix, override_prefix));
    return settings;
}

}  // namespace

result<string_map> producer_settings(const worker_config& worker, const string_map& connector_config,
                                     const task_id& id) {
    string_map base{
        {"bootstrap.servers", worker.bootstrap_servers},
        {"client.id", "connector-producer-" + id.to_string()},
        {"acks", "all"},
        {"enable.idempotence", "true"},
        {"max.in.flight.requests.per.connection", "5"},
        {"message.timeout.ms", "0"},
    };
    return with_overrides(std::move(base), worker, connector_config, "producer.", producer_override);
}

void make_transactional(string_map& settings, std::string_view group_id, const task_id& id) {
    const std::pair<std::string, std::string> forced[] = {
        {"transactional.id", task_transactional_id(group_id, id.connector, id.task)},
        {"enable.idempotence", "true"},
    };
    for (const auto& [key, value] : forced) {
        auto it = settings.find(key);
        if (it != settings.end() && it->second != value)
            log::warn("Task {}: producer setting {}={} is replaced by {} for exactly-once source support",
                      id.to_string(), key, it->second, value);
        settings.insert_or_assign(key, value);
    }
}

result<string_map> consumer_settings(const worker_config& worker, const string_map& connector_config,
                                     const task_id& id) {
    string_map base{
        {"bootstrap.servers", worker.bootstrap_servers},
        {"group.id", "connect-" + id.connector},
        {"client.id", "connector-consumer-" + id.to_string()},
        {"enable.auto.commit", "false"},
        {"auto.offset.reset", "earliest"},
    };
    return with_overrides(std::move(base), worker, connector_config, "consumer.", consumer_override);
}

result<string_map> admin_settings(const worker_config& worker, const string_map& connector_config,
                                  std::string_view client_id) {
    string_map base{{"bootstrap.servers", worker.bootstrap_servers}, {"client.id", std::string(client_id)}};
    for (const auto& [key, value] : worker.originals) {
        if (key.starts_with("security.") || key.starts_with("ssl.") || key.starts_with("sasl."))
            base.insert_or_assign(key, value);
    }
    put_stores(base, worker, "");
    return with_overrides(std::move(base), worker, connector_config, "admin.", "admin.override.");
}

result<rdkafka::client_config> to_client_config(const string_map& settings, std::string_view client) {
    rdkafka::client_config config;
    for (const auto& [key, value] : settings) {
        auto set = config.set(key, value);
        if (set) continue;
        if (set.err().message.find("No such configuration property") != std::string::npos) {
            log::warn("{}: ignoring client setting '{}', which librdkafka does not know", client, key);
            continue;
        }
        return set.err();
    }
    return config;
}

}  // namespace copycat::runtime
