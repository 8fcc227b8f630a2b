#pragma once
// What happens to a record that fails a conversion, a transformation or a produce (Kafka:
// RetryWithToleranceOperator with its LogReporter and DeadLetterQueueReporter).
//
//   execute(stage, origin, op): runs op; a retriable_error is attempted again within
//   errors.retry.timeout (retry_policy). When op fails for good the failure is reported:
//   logged when errors.log.enable (Kafka's "Error encountered in task <c>-<n>. Executing stage
//   'VALUE_CONVERTER' with class '...'." and, with errors.log.include.messages, the record),
//   and, for sink records when errors.deadletterqueue.topic.name is set, the original consumed
//   record is written to the dead-letter queue. Then errors.tolerance decides: none throws
//   connect_error "Tolerance exceeded in error handler" nesting the error (the task fails);
//   all skips the record (execute() returns false). Converter and transformation stages
//   tolerate every exception; other stages only retriable ones ("Unhandled exception in error
//   handler" otherwise), as in Kafka.
//
// Like Kafka since KAFKA-18073, a retriable error that outlasts errors.retry.timeout is a
// failure like any other (errors.tolerance=none fails the task rather than dropping the record).
// A retry cut short by a task stop throws retry_interrupted: the record is left alone.
//
// The handler owns the sink task's dead_letter_queue_reporter (set_dead_letter_queue()); the
// task serves its delivery reports (poll_reports()) and, before every offset commit, waits for
// its writes (flush_reports()). Counters (Kafka: ErrorHandlingMetrics) are kept per task in
// error_handling_counters; they may be read from any thread.
//
// Owned by one task, with its dead-letter queue reporter; used on the task thread (handle() for
// a failed produce comes from the producer's delivery callbacks, which run on that thread too).

#include <atomic>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/data/records.hpp"
#include "runtime/retry_policy.hpp"
#include "runtime/sink_consumer.hpp"
#include "runtime/transformation_chain.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::runtime {

class dead_letter_queue_reporter;

enum class error_stage {
    key_converter,
    value_converter,
    header_converter,
    transformation,
    task_put,
    task_poll,
    kafka_produce,
    kafka_consume,
};

// Kafka's Stage names: "KEY_CONVERTER", ..., "TASK_PUT".
std::string_view error_stage_name(error_stage stage);

// The record an error is about (Kafka: ProcessingContext.original()): the record as consumed
// (sink) or as the source task returned it, before transformations (source). Either may be null.
struct error_origin {
    const consumed_record* consumed = nullptr;
    const source_record* source = nullptr;
};

// A snapshot of the counters; the names follow Kafka's task-error-metrics.
struct error_handling_counts {
    std::uint64_t record_failures = 0;         // total-record-failures: failed attempts, retried ones too
    std::uint64_t record_errors = 0;           // total-record-errors: operations that failed for good
    std::uint64_t records_skipped = 0;         // total-records-skipped
    std::uint64_t retries = 0;                 // total-retries
    std::uint64_t errors_logged = 0;           // total-errors-logged
    std::uint64_t dlq_produce_requests = 0;    // deadletterqueue-produce-requests
    std::uint64_t dlq_produce_failures = 0;    // deadletterqueue-produce-failures
    std::int64_t last_error_timestamp_ms = 0;  // last-error-timestamp (wall clock), 0: none yet

    friend bool operator==(const error_handling_counts&, const error_handling_counts&) = default;
};

// The live counters of one task. Written on the task thread, readable from any thread.
class error_handling_counters {
public:
    void add_failures(std::uint64_t n) { record_failures_ += n; }
    void add_retries(std::uint64_t n) { retries_ += n; }
    void error() { ++record_errors_; }
    void skipped() { ++records_skipped_; }
    void logged() { ++errors_logged_; }
    void dlq_request() { ++dlq_produce_requests_; }
    void dlq_failure() { ++dlq_produce_failures_; }
    void error_at(std::int64_t wall_clock_ms) { last_error_ms_ = wall_clock_ms; }
    error_handling_counts snapshot() const;

private:
    std::atomic<std::uint64_t> record_failures_{0}, record_errors_{0}, records_skipped_{0}, retries_{0},
        errors_logged_{0}, dlq_produce_requests_{0}, dlq_produce_failures_{0};
    std::atomic<std::int64_t> last_error_ms_{0};
};

// The class each stage reports as executing (Kafka: the Class given to execute(), e.g.
// "org.apache.kafka.connect.json.JsonConverter"). Empty names are reported as "null".
struct error_stage_classes {
    std::string key_converter;
    std::string value_converter;
    std::string header_converter;
    std::vector<std::string> transformations;  // one per transformation_chain stage, in order
};

class record_error_handler {
public:
    struct settings {
        bool tolerate_all = false;
        bool log_errors = false;
        bool include_messages = false;
        retry_settings retry;
        error_stage_classes classes;
    };

