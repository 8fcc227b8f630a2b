#include "runtime/dead_letter_queue_reporter.hpp"

#include <cxxabi.h>

#include <cstdlib>
#include <typeinfo>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/errors.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "runtime/client_configs.hpp"
#include "runtime/client_override_policy.hpp"
#include "runtime/connector_config.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {
namespace {

constexpr std::string_view header_prefix = "__connect.errors.";

std::string demangled(const std::type_info& type) {
    int status = 0;
    std::unique_ptr<char, void (*)(void*)> name(abi::__cxa_demangle(type.name(), nullptr, nullptr, &status), std::free);
    std::string text = status == 0 && name ? std::string(name.get()) : std::string(type.name());
    const std::string wrapper = "std::_Nested_exception<";  // std::throw_with_nested's wrapper
    if (text.rfind(wrapper, 0) == 0 && text.back() == '>')
        text = text.substr(wrapper.size(), text.size() - wrapper.size() - 1);
    return text;
}

// Most derived first: the first match names the exception.
std::string java_class_name(const std::exception& e) {
    if (dynamic_cast<const schema_builder_error*>(&e)) return "org.apache.kafka.connect.errors.SchemaBuilderException";
    if (dynamic_cast<const data_error*>(&e)) return "org.apache.kafka.connect.errors.DataException";
    if (dynamic_cast<const retriable_error*>(&e)) return "org.apache.kafka.connect.errors.RetriableException";
    if (dynamic_cast<const not_found_error*>(&e)) return "org.apache.kafka.connect.errors.NotFoundException";
    if (dynamic_cast<const already_exists_error*>(&e)) return "org.apache.kafka.connect.errors.AlreadyExistsException";
    if (dynamic_cast<const config_error*>(&e)) return "org.apache.kafka.common.config.ConfigException";
    if (dynamic_cast<const connect_error*>(&e)) return "org.apache.kafka.connect.errors.ConnectException";
    return demangled(typeid(e));
}

// "<class>: <message>" and a "Caused by: " line per nested cause, with the class names above.
void describe(const std::exception_ptr& e, std::string& out, int depth) {
    if (!e) return;
    if (depth > 0) out += "\nCaused by: ";
    try {
        std::rethrow_exception(e);
    } catch (const std::exception& ex) {
        out += java_class_name(ex) + ": " + ex.what();
        if (const auto* nested = dynamic_cast<const std::nested_exception*>(&ex); nested != nullptr && depth < 16) {
            describe(nested->nested_ptr(), out, depth + 1);
        }
    } catch (...) {
        out += "unknown exception";
    }
}

// Worker settings that carry the connection's security, which the admin client needs too.
bool is_connection_setting(std::string_view key) {
    return key.starts_with("security.") || key.starts_with("ssl.") || key.starts_with("sasl.");
}

// Kafka's Worker.adminConfigs for the DLQ admin client.
result<rdkafka::client_config> dlq_admin_config(const worker_config& worker, const string_map& connector_config,
                                                const task_id& id) {
    string_map settings{{"bootstrap.servers", worker.bootstrap_servers}, {"client.id", "connector-dlq-adminclient-"}};
    for (const auto& [key, value] : worker.originals) {
        if (is_connection_setting(key)) settings.insert_or_assign(key, value);
    }
    constexpr std::string_view admin_prefix = "admin.";
    for (auto it = worker.originals.lower_bound(admin_prefix);
         it != worker.originals.end() && it->first.starts_with(admin_prefix); ++it) {
        settings.insert_or_assign(it->first.substr(admin_prefix.size()), it->second);
    }
    const auto override_prefix = connector_keys::admin_override_prefix;
    COPYCAT_TRY_VOID(check_client_overrides(worker, connector_config, override_prefix));
    for (auto it = connector_config.lower_bound(override_prefix);
         it != connector_config.end() && it->first.starts_with(override_prefix); ++it) {
        settings.insert_or_assign(it->first.substr(override_prefix.size()), it->second);
    }
    return to_client_config(settings, "task " + id.to_string() + " dead letter queue admin client");
}

// Creates the topic unless it exists (Kafka lists the topics first; creating and accepting
// "already exists" is the same, and an existing topic is also accepted when creating it is
// refused, e.g. for lack of the CREATE permission).
result<void> ensure_topic(rdkafka::admin_client& admin, const dead_letter_queue_settings& s,
                          std::chrono::milliseconds timeout) {
    auto created =
        admin.create_topic({.name = s.topic, .partitions = 1, .replication_factor = s.replication_factor}, timeout);
    if (created || created.err().code == errc::already_exists) {
        if (created) log::info("Created the dead letter queue topic {}", s.topic);
        return {};
    }
    if (admin.describe_topic_configs(s.topic, timeout)) return {};
    return created.err();
}

}  // namespace

