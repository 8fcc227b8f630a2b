#include "app/distributed_command.hpp"

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <thread>

#include "app/exit_codes.hpp"
#include "app/kafka_cluster_id.hpp"
#include "app/plugin_setup.hpp"
#include "app/runtime_connector_worker.hpp"
#include "app/shutdown_signal.hpp"
#include "app/version.hpp"
#include "app/worker_clients.hpp"
#include "app/worker_properties.hpp"
#include "app/worker_rest_server.hpp"
#include "common/logging.hpp"
#include "common/metrics.hpp"
#include "coordination/rebalance_metrics.hpp"
#include "coordination/worker_coordinator.hpp"
#include "herder/cluster_status_store.hpp"
#include "herder/distributed_herder.hpp"
#include "herder/status_recorder.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "loader/plugin_registry.hpp"
#include "net/io_thread.hpp"
#include "runtime/offsets_admin.hpp"
#include "runtime/worker.hpp"
#include "runtime/worker_metrics.hpp"
#include "storage/config_listener_relay.hpp"
#include "storage/internal_topics.hpp"
#include "storage/kafka_based_log.hpp"
#include "storage/kafka_config_store.hpp"
#include "storage/kafka_offset_store.hpp"
#include "storage/kafka_status_store.hpp"

namespace copycat::app {
namespace {

using namespace std::chrono_literals;
constexpr auto cluster_id_timeout = 60s;    // Kafka's default.api.timeout.ms
constexpr auto topic_setup_timeout = 60s;   // the same for CreateTopics / DescribeConfigs

std::unique_ptr<storage::kafka_based_log> topic_log(const rdkafka::client_config& client,
                                                    const distributed_config& config, const std::string& topic,
                                                    const std::string& role,
                                                    std::map<std::string, std::string> producer_settings) {
    storage::kafka_based_log_options options;
    options.topic = topic;
    options.client = client;
    options.client_id = config.group_id + "-" + role;
    options.producer_settings = std::move(producer_settings);
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

result<void> create_internal_topics(const rdkafka::client_config& client, const distributed_config& config) {
    auto admin = rdkafka::admin_client::create(client);
    if (!admin) return admin.err();
    const std::vector<storage::internal_topic_spec> specs = {
        topic_spec(config.config_topic, "config.storage.topic"),
        topic_spec(config.offset_topic, "offset.storage.topic"),
        topic_spec(config.status_topic, "status.storage.topic")};
    for (const auto& spec : specs) {
        log::info("Checking internal topic {} ({})", spec.name, spec.config_key);
        if (auto ok = storage::ensure_internal_topic(*admin, spec, topic_setup_timeout); !ok) return ok.err();
    }
    return {};
}

coordination::config_view view_of(const storage::cluster_config& snapshot) {
    coordination::config_view view;
    view.offset = snapshot.offset;
    for (const std::string& c : snapshot.connectors())
        view.task_counts[c] = static_cast<std::int32_t>(snapshot.tasks(c).size());
    return view;
}

int fail(const std::string& what) {
    log::error("Stopping due to error: {}", what);
    return exit_startup_failed;
}

}  // namespace

int run_distributed(const std::vector<std::string>& args) {
    if (args.size() != 1) {
        log::error("Usage: copycat distributed worker.properties");
        return exit_usage;
    }
    shutdown_signal signals;  // first: the threads created below inherit the blocked signals
    auto worker_props = read_properties_file(args[0]);
    if (!worker_props) {
        log::error("Cannot read the worker configuration {}: {}", args[0], worker_props.err().describe());
        return exit_usage;
    }
    auto config = parse_distributed_config(*worker_props);
    if (!config) {
        log::error("{} in {}", config.err().describe(), args[0]);
        return exit_usage;
    }
    auto member_settings = group_member_settings(*config);
    if (!member_settings) {
        log::error("{} in {}", member_settings.err().describe(), args[0]);
        return exit_usage;
    }
    auto client = shared_client_config(config->worker);
    if (!client) {
        log::error("{} in {}", client.err().describe(), args[0]);
        return exit_usage;
    }
    auto protocol = coordination::parse_connect_protocol(config->connect_protocol);
    if (!protocol) return fail(protocol.err().describe());

    log::info("Copycat {} (commit {}) distributed worker initializing (group {})", version(), commit(),
              config->group_id);
    loader::plugin_registry plugins;
    register_plugins(config->plugin_path, plugins);

    log::info("Looking up the Kafka cluster id at {}", config->worker.bootstrap_servers);
    auto cluster_id = lookup_kafka_cluster_id(config->worker, cluster_id_timeout, [&] { return signals.requested(); });
    if (!cluster_id) {
        if (signals.requested()) return exit_ok;
        return fail(cluster_id.err().describe());
    }
    log::info("Kafka cluster ID: {}", *cluster_id);

    metrics::registry metrics_registry;  // outlives the REST server, which exposes it, and everything registered in it
    config->worker.metrics = &metrics_registry;
    auto rest_server = worker_rest_server::create(*config, &metrics_registry);
    if (!rest_server) {
        log::error("{} in {}", rest_server.err().describe(), args[0]);
        return exit_usage;
    }
    auto& server = **rest_server;
    const auto endpoint = server.start();
    if (!endpoint) return fail(endpoint.err().describe());
    config->worker.worker_id = endpoint->worker_id;
    const std::string url = endpoint->url;

    if (auto topics = create_internal_topics(*client, *config); !topics) {
        server.stop();
        return fail(topics.err().describe());
    }

    net::io_thread io;  // group membership I/O and the status store's retries (docs/threads.md)
    storage::kafka_offset_store offsets(topic_log(*client, *config, config->offset_topic.name, "offsets",
                                                 storage::kafka_offset_store::producer_settings()));
    storage::kafka_status_store status_topic(topic_log(*client, *config, config->status_topic.name, "statuses",
                                                        storage::kafka_status_store::producer_settings()),
                                             io.timers());
    storage::config_listener_relay relay;
    storage::kafka_config_store configs(topic_log(*client, *config, config->config_topic.name, "configs",
                                                      storage::kafka_config_store::producer_settings()), relay);
    for (auto [name, start] : {std::pair<const char*, std::function<result<void>()>>{"offsets",
                                                                                      [&] { return offsets.start(); }},
                               {"statuses", [&] { return status_topic.start(); }},
                               {"configs", [&] { return configs.start(); }}}) {
        log::info("Reading the {} topic", name);
        if (auto started = start(); !started) {
            server.stop();
            return fail(std::string("cannot read the ") + name + " topic: " + started.err().describe());
        }
    }

    herder::cluster_status_store statuses(status_topic, config->worker.worker_id);
    herder::status_recorder recorder(statuses, config->topic_tracking_enable);
    runtime::worker_metrics worker_metrics(recorder, metrics_registry);
    runtime::worker worker(config->worker, plugins, offsets, worker_metrics);
    worker_metrics.attach(&worker);
    runtime::offsets_admin offsets_admin(worker.config(), plugins, offsets);  // KIP-875 offsets endpoints
    runtime_connector_worker worker_port(worker, &offsets_admin);
    herder::distributed_herder distributed(
        worker_port, plugins, configs, statuses,
        {.kafka_cluster_id = *cluster_id,
         .url = url,
         .client_config_override_policy = config->worker.client_config_override_policy,
         .worker_sync_timeout = config->worker_sync_timeout});
    relay.connect(&distributed);
    recorder.on_reconfiguration([&distributed](const std::string& c) { distributed.request_task_reconfiguration(c); });

    coordination::worker_coordinator_options coordinator_options;
    coordinator_options.member = *member_settings;
    coordinator_options.protocol = *protocol;
    coordinator_options.url = url;
    coordinator_options.scheduled_rebalance_max_delay = config->scheduled_rebalance_max_delay;
    coordination::rebalance_metrics timed_rebalances(distributed, metrics_registry);
    auto coordinator = coordination::worker_coordinator::create(
        io.executor(), coordinator_options, [&configs] { return view_of(configs.snapshot()); }, timed_rebalances);
    if (!coordinator) {
        io.stop();
        server.stop();
        return fail(coordinator.err().describe());
    }
    distributed.attach(*coordinator);
    distributed.start();
    server.attach(distributed);
    log::info("Copycat worker started; REST API at {}", url);

    const std::string signal = signals.wait();
    log::info("Received {}: stopping", signal);
    server.stop();        // no request reaches the herder from now on
    distributed.stop();   // tasks, connectors, statuses flushed, LeaveGroup
    recorder.on_reconfiguration(nullptr);
    relay.connect(nullptr);
    io.stop();
    configs.stop();
    status_topic.stop();
    offsets.stop();
    log::info("Copycat worker stopped");
    return exit_ok;
}

}  // namespace copycat::app