    // errors.tolerance, errors.log.enable, errors.log.include.messages, errors.retry.timeout and
    // errors.retry.delay.max.ms of a connector config. Throws config_error for a value that does
    // not parse.
    static settings from_config(const string_map& connector_config);

    // `clock` ends retry waits when the task stops (see retry_policy).
    record_error_handler(settings s, task_id id, retry_clock clock = {});
    ~record_error_handler();
    record_error_handler(const record_error_handler&) = delete;
    record_error_handler& operator=(const record_error_handler&) = delete;

    bool tolerates_all() const { return settings_.tolerate_all; }
    const settings& config() const { return settings_; }

    // Reports go to `dlq` as well from now on (sink tasks).
    void set_dead_letter_queue(std::unique_ptr<dead_letter_queue_reporter> dlq);
    // Serves the dead-letter queue's delivery reports that are ready.
    void poll_reports();
    // True when every dead-letter queue write so far is acknowledged (or failed), waiting up to
    // `timeout` for that; always true without a dead-letter queue.
    bool flush_reports(std::chrono::milliseconds timeout);
    // Flushes the dead-letter queue for up to `timeout`, then closes it.
    void close_reports(std::chrono::milliseconds timeout);

    // Runs `op` with retries; true when it completed. False when it failed and the failure is
    // tolerated (skip the record); throws connect_error when it is not.
    template <class F>
    bool execute(error_stage stage, const error_origin& origin, F&& op) {
        return execute_as(stage, stage_class(stage, 0), origin, std::forward<F>(op));
    }

    // The transformation chain, stage by stage, each one retried on its own (from a copy of its
    // input when retries are enabled, since transformations change the record in place). True
    // when the record went through; false when a stage dropped it or failed tolerated.
    template <class R>
    bool transform(transformation_chain& chain, R& record, const error_origin& origin) {
        std::size_t index = 0;
        for (const auto& stage : chain.stages()) {
            bool keep = true;
            std::optional<R> input;
            if (retry_.retries_enabled()) input.emplace(record);
            int attempt = 0;
            const auto apply_stage = [&] {
                if (attempt++ > 0 && input) record = *input;
                const bool applies = !stage.predicate || stage.predicate->test(record) != stage.negate;
                keep = !applies || stage.transform->apply(record);
            };
            const auto executing_class = stage_class(error_stage::transformation, index++);
            if (!execute_as(error_stage::transformation, executing_class, origin, apply_stage) || !keep) return false;
        }
        return true;
    }

    // A failure that happened outside execute() (Kafka: executeFailed), e.g. a produce the
    // broker refused. Reports it, then returns (tolerated) or throws as execute() does.
    void handle(error_stage stage, std::string_view executing_class, const error_origin& origin,
                const std::exception_ptr& error);

    // Kafka's LogReporter line (without the error, which follows it on the next lines):
    // "Error encountered in task c-0. Executing stage 'VALUE_CONVERTER' with class 'x.Y'" and,
    // with `include_record`, ", where consumed record is {topic='t', partition=0, offset=5,
    // timestamp=..., timestampType=CreateTime}" (sink) or ", where source record is = ..."; then ".".
    static std::string log_message(const task_id& id, error_stage stage, std::string_view executing_class,
                                   const error_origin& origin, bool include_record);

    error_handling_counts counts() const { return counters_->snapshot(); }
    // The live counters, shared with the dead-letter queue reporter.
    const std::shared_ptr<error_handling_counters>& counters() const { return counters_; }

private:
    template <class F>
    bool execute_as(error_stage stage, std::string_view executing_class, const error_origin& origin, F&& op) {
        const auto result = retry_.run(op, [this](retry_policy::event e) {
            if (e == retry_policy::event::retriable_failure) {
                counters_->add_failures(1);
            } else {
                counters_->add_retries(1);
            }
        });
        if (!result.error) return true;
        if (!is_retriable(result.error)) counters_->add_failures(1);
        fail(stage, executing_class, origin, result.error, true);
        return false;
    }

    static bool is_retriable(const std::exception_ptr& error);
    std::string_view stage_class(error_stage stage, std::size_t transformation) const;
    // Reports a failure for good, counts it, then throws or returns as errors.tolerance says.
    // `check_tolerable`: only the stage's tolerable exceptions may be tolerated (execute()).
    void fail(error_stage stage, std::string_view executing_class, const error_origin& origin,
              const std::exception_ptr& error, bool check_tolerable);
    void report(error_stage stage, std::string_view executing_class, const error_origin& origin,
                const std::exception_ptr& error);

    settings settings_;
    task_id id_;
    retry_policy retry_;
    std::shared_ptr<error_handling_counters> counters_ = std::make_shared<error_handling_counters>();
    std::unique_ptr<dead_letter_queue_reporter> dlq_;
};

}  // namespace copycat::runtime
