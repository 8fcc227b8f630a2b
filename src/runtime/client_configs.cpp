#include "runtime/client_configs.hpp"

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

result<string_map> with_overrides(string_map settings, const worker_config& worker, const string_map& connector_config,
                                  std::string_view worker_prefix, std::string_view override_prefix) {
    put_with_prefix(settings, worker.originals, worker_prefix);
    put_stores(settings, worker, worker_prefix);
    COPYCAT_TRY_VOID(check_client_overrides(worker, connector_config, override_prefix));
    put_with_prefix(settings, connector_config, override_prefix);
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