dead_letter_queue_settings dead_letter_queue_settings::from_config(const string_map& connector_config) {
    dead_letter_queue_settings s;
    if (auto it = connector_config.find(connector_keys::dlq_topic_name); it != connector_config.end()) {
        s.topic = trim(it->second);
    }
    if (auto it = connector_config.find(connector_keys::dlq_topic_replication_factor); it != connector_config.end()) {
        const auto parsed =
            config_def::parse_type(connector_keys::dlq_topic_replication_factor, it->second, config_type::short_);
        if (const auto* v = std::get_if<std::int16_t>(&parsed)) s.replication_factor = *v;
    }
    if (auto it = connector_config.find(connector_keys::dlq_context_headers_enable); it != connector_config.end()) {
        const auto parsed =
            config_def::parse_type(connector_keys::dlq_context_headers_enable, it->second, config_type::boolean);
        if (const auto* v = std::get_if<bool>(&parsed)) s.context_headers = *v;
    }
    return s;
}

std::string exception_class_name(const std::exception_ptr& error) {
    if (!error) return "null";
    try {
        std::rethrow_exception(error);
    } catch (const std::exception& e) {
        return java_class_name(e);
    } catch (...) {
        return "unknown exception";
    }
}

dead_letter_queue_reporter::dead_letter_queue_reporter(dead_letter_queue_settings settings, task_id id,
                                                       std::unique_ptr<output> out,
                                                       std::shared_ptr<error_handling_counters> counters)
    : settings_(std::move(settings)), id_(std::move(id)), out_(std::move(out)), counters_(std::move(counters)) {}

dead_letter_queue_reporter::~dead_letter_queue_reporter() { close(std::chrono::milliseconds(0)); }

std::vector<dlq_header> dead_letter_queue_reporter::context_headers(const consumed_record* original, const task_id& id,
                                                                    error_stage stage, std::string_view executing_class,
                                                                    const std::exception_ptr& error) {
    const auto key = [](std::string_view name) { return std::string(header_prefix) + std::string(name); };
    std::vector<dlq_header> out;
    if (original != nullptr) {
        out.emplace_back(key("topic"), std::string(original->topic));
        out.emplace_back(key("partition"), std::to_string(original->partition));
        out.emplace_back(key("offset"), std::to_string(original->offset));
    }
    out.emplace_back(key("connector.name"), id.connector);
    out.emplace_back(key("task.id"), std::to_string(id.task));
    out.emplace_back(key("stage"), std::string(error_stage_name(stage)));
    out.emplace_back(key("class.name"), executing_class.empty() ? std::string("null") : std::string(executing_class));
    if (error) {
        out.emplace_back(key("exception.class.name"), exception_class_name(error));
        out.emplace_back(key("exception.message"), error_message(error));
        std::string trace;
        describe(error, trace, 0);
        out.emplace_back(key("exception.stacktrace"), std::move(trace));
    }
    return out;
}

