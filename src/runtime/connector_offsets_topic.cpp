#include "runtime/connector_offsets_topic.hpp"

#include <chrono>
#include <set>

#include "common/logging.hpp"
#include "common/properties.hpp"
#include "common/strings.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "runtime/client_configs.hpp"
#include "runtime/connector_config.hpp"
#include "storage/internal_topics.hpp"
#include "storage/kafka_based_log.hpp"
#include "storage/kafka_offset_store.hpp"

namespace copycat::runtime {
namespace {

// How long creating the connector's topic may take (Kafka: the admin's default.api.timeout.ms).
constexpr std::chrono::milliseconds topic_setup_timeout{60000};

std::string connector_name(const string_map& connector_config) {
    return trimmed_value(connector_config, connector_keys::name);
}

// The bootstrap.servers of the connector's producer (with its producer.override.).
result<std::string> producer_bootstrap(const worker_config& worker, const string_map& connector_config) {
    COPYCAT_TRY(auto settings, producer_settings(worker, connector_config, task_id{connector_name(connector_config), 0}));
    auto it = settings.find("bootstrap.servers");
    return it == settings.end() ? std::string() : it->second;
}

std::set<std::string> server_set(std::string_view list) {
    const auto items = split_list(list);
    return {items.begin(), items.end()};
}

}  // namespace

result<std::string> own_offsets_topic(const worker_config& worker, const string_map& connector_config) {
    // A standalone worker has no offsets topic and permits none of connectors' (Kafka:
    // StandaloneConfig.connectorOffsetsTopicsPermitted() is false).
    if (worker.offsets_topic.empty()) return std::string();
    std::string topic = trimmed_value(connector_config, connector_keys::offsets_storage_topic);
    if (topic.empty()) {
        if (worker.exactly_once_source != exactly_once_source_support::enabled) return std::string();
        topic = worker.offsets_topic;
    }
    if (topic != worker.offsets_topic) return topic;
    COPYCAT_TRY(auto servers, producer_bootstrap(worker, connector_config));
    if (server_set(servers) == server_set(worker.bootstrap_servers)) return std::string();
    return topic;
}

result<std::unique_ptr<storage::connector_offset_store>> connector_offset_store_for(
    const worker_config& worker, const string_map& connector_config, storage::offset_store& worker_store,
    const std::string& client_id) {
    using answer = std::unique_ptr<storage::connector_offset_store>;
    COPYCAT_TRY(auto topic, own_offsets_topic(worker, connector_config));
    if (topic.empty()) return answer();
    COPYCAT_TRY(auto settings, admin_settings(worker, connector_config, client_id));
    COPYCAT_TRY(auto servers, producer_bootstrap(worker, connector_config));
    settings.insert_or_assign("bootstrap.servers", servers);
    COPYCAT_TRY(auto client, to_client_config(settings, "the offsets store of connector " +
                                                            connector_name(connector_config)));

    storage::kafka_based_log_options options;
    options.topic = topic;
    options.client = client;
    options.client_id = client_id;
    options.producer_settings = storage::kafka_offset_store::producer_settings();
    auto own = std::make_unique<storage::kafka_offset_store>(
        std::make_unique<storage::kafka_based_log>(std::move(options)));

    storage::internal_topic_spec spec;
    spec.name = topic;
    spec.config_key = std::string(storage::connector_offsets_topic_key);
    spec.partitions = worker.offsets_topic_partitions;
    spec.replication_factor = worker.offsets_topic_replication_factor;
    spec.configs = worker.offsets_topic_configs;
    auto create_topic = [client, spec]() -> result<void> {
        COPYCAT_TRY(auto admin, rdkafka::admin_client::create(client));
        log::info("Checking the offsets topic {} of a connector ({})", spec.name, spec.config_key);
        return storage::ensure_internal_topic(admin, spec, topic_setup_timeout);
    };
    return answer(std::make_unique<storage::connector_offset_store>(std::move(own), worker_store, create_topic));
}

}  // namespace copycat::runtime
