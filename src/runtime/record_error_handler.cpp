#include "runtime/record_error_handler.hpp"

#include <algorithm>
#include <cctype>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/errors.hpp"
#include "runtime/dead_letter_queue_reporter.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {
namespace {

std::string lower_trimmed(const string_map& config, std::string_view key, std::string fallback) {
    auto it = config.find(key);
    return to_lower(trim(it == config.end() ? std::string_view(fallback) : std::string_view(it->second)));
}

std::chrono::milliseconds long_ms(const string_map& config, std::string_view key, std::int64_t fallback) {
    auto it = config.find(key);
    if (it == config.end()) return std::chrono::milliseconds(fallback);
    const auto parsed = config_def::parse_type(key, it->second, config_type::long_);
    const auto* v = std::get_if<std::int64_t>(&parsed);
    return std::chrono::milliseconds(v == nullptr ? fallback : *v);
}

// LogReporter.Sink / LogReporter.Source appendMessage.
std::string record_details(const error_origin& origin) {
    if (origin.source != nullptr) return ", where source record is = " + origin.source->to_string();
    if (origin.consumed == nullptr) return {};
    const auto& m = *origin.consumed;
    std::string out = ", where consumed record is {topic='" + std::string(m.topic) +
                      "', partition=" + std::to_string(m.partition) + ", offset=" + std::to_string(m.offset);
    if (m.ts_type == timestamp_type::create_time || m.ts_type == timestamp_type::log_append_time) {
        out += ", timestamp=" + std::to_string(m.timestamp_ms) +
               ", timestampType=" + std::string(copycat::timestamp_type_name(m.ts_type));
    }
    return out + "}";
}

bool tolerable_in(error_stage stage) {
    switch (stage) {
        case error_stage::key_converter:
        case error_stage::value_converter:
        case error_stage::header_converter:
        case error_stage::transformation:
            return true;
        default:
            return false;
    }
}

std::int64_t wall_clock_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace

std::string_view error_stage_name(error_stage stage) {
    switch (stage) {
        case error_stage::key_converter:
            return "KEY_CONVERTER";
        case error_stage::value_converter:
            return "VALUE_CONVERTER";
        case error_stage::header_converter:
            return "HEADER_CONVERTER";
        case error_stage::transformation:
            return "TRANSFORMATION";
        case error_stage::task_put:
            return "TASK_PUT";
        case error_stage::task_poll:
            return "TASK_POLL";
        case error_stage::kafka_produce:
            return "KAFKA_PRODUCE";
        case error_stage::kafka_consume:
            return "KAFKA_CONSUME";
    }
    return "UNKNOWN";
}

error_handling_counts error_handling_counters::snapshot() const {
    error_handling_counts out;
    out.record_failures = record_failures_.load();
    out.record_errors = record_errors_.load();
    out.records_skipped = records_skipped_.load();
    out.retries = retries_.load();
    out.errors_logged = errors_logged_.load();
    out.dlq_produce_requests = dlq_produce_requests_.load();
    out.dlq_produce_failures = dlq_produce_failures_.load();
    out.last_error_timestamp_ms = last_error_ms_.load();
    return out;
}

record_error_handler::settings record_error_handler::from_config(const string_map& connector_config) {
    settings s;
    s.tolerate_all = lower_trimmed(connector_config, "errors.tolerance", "none") == "all";
    s.log_errors = lower_trimmed(connector_config, "errors.log.enable", "false") == "true";
    s.include_messages = lower_trimmed(connector_config, "errors.log.include.messages", "false") == "true";
    s.retry.timeout = long_ms(connector_config, "errors.retry.timeout", 0);
    s.retry.max_delay = long_ms(connector_config, "errors.retry.delay.max.ms", 60000);
    return s;
}

record_error_handler::record_error_handler(settings s, task_id id, retry_clock clock)
    : settings_(std::move(s)), id_(std::move(id)), retry_(settings_.retry, std::move(clock)) {}

record_error_handler::~record_error_handler() = default;

void record_error_handler::set_dead_letter_queue(std::unique_ptr<dead_letter_queue_reporter> dlq) {
    dlq_ = std::move(dlq);
}

void record_error_handler::poll_reports() {
    if (dlq_) dlq_->poll();
}

bool record_error_handler::flush_reports(std::chrono::milliseconds timeout) {
    if (!dlq_ || dlq_->flush(timeout)) return true;
    log::warn("Task {}: {} dead letter queue writes are not acknowledged after {} ms", id_.to_string(), dlq_->pending(),
              timeout.count());
    return false;
}

void record_error_handler::close_reports(std::chrono::milliseconds timeout) {
    if (dlq_) dlq_->close(timeout);
}

bool record_error_handler::is_retriable(const std::exception_ptr& error) {
    try {
        std::rethrow_exception(error);
    } catch (const retriable_error&) {
        return true;
    } catch (...) {
        return false;
    }
}

std::string_view record_error_handler::stage_class(error_stage stage, std::size_t transformation) const {
    const auto& c = settings_.classes;
    switch (stage) {
        case error_stage::key_converter:
            return c.key_converter;
        case error_stage::value_converter:
            return c.value_converter;
        case error_stage::header_converter:
            return c.header_converter;
        case error_stage::transformation:
            return transformation < c.transformations.size() ? std::string_view(c.transformations[transformation])
                                                             : std::string_view();
        default:
            return {};
    }
}

void record_error_handler::handle(error_stage stage, std::string_view executing_class, const error_origin& origin,
                                  const std::exception_ptr& error) {
    counters_->add_failures(1);
    fail(stage, executing_class, origin, error, false);
}

void record_error_handler::fail(error_stage stage, std::string_view executing_class, const error_origin& origin,
                                const std::exception_ptr& error, bool check_tolerable) {
    counters_->error_at(wall_clock_ms());
    counters_->error();
    // Kafka reports (log, dead-letter queue) before deciding, so a record that fails the task
    // under errors.tolerance=none is reported too.
    report(stage, executing_class, origin, error);
    const bool tolerable = !check_tolerable || tolerable_in(stage) || is_retriable(error);
    if (!tolerable || !settings_.tolerate_all) {
        try {
            std::rethrow_exception(error);
        } catch (...) {
            std::throw_with_nested(connect_error(tolerable ? "Tolerance exceeded in error handler"
                                                           : "Unhandled exception in error handler"));
        }
    }
    counters_->skipped();
}

std::string record_error_handler::log_message(const task_id& id, error_stage stage, std::string_view executing_class,
                                              const error_origin& origin, bool include_record) {
    return "Error encountered in task " + id.to_string() + ". Executing stage '" +
           std::string(error_stage_name(stage)) + "' with class '" +
           (executing_class.empty() ? std::string("null") : std::string(executing_class)) + "'" +
           (include_record ? record_details(origin) : std::string()) + ".";
}

void record_error_handler::report(error_stage stage, std::string_view executing_class, const error_origin& origin,
                                  const std::exception_ptr& error) {
    if (settings_.log_errors) {
        log::error("{}\n{}", log_message(id_, stage, executing_class, origin, settings_.include_messages),
                   error_trace(error));
        counters_->logged();
    }
    if (dlq_ != nullptr) dlq_->report(origin.consumed, stage, executing_class, error);
}

}  // namespace copycat::runtime
