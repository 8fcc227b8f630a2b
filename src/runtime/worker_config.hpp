#pragma once
// The worker settings the runtime uses, already parsed and validated (the application fills this
// from worker.properties: Kafka's WorkerConfig keys). Owned by the application; read-only after
// start-up.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "runtime/exactly_once_source.hpp"

namespace copycat::metrics {
class registry;
}

namespace copycat::runtime {

class config_transformer;

using string_map = std::map<std::string, std::string, std::less<>>;

struct worker_config {
    // Every worker property as given (prefixed client settings, converter sub-configs, ...).
    string_map originals;

    // The librdkafka settings of the worker's own clients (its admin client and internal-topic
    // logs, not its tasks') from Kafka's top-level client keys, under librdkafka's names
    // (app/kafka_worker_keys.hpp).
    string_map client_settings;

    // The librdkafka settings of the key and trust stores of the tasks' clients, by the prefix of
    // the worker keys they come from ("producer.", "consumer.", "admin."; "" for the top-level
    // keys the admin client starts from), read at start-up (app/kafka_client_stores.hpp): they
    // replace that prefix's Kafka store keys (client_configs.hpp). No entry: the keys go to
    // librdkafka as they are.
    std::map<std::string, string_map, std::less<>> client_store_settings;

    // Reads Kafka's store keys (`keys` without their prefix, `prefix` naming them in errors) into
    // librdkafka's settings, as at start-up (app::librdkafka_store_settings): used for the store
    // keys of a connector's client overrides, read when its tasks' clients are built. Null: the
    // override keys go to librdkafka as they are.
    std::function<result<string_map>(const string_map& keys, const std::string& prefix)> client_store_reader;

    std::string bootstrap_servers = "localhost:9092";
    // Default converters for connectors that set none (class names or aliases).
    std::string key_converter;
    std::string value_converter;
    std::string header_converter = "org.apache.kafka.connect.storage.SimpleHeaderConverter";

    std::chrono::milliseconds offset_flush_interval{60000};
    std::chrono::milliseconds offset_flush_timeout{5000};
    std::chrono::milliseconds task_shutdown_graceful_timeout{5000};
    // How long stop() waits for the threads of abandoned tasks, stuck in a plugin call, before it
    // gives up on them (Kafka: Worker.EXECUTOR_SHUTDOWN_TERMINATION_TIMEOUT_MS, 1 s; no config).
    std::chrono::milliseconds abandoned_task_join_timeout{1000};

    // task.threads: the threads of the pool that runs source tasks with a non-blocking poll()
    // (docs/scale.md); 0: one per core.
    std::size_t task_threads = 0;

    // connector.client.config.override.policy: "All", "None", "Principal" or "Allowlist", and
    // connector.client.config.override.allowlist, the keys Allowlist lets connectors override
    // (client_override_policy.hpp).
    std::string client_config_override_policy = "All";
    std::vector<std::string> client_config_override_allowlist;

    // KIP-618, distributed workers only (docs/exactly-once-source.md): exactly.once.source.support;
    // group.id, which names the source tasks' transactional ids; offset.storage.topic, where
    // their transactions write offsets. A standalone worker leaves them disabled and empty.
    exactly_once_source_support exactly_once_source = exactly_once_source_support::disabled;
    std::string group_id;
    std::string offsets_topic;
    // How a connector's own offsets topic (offsets.storage.topic) is created: as the worker's
    // (offset.storage.partitions, offset.storage.replication.factor and the other
    // offset.storage.* topic configs; Kafka: KafkaOffsetBackingStore.newTopicDescription).
    std::int32_t offsets_topic_partitions = -1;
    std::int32_t offsets_topic_replication_factor = -1;
    std::map<std::string, std::string> offsets_topic_configs;

    // topic.creation.enable: source tasks create their topics as their connector's topic.creation.*
    // keys say (runtime/topic_creator.hpp); false: they never create one.
    bool topic_creation_enable = true;

    // How statuses name this worker: "<advertised host>:<advertised port>".
    std::string worker_id;

    // config.providers: resolves the placeholders of connector and task configs when they start
    // (docs/security.md#config-providers); none: configs are used as they are.
    std::shared_ptr<const config_transformer> config_providers;

    // Where tasks register their metrics (owned by the application); none: no task metrics.
    metrics::registry* metrics = nullptr;
    // metrics.sample.window.ms and metrics.num.samples: the window of Kafka's windowed metrics.
    std::int64_t metrics_sample_window_ms = 30000;
    int metrics_num_samples = 2;
};

}  // namespace copycat::runtime
