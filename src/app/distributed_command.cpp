#include "app/distributed_command.hpp"

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <system_error>

#include "app/exit_codes.hpp"
#include "app/kafka_client_stores.hpp"
#include "app/worker_bootstrap.hpp"
#include "app/worker_clients.hpp"
#include "common/logging.hpp"
#include "coordination/rebalance_metrics.hpp"
#include "coordination/worker_coordinator.hpp"
#include "herder/cluster_status_store.hpp"
#include "herder/distributed_herder.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "net/io_thread.hpp"
#include "runtime/client_override_policy.hpp"
#include "runtime/exactly_once_source.hpp"
#include "storage/config_listener_relay.hpp"
#include "storage/internal_topics.hpp"
#include "storage/kafka_based_log.hpp"
#include "storage/kafka_config_store.hpp"
#include "storage/kafka_offset_store.hpp"
#include "storage/kafka_status_store.hpp"
#include "storage/transactional_config_writer.hpp"

namespace copycat::app {
namespace {

using namespace std::chrono_literals;
constexpr auto topic_setup_timeout = 60s;  // Kafka's default.api.timeout.ms, for CreateTopics / DescribeConfigs

// The three internal-topic logs share one admin client for their end-offset queries, as Kafka
// Connect's stores share one TopicAdmin (docs/scale.md "An idle worker's own threads").
std::unique_ptr<storage::kafka_based_log> topic_log(const rdkafka::client_config& client,
                                                    const distributed_config& config, const std::string& topic,
                                                    const std::string& role,
                                                    std::map<std::string, std::string> producer_settings,
                                                    std::shared_ptr<rdkafka::admin_client> admin) {
    storage::kafka_based_log_options options;
    options.topic = topic;
    options.client = client;
    options.client_id = internal_client_id(config, role);
    options.producer_settings = std::move(producer_settings);
    options.admin = std::move(admin);
    return std::make_unique<storage::kafka_based_log>(std::move(options));
}

storage::internal_topic_spec topic_spec(const internal_topic_settings& t, const std::string& key) {
    storage::internal_topic_spec spec;
    spec.name = t.name;
    spec.partitions = t.partitions;
    spec.replication_factor = t.replication_factor;
    spec.configs = t.configs;
    spec.config_key = key;
    return spec;
}

result<void> create_internal_topics(rdkafka::admin_client& admin, const distributed_config& config) {
    const std::vector<storage::internal_topic_spec> specs = {
        topic_spec(config.config_topic, "config.storage.topic"),
        topic_spec(config.offset_topic, "offset.storage.topic"),
        topic_spec(config.status_topic, "status.storage.topic")};
    for (const auto& spec : specs) {
        log::info("Checking internal topic {} ({})", spec.name, spec.config_key);
        COPYCAT_TRY_VOID(storage::ensure_internal_topic(admin, spec, topic_setup_timeout));
    }
    return {};
}

// The largest record the config topic takes (docs/rest-api.md#limits): its producer's limit, or
// less when the topic's max.message.bytes, which counts a whole record batch, is lower. The
// margin covers the batch's framing and the small record (a target state) a config may share
// a batch with.
std::size_t config_record_limit(rdkafka::admin_client& admin, const std::string& topic) {
    constexpr std::size_t batch_margin = 512;
    const std::size_t producer_limit = storage::kafka_config_store::default_max_record_bytes;
    auto configs = admin.describe_topic_configs(topic, topic_setup_timeout);
    if (!configs) {
        log::warn("Cannot read max.message.bytes of the config topic {}: {}", topic, configs.err().describe());
        return producer_limit;
    }
    const auto found = configs->find("max.message.bytes");
    if (found == configs->end() || !found->second.value) return producer_limit;
    std::size_t topic_limit = 0;
    const std::string& text = *found->second.value;
    if (std::from_chars(text.data(), text.data() + text.size(), topic_limit).ec != std::errc{} ||
        topic_limit <= batch_margin)
        return producer_limit;
    return std::min(producer_limit, topic_limit - batch_margin);
}

coordination::config_view view_of(const storage::cluster_config& snapshot) {
    coordination::config_view view;
    view.offset = snapshot.offset;
    for (const std::string& c : snapshot.connectors())
        view.task_counts[c] = static_cast<std::int32_t>(snapshot.tasks(c).size());
    return view;
}

}  // namespace

int run_distributed(const std::vector<std::string>& args) {
    if (args.size() != 1) {
        log::error("Usage: copycat distributed worker.properties");
        return exit_usage;
    }
    worker_bootstrap boot(args[0]);
    auto worker_props = boot.read_properties([](const string_map& raw) {
        auto group = raw.find("group.id");
        return "distributed worker initializing (group " + (group == raw.end() ? "" : group->second) + ")";
    });
    if (!worker_props) return boot.read_failure_exit();
    auto config = parse_distributed_config(*worker_props);
    if (!config) return boot.usage_error(config.err());
    if (auto stores = read_client_stores(config->worker); !stores) return boot.usage_error(stores.err());
    auto client = shared_client_config(config->worker);
    if (!client) return boot.usage_error(client.err());
    auto protocol = coordination::parse_connect_protocol(config->connect_protocol);
    if (!protocol) return boot.startup_failed(protocol.err().describe());
    if (auto failed = boot.start(*config)) return *failed;
    auto member_settings = group_member_settings(*config);  // names the member after the worker id
    if (!member_settings) return boot.startup_failed(member_settings.err().describe());

    // The worker's admin client: internal topics at start-up, then the logs' end offsets (with the
    // logs' reconnect backoff: storage/kafka_based_log.hpp).
    auto admin_settings = *client;
    for (const auto& [key, value] : {std::pair{"client.id", internal_client_id(*config, "shared-admin")},
                                     std::pair{"reconnect.backoff.max.ms", std::string("1000")}}) {
        if (admin_settings.contains(key) && key != std::string_view("client.id")) continue;  // the worker file's
        if (auto set = admin_settings.set(key, value); !set) return boot.startup_failed(set.err().describe());
    }
    auto made_admin = rdkafka::admin_client::create(admin_settings);
    if (!made_admin) return boot.startup_failed(made_admin.err().describe());
    auto admin = std::make_shared<rdkafka::admin_client>(std::move(*made_admin));
    if (auto topics = create_internal_topics(*admin, *config); !topics)
        return boot.startup_failed(topics.err().describe());

    // Group membership I/O and the status store's retries (docs/threads.md). Declared before the
    // herder, which keeps the coordinator until it is destroyed: the group member's strand must be
    // released while its io_context still exists.
    net::io_thread io;
    storage::kafka_offset_store offsets(topic_log(*client, *config, config->offset_topic.name, "offsets",
                                                 storage::kafka_offset_store::producer_settings(), admin));
    storage::kafka_status_store status_topic(topic_log(*client, *config, config->status_topic.name, "statuses",
                                                        storage::kafka_status_store::producer_settings(), admin),
                                             io.timers());
    storage::config_listener_relay relay;
    storage::kafka_config_store configs(topic_log(*client, *config, config->config_topic.name, "configs",
                                                  storage::kafka_config_store::producer_settings(), admin),
                                        relay, storage::kafka_config_store::default_timeout,
                                        config_record_limit(*admin, config->config_topic.name));
    if (runtime::fencing_enabled(config->worker.exactly_once_source)) {
        // Kafka's transactional leader (docs/exactly-once-source.md#the-leaders-config-topic-producer).
        configs.use_transactional_writer(std::make_unique<storage::transactional_config_writer>(
            storage::transactional_config_writer_options{.client = *client,
                                                         .topic = config->config_topic.name,
                                                         .transactional_id = "connect-cluster-" + config->group_id,
                                                         .client_id = internal_client_id(*config, "configs") + "-leader"}));
    }
    for (auto [name, start] : {std::pair<const char*, std::function<result<void>()>>{"offsets",
                                                                                      [&] { return offsets.start(); }},
                               {"statuses", [&] { return status_topic.start(); }},
                               {"configs", [&] { return configs.start(); }}}) {
        log::info("Reading the {} topic", name);
        if (auto started = start(); !started)
            return boot.startup_failed(std::string("cannot read the ") + name + " topic: " + started.err().describe());
    }

    auto client_overrides = runtime::worker_override_policy(config->worker);
    if (!client_overrides) return boot.startup_failed(client_overrides.err().describe());
    herder::cluster_status_store statuses(status_topic, config->worker.worker_id);
    worker_runtime runtime(boot, *config, offsets, statuses);
    herder::distributed_herder distributed(
        runtime.port, boot.plugins(), configs, statuses,
        {.kafka_cluster_id = boot.kafka_cluster_id(),
         .url = boot.url(),
         .client_overrides = *client_overrides,
         .worker_sync_timeout = config->worker_sync_timeout,
         .signing = config->signing,
         .exactly_once_source = config->worker.exactly_once_source,
         .config_providers = boot.config_providers()});
    relay.connect(&distributed);
    runtime.recorder.on_reconfiguration(
        [&distributed](const std::string& c) { distributed.request_task_reconfiguration(c); });
    runtime.recorder.on_config_expiry([&distributed](const std::string& c, std::chrono::milliseconds ttl) {
        distributed.restart_connector_after(c, ttl);
    });

    coordination::worker_coordinator_options coordinator_options;
    coordinator_options.member = *member_settings;
    coordinator_options.protocol = *protocol;
    coordinator_options.url = boot.url();
    coordinator_options.scheduled_rebalance_max_delay = config->scheduled_rebalance_max_delay;
    coordination::rebalance_metrics timed_rebalances(
        distributed, boot.metrics_registry(),
        config->client_id.empty() ? "connect-" + config->worker.worker_id : config->client_id);
    auto coordinator = coordination::worker_coordinator::create(
        io.executor(), coordinator_options, [&configs] { return configs.read(view_of); }, timed_rebalances);
    if (!coordinator) {
        io.stop();
        return boot.startup_failed(coordinator.err().describe());
    }
    distributed.attach(*coordinator);
    distributed.start();
    boot.attach(distributed);
    boot.log_started();

    boot.wait_for_signal();
    return boot.shut_down(runtime, exit_ok, [&] {
        distributed.stop();  // tasks, connectors, statuses flushed, LeaveGroup
        runtime.recorder.on_reconfiguration(nullptr);
        runtime.recorder.on_config_expiry(nullptr);
        relay.connect(nullptr);
        io.stop();
        configs.stop();
        status_topic.stop();
        offsets.stop();
    });
}

}  // namespace copycat::app
