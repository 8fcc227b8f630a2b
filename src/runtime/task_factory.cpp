#include "runtime/task_factory.hpp"

#include <algorithm>
#include <charconv>
#include <functional>

#include "common/properties.hpp"
#include "common/strings.hpp"
#include "copycat/errors.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/client_configs.hpp"
#include "runtime/connector_config.hpp"
#include "runtime/connector_offsets_topic.hpp"
#include "runtime/dead_letter_queue_reporter.hpp"
#include "runtime/error_trace.hpp"
#include "runtime/exactly_once_source.hpp"
#include "runtime/rdkafka_sink_consumer.hpp"
#include "runtime/task_producer.hpp"
#include "runtime/task_converters.hpp"
#include "runtime/topic_creator.hpp"
#include "runtime/worker_sink_task.hpp"
#include "runtime/worker_source_task.hpp"

namespace copycat::runtime {
namespace {

using namespace std::chrono_literals;

// How long the dead-letter queue topic creation may take (Kafka: the admin client's
// default.api.timeout.ms).
constexpr auto dlq_setup_timeout = 60s;

// Creates the plugin's task through a connector instance of class `entry`.
template <class Connector, class Task>
result<std::unique_ptr<Task>> make_task(const loader::plugin_entry& entry) {
    try {
        auto task = entry.create<Connector>()->create_task();
        if (!task) return make_error(errc::internal, "Connector " + entry.class_name + " created no task");
        return task;
    } catch (...) {
        return make_error(errc::internal, "Failed to create a task of " + entry.class_name + ": " +
                                              error_trace(std::current_exception()));
    }
}

// Kafka's consumer max.poll.records (librdkafka has no such key): taken out of the settings.
std::size_t take_max_poll_records(string_map& settings) {
    std::size_t out = 500;
    if (auto it = settings.find("max.poll.records"); it != settings.end()) {
        std::size_t parsed = 0;
        const std::string_view text = trim(it->second);
        auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), parsed);
        if (ec == std::errc() && ptr == text.data() + text.size() && parsed > 0) out = parsed;
        settings.erase(it);
    }
    return out;
}

// The full class name of the plugin `name` (a class name or an alias) refers to.
std::string full_class_name(const loader::plugin_registry& plugins, const std::string& name) {
    const auto* entry = plugins.find(name);
    return entry != nullptr ? entry->class_name : name;
}

// The executing classes error reports name (Kafka: the converter and transformation classes).
error_stage_classes stage_classes(const loader::plugin_registry& plugins, const string_map& connector_config,
                                  const worker_config& worker) {
    error_stage_classes out;
    const auto converter_class = [&](std::string_view key) {
        auto spec = resolve_converter(key, connector_config, worker);
        return spec ? full_class_name(plugins, spec->class_name) : std::string();
    };
    out.key_converter = converter_class("key.converter");
    out.value_converter = converter_class("value.converter");
    out.header_converter = converter_class("header.converter");
    if (auto it = connector_config.find(connector_keys::transforms); it != connector_config.end()) {
        auto parsed = config_def::parse_type(connector_keys::transforms, it->second, config_type::list);
        for (const auto& alias : std::get<config_list>(parsed)) {
            auto type = connector_config.find("transforms." + alias + ".type");
            out.transformations.push_back(type == connector_config.end()
                                              ? std::string()
                                              : full_class_name(plugins, std::string(trim(type->second))));
        }
    }
    return out;
}

// The errors.* settings; errc::invalid_argument for a value that does not parse.
result<record_error_handler::settings> error_settings(const loader::plugin_registry& plugins,
                                                      const string_map& connector_config, const worker_config& worker) {
    try {
        auto s = record_error_handler::from_config(connector_config);
        s.classes = stage_classes(plugins, connector_config, worker);
        return s;
    } catch (const std::exception& e) {
        return make_error(errc::invalid_argument, e.what());
    }
}