void dead_letter_queue_reporter::report(const consumed_record* original, error_stage stage,
                                        std::string_view executing_class, const std::exception_ptr& error) {
    if (!out_ || closing_) return;
    counters_->dlq_request();
    if (original == nullptr) {
        counters_->dlq_failure();
        return;
    }
    std::vector<dlq_header> extra;
    if (settings_.context_headers) extra = context_headers(original, id_, stage, executing_class, error);
    std::vector<rdkafka::header_view> views(original->headers.begin(), original->headers.end());
    for (const auto& [k, v] : extra) views.push_back({k, v ? std::optional<std::string_view>(*v) : std::nullopt});

    rdkafka::outgoing_record record;
    record.topic = settings_.topic;
    record.key = original->key;
    record.value = original->value;
    record.headers = views;
    record.timestamp_ms = original->timestamp_ms >= 0 ? original->timestamp_ms : 0;  // 0: the producer's clock
    ++pending_;
    if (auto produced = out_->produce(record, [this](const rdkafka::delivery_report& r) { on_delivery(r); });
        !produced) {
        --pending_;
        counters_->dlq_failure();
        log::error("Task {}: could not produce message to dead letter queue. topic={}: {}", id_.to_string(),
                   settings_.topic, produced.err().describe());
    }
}

void dead_letter_queue_reporter::on_delivery(const rdkafka::delivery_report& report) {
    if (pending_ > 0) --pending_;
    if (report.status) return;
    counters_->dlq_failure();
    log::error("Task {}: could not produce message to dead letter queue. topic={}{}: {}", id_.to_string(),
               settings_.topic, closing_ ? " (not acknowledged before the reporter closed)" : "",
               report.status.err().describe());
}

void dead_letter_queue_reporter::poll() {
    if (out_ && pending_ > 0) out_->poll(std::chrono::milliseconds(0));
}

bool dead_letter_queue_reporter::flush(std::chrono::milliseconds timeout) {
    if (!out_) return pending_ == 0;
    if (pending_ > 0) {
        if (auto flushed = out_->flush(timeout); !flushed) {
            log::warn("Task {}: dead letter queue writes still pending after {} ms: {}", id_.to_string(),
                      timeout.count(), flushed.err().describe());
        }
    }
    return pending_ == 0;
}

void dead_letter_queue_reporter::close(std::chrono::milliseconds timeout) {
    if (!out_) return;
    if (pending_ > 0 && timeout.count() > 0) flush(timeout);
    closing_ = true;
    out_.reset();  // fails what is still pending (callbacks run here)
}

result<void> rdkafka_dlq_output::produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback done) {
    // A full local queue: serve delivery reports until there is room (Kafka's send() blocks too).
    for (;;) {
        auto produced = producer_.produce(record, done);
        if (produced || produced.err().code != errc::unavailable) return produced;
        producer_.poll(std::chrono::milliseconds(100));
    }
}

result<std::unique_ptr<dead_letter_queue_reporter>> create_dead_letter_queue_reporter(
    const worker_config& worker, const string_map& connector_config, const task_id& id,
    std::shared_ptr<error_handling_counters> counters, std::chrono::milliseconds timeout) {
    auto settings = dead_letter_queue_settings::from_config(connector_config);
    const auto failed = [&](const error& e) {
        return error(e.code,
                     "Could not initialize dead letter queue with topic=" + settings.topic + ": " + e.describe());
    };
    auto admin_config = dlq_admin_config(worker, connector_config, id);
    if (!admin_config) return failed(admin_config.err());
    {
        auto admin = rdkafka::admin_client::create(*admin_config);
        if (!admin) return failed(admin.err());
        if (auto topic = ensure_topic(*admin, settings, timeout); !topic) return failed(topic.err());
    }
    auto producer_config = producer_settings(worker, connector_config, id);
    if (!producer_config) return failed(producer_config.err());
    if (auto it = producer_config->find("client.id");
        it != producer_config->end() && it->second == "connector-producer-" + id.to_string()) {
        it->second = "connector-dlq-producer-" + id.to_string();  // unless producer.* or an override set one
    }
    auto client = to_client_config(*producer_config, "task " + id.to_string() + " dead letter queue producer");
    if (!client) return failed(client.err());
    auto producer = rdkafka::producer::create(*client);
    if (!producer) return failed(producer.err());
    return std::make_unique<dead_letter_queue_reporter>(
        std::move(settings), id, std::make_unique<rdkafka_dlq_output>(std::move(*producer)), std::move(counters));
}

}  // namespace copycat::runtime
