#pragma once
// The dead-letter queue of a sink connector (Kafka: DeadLetterQueueReporter). A record that
// fails conversion or transformation is written, as it was consumed (original key and value
// bytes, original headers, original timestamp; the partitioner picks the DLQ partition), to
// errors.deadletterqueue.topic.name. With errors.deadletterqueue.context.headers.enable the
// record also gets Kafka's error context headers:
//
//   __connect.errors.topic / .partition / .offset   where it was consumed ("7", "42")
//   __connect.errors.connector.name / .task.id      "my-sink", "0"
//   __connect.errors.stage                          "VALUE_CONVERTER"
//   __connect.errors.class.name                     "org.apache.kafka.connect.json.JsonConverter"
//   __connect.errors.exception.class.name           "org.apache.kafka.connect.errors.DataException"
//   __connect.errors.exception.message              the error's message
//   __connect.errors.exception.stacktrace           the error and its causes, one per line
//
// all UTF-8 strings. Copycat's API exceptions are named by the Java class Kafka would show
// (connect_error -> ConnectException, data_error -> DataException, ...); other exceptions by
// their C++ type. The stack trace has no frames, only the "Caused by:" chain.
//
// Writes are asynchronous, through a producer of the reporter's own (client id
// connector-dlq-producer-<connector>-<task>). A write the broker refuses for good is logged and
// counted (deadletterqueue-produce-failures), as in Kafka. flush() waits for every write so far;
// the sink task calls it before committing consumer offsets, so the offset of a dead-lettered
// record is never committed before its DLQ write is acknowledged.
//
// Threading: owned by the sink task and used on its thread only; delivery callbacks run inside
// poll()/flush()/close() on that thread.

#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "common/result.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "runtime/record_error_handler.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::runtime {

// The errors.deadletterqueue.* keys of a sink connector config.
struct dead_letter_queue_settings {
    std::string topic;  // trimmed; empty: no dead-letter queue
    std::int16_t replication_factor = 3;
    bool context_headers = false;

    bool enabled() const { return !topic.empty(); }
    // Throws config_error for a value that does not parse.
    static dead_letter_queue_settings from_config(const string_map& connector_config);
};

// One header as the DLQ record carries it; a null value is Kafka's null header value.
using dlq_header = std::pair<std::string, std::optional<std::string>>;

class dead_letter_queue_reporter {
public:
    // Where the records go: a producer (rdkafka_output below), or a fake in tests.
    class output {
    public:
        virtual ~output() = default;
        // As rdkafka::producer::produce: the callback runs later from poll()/flush().
        virtual result<void> produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback done) = 0;
        virtual void poll(std::chrono::milliseconds timeout) = 0;
        virtual result<void> flush(std::chrono::milliseconds timeout) = 0;
    };

    dead_letter_queue_reporter(dead_letter_queue_settings settings, task_id id, std::unique_ptr<output> out,
                               std::shared_ptr<error_handling_counters> counters);
    ~dead_letter_queue_reporter();
    dead_letter_queue_reporter(const dead_letter_queue_reporter&) = delete;
    dead_letter_queue_reporter& operator=(const dead_letter_queue_reporter&) = delete;

    const dead_letter_queue_settings& settings() const { return settings_; }

    // Writes `original` to the dead-letter queue with the context of the failure. Without an
    // original record there is nothing to write: counted as a failed request, as Kafka does.
    void report(const consumed_record* original, error_stage stage, std::string_view executing_class,
                const std::exception_ptr& error);

    // Serves delivery reports that are ready.
    void poll();
    // Waits until every write so far was acknowledged or failed; false after `timeout`.
    bool flush(std::chrono::milliseconds timeout);
    // Writes not yet acknowledged.
    std::size_t pending() const { return pending_; }

    // Flushes for up to `timeout`, then releases the producer (writes still pending fail).
    void close(std::chrono::milliseconds timeout);

    // Kafka's error context headers for a failure, in Kafka's order (see above).
    static std::vector<dlq_header> context_headers(const consumed_record* original, const task_id& id,
                                                   error_stage stage, std::string_view executing_class,
                                                   const std::exception_ptr& error);

private:
    void on_delivery(const rdkafka::delivery_report& report);

    dead_letter_queue_settings settings_;
    task_id id_;
    std::unique_ptr<output> out_;
    std::shared_ptr<error_handling_counters> counters_;
    std::size_t pending_ = 0;
    bool closing_ = false;
};

// The dead_letter_queue_reporter::output of a real producer.
class rdkafka_dlq_output final : public dead_letter_queue_reporter::output {
public:
    explicit rdkafka_dlq_output(rdkafka::producer producer) : producer_(std::move(producer)) {}
    result<void> produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback done) override;
    void poll(std::chrono::milliseconds timeout) override { producer_.poll(timeout); }
    result<void> flush(std::chrono::milliseconds timeout) override { return producer_.flush(timeout); }

private:
    rdkafka::producer producer_;
};

// The Java class name Kafka would give `error` ("org.apache.kafka.connect.errors.DataException"
// for data_error), or its C++ type; "unknown exception" for a non-std exception.
std::string exception_class_name(const std::exception_ptr& error);

// Kafka's Worker.sinkTaskReporters for the DLQ: creates the topic when it does not exist (one
// partition, the configured replication factor) with an admin client built from the worker's
// connection settings, admin.* and admin.override.*, then a producer with the task producer's
// settings (producer.*, producer.override.*) and client id connector-dlq-producer-<c>-<n>.
// Blocks for up to `timeout` on the broker. Errors: "Could not initialize dead letter queue
// with topic=<topic>: ...".
result<std::unique_ptr<dead_letter_queue_reporter>> create_dead_letter_queue_reporter(
    const worker_config& worker, const string_map& connector_config, const task_id& id,
    std::shared_ptr<error_handling_counters> counters, std::chrono::milliseconds timeout);

}  // namespace copycat::runtime