// With exactly.once.source.support=enabled every source task is transactional, whatever its
// connector's exactly.once.support (Kafka: Worker picks ExactlyOnceWorkerSourceTask for all of them);
// preparing and disabled run them as before (docs/exactly-once-source.md).
// Their offsets go to `own_offsets_topic` (the connector's, runtime/connector_offsets_topic.hpp),
// or to the worker's offsets topic when that is empty.
result<std::optional<worker_source_task::transactions>> transaction_settings(const worker_config& worker,
                                                                             const string_map& connector_config,
                                                                             const std::string& own_offsets_topic) {
    using answer = std::optional<worker_source_task::transactions>;
    if (worker.exactly_once_source != exactly_once_source_support::enabled) return answer();
    worker_source_task::transactions t;
    t.offsets_topic = own_offsets_topic.empty() ? worker.offsets_topic : own_offsets_topic;
    const auto boundary =
        parse_transaction_boundary(trimmed_value(connector_config, connector_keys::transaction_boundary)).value_or(
            transaction_boundary::poll);
    t.commit_per_poll = boundary == transaction_boundary::poll;
    t.connector_defined = boundary == transaction_boundary::connector;
    t.interval = worker.offset_flush_interval;
    const std::string interval = trimmed_value(connector_config, connector_keys::transaction_boundary_interval_ms);
    if (!interval.empty()) {
        std::int64_t ms = 0;
        auto [end, ec] = std::from_chars(interval.data(), interval.data() + interval.size(), ms);
        if (ec != std::errc() || end != interval.data() + interval.size() || ms < 0)
            return make_error(errc::invalid_argument, "Invalid value " + interval +
                                                          " for configuration transaction.boundary.interval.ms");
        t.interval = std::chrono::milliseconds(ms);
    }
    return answer(std::move(t));
}

bool has_producer_overrides(const string_map& connector_config) {
    return std::any_of(connector_config.begin(), connector_config.end(),
                       [](const auto& entry) { return entry.first.starts_with("producer.override."); });
}

// The client.id of the shared producer when the worker sets none ("producer.client.id").
constexpr std::string_view shared_producer_client_id = "connector-producer-shared";

}  // namespace

result<std::shared_ptr<shared_producer>> task_factory::shared_task_producer(const task_id& first_user) const {
    std::lock_guard lock(shared_mutex_);
    if (shared_) return shared_;
    COPYCAT_TRY(auto settings, producer_settings(config_, {}, first_user));
    if (!config_.originals.contains("producer.client.id"))
        settings.insert_or_assign("client.id", std::string(shared_producer_client_id));
    COPYCAT_TRY(auto client, to_client_config(settings, "the shared task producer"));
    COPYCAT_TRY(shared_, shared_producer::create(client));
    return shared_;
}

std::vector<std::string> sink_subscription(const string_map& connector_config) {
    std::vector<std::string> out;
    if (auto it = connector_config.find(connector_keys::topics); it != connector_config.end()) {
        auto parsed = config_def::parse_type(connector_keys::topics, it->second, config_type::list);
        if (auto* list = std::get_if<config_list>(&parsed)) {
            for (const auto& t : *list)
                if (!t.empty()) out.push_back(t);
        }
    }
    if (out.empty()) {
        if (auto it = connector_config.find(connector_keys::topics_regex); it != connector_config.end()) {
            const std::string regex(trim(it->second));
            if (!regex.empty()) out.push_back("^(" + regex + ")$");
        }
    }
    return out;
}

result<std::shared_ptr<worker_task>> task_factory::create(const task_id& id, const string_map& connector_config,
                                                          const string_map& task_config, target_state initial) const {
    auto class_name = connector_config.find(connector_keys::connector_class);
    COPYCAT_TRY(auto entry,
                plugins_.find(class_name == connector_config.end() ? std::string_view() : trim(class_name->second),
                              {plugin_kind::source_connector, plugin_kind::sink_connector}));
    const bool is_source = entry->kind() == plugin_kind::source_connector;
    COPYCAT_TRY(auto converters, task_converters::create(plugins_, connector_config, config_));
    COPYCAT_TRY(auto transforms, transformation_chain::create(plugins_, connector_config));
    COPYCAT_TRY(auto errors, error_settings(plugins_, connector_config, config_));

    if (is_source) {
        COPYCAT_TRY(auto task, make_task<source_connector, source_task>(*entry));
        COPYCAT_TRY(auto own_offsets,
                    connector_offset_store_for(config_, connector_config, offsets_, "connector-offsets-" + id.to_string()));
        COPYCAT_TRY(auto own_topic, own_offsets_topic(config_, connector_config));
        COPYCAT_TRY(auto transactions, transaction_settings(config_, connector_config, own_topic));
        std::unique_ptr<task_producer> producer;
        if (!transactions && !has_producer_overrides(connector_config)) {
            COPYCAT_TRY(auto shared, shared_task_producer(id));
            producer = std::make_unique<task_producer>(std::move(shared));
        } else {
            COPYCAT_TRY(auto settings, producer_settings(config_, connector_config, id));
            if (transactions) make_transactional(settings, config_.group_id, id);
            COPYCAT_TRY(auto client, to_client_config(settings, "task " + id.to_string() + " producer"));
            COPYCAT_TRY(auto own, rdkafka::producer::create(client));
            producer = std::make_unique<task_producer>(std::move(own));
        }
        COPYCAT_TRY(auto topics, make_topic_creator(config_, connector_config, id));
        worker_source_task::parts parts{std::move(task),       task_config,          std::move(converters),
                                        std::move(transforms), std::move(producer), std::move(errors),
                                        std::move(own_offsets), std::move(topics)};
        worker_source_task::settings s;
        s.offset_flush_interval = config_.offset_flush_interval;
        s.offset_flush_timeout = config_.offset_flush_timeout;
        s.metrics = config_.metrics;
        s.exactly_once = std::move(transactions);
        return std::shared_ptr<worker_task>(
            std::make_shared<worker_source_task>(id, initial, listener_, std::move(parts), offsets_, s));
    }

    COPYCAT_TRY(auto task, make_task<sink_connector, sink_task>(*entry));
    auto subscription = sink_subscription(connector_config);
    if (subscription.empty()) return make_error(errc::invalid_argument, "Must configure one of topics or topics.regex");
    COPYCAT_TRY(auto settings, consumer_settings(config_, connector_config, id));
    const auto max_poll_records = take_max_poll_records(settings);
    COPYCAT_TRY(auto client, to_client_config(settings, "task " + id.to_string() + " consumer"));
    COPYCAT_TRY(auto consumer, rdkafka::consumer::create(client));
    dead_letter_queue_settings dlq;
    try {
        dlq = dead_letter_queue_settings::from_config(connector_config);
    } catch (const std::exception& e) {
        return make_error(errc::invalid_argument, e.what());
    }
    std::function<result<std::unique_ptr<dead_letter_queue_reporter>>(std::shared_ptr<error_handling_counters>)>
        dead_letter_queue;
    if (dlq.enabled()) {
        // Runs on the task thread when it starts (it may block on the broker, as in Kafka).
        dead_letter_queue = [worker = config_, connector_config,
                             id](std::shared_ptr<error_handling_counters> counters) {
            return create_dead_letter_queue_reporter(worker, connector_config, id, std::move(counters),
                                                     dlq_setup_timeout);
        };
    }
    worker_sink_task::parts parts{std::move(task),
                                  task_config,
                                  std::move(converters),
                                  std::move(transforms),
                                  std::make_unique<rdkafka_sink_consumer>(std::move(consumer)),
                                  std::move(errors),
                                  std::move(subscription),
                                  std::move(dead_letter_queue)};
    worker_sink_task::settings s{config_.offset_flush_interval, config_.offset_flush_timeout, max_poll_records};
    s.metrics = config_.metrics;
    return std::shared_ptr<worker_task>(
        std::make_shared<worker_sink_task>(id, initial, listener_, std::move(parts), s));
}

}  // namespace copycat::runtime
