#pragma once
// Runs a source task (Kafka: WorkerSourceTask / AbstractWorkerSourceTask):
//
//   poll() -> transformation chain -> key/value/header converters -> producer (async)
//   -> delivery report: the record is acked in submitted_records, commit_record() is called
//   -> every offset.flush.interval.ms, and on stop: committable offsets -> offset_store,
//      then commit().
//
// Back-pressure: at most `max_unacked_records` records wait for their acknowledgement, and a
// full producer queue also stops sending; the loop then serves delivery reports instead of
// polling the task, so memory stays bounded.
//
// Failures: a poll() that throws retriable_error is retried; any other plugin exception fails
// the task. A conversion or transformation error follows errors.retry.timeout and then
// errors.tolerance (record_error_handler); a retry wait ends when the task is asked to stop,
// and the task then stops without sending or committing that record. Source connectors have
// no dead-letter queue: errors.deadletterqueue.* is a sink key, which Kafka ignores for sources.
// A record Kafka refused fails the task (errors.tolerance=all: skipped, its offset still
// committed, as Kafka does); librdkafka retries retriable produce errors without end
// (message.timeout.ms=0, Kafka's delivery.timeout.ms=MAX). Offsets that could not be stored
// are kept for the next flush.
//
// Topic creation (KIP-158, parts::topics): before the first record to a topic the task has not
// written to, the topic is created unless it exists (runtime/topic_creator.hpp), on the task's
// thread, as Kafka's maybeCreateTopic does; a check that timed out is retried like a full queue,
// a failed creation fails the task. Exactly-once tasks do the same, before the record's
// transaction begins.
//
// Exactly-once (KIP-618, settings::exactly_once; docs/exactly-once-source.md): the producer is
// transactional (transactional.id <group.id>-<connector>-<task>); init_transactions() runs before
// the task starts, fencing an earlier producer of the same task. A transaction opens with the
// first record of a batch; at its boundary (after each poll()'s batch, or every interval) the
// offsets of the transaction's records are produced to the offsets topic by the same producer,
// behind the records, and the transaction commits (which flushes both). Any produce or commit
// failure aborts it and fails the task, so read_committed consumers never see part of a batch; a
// fenced producer (a newer owner of the task) fails the task the same way. On a clean stop the open transaction
// commits; on failure it is aborted. The offset store is not written by the task in this mode,
// except for the copy of committed offsets to the worker's store when the connector has an
// offsets topic of its own.
//
// Threading: everything runs on the task's thread (or, for a plugin with a non-blocking poll(),
// in turns on the worker's task pool: one loop iteration per turn, docs/scale.md), including the delivery callbacks (served by
// the task_producer's serve() and flush()) and offset commits; only stop() comes from elsewhere, and calls the plugin's
// stop() so that a blocking poll() returns.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/backoff.hpp"
#include "copycat/connector/source_task.hpp"
#include "runtime/task_producer.hpp"
#include "runtime/record_error_handler.hpp"
#include "runtime/source_offset_codec.hpp"
#include "runtime/store_offset_reader.hpp"
#include "runtime/submitted_records.hpp"
#include "runtime/task_converters.hpp"
#include "runtime/task_metrics.hpp"
#include "runtime/topic_creator.hpp"
#include "runtime/transformation_chain.hpp"
#include "runtime/worker_task.hpp"
#include "runtime/worker_transaction_context.hpp"
#include "storage/connector_offset_store.hpp"
#include "storage/offset_store.hpp"

namespace copycat::runtime {

class worker_source_task final : public worker_task {
public:
    // How an exactly-once task cuts its transactions.
    struct transactions {
        std::string offsets_topic;  // the connector's offsets.storage.topic, else the worker's offset.storage.topic
        bool commit_per_poll = true;  // transaction.boundary=poll; false: interval
        bool connector_defined = false;  // transaction.boundary=connector (commit_per_poll is ignored)
        std::chrono::milliseconds interval{60000};  // transaction.boundary.interval.ms (interval only)
        std::chrono::milliseconds timeout{60000};   // init, commit and abort of a transaction
    };

    struct settings {
        std::chrono::milliseconds offset_flush_interval{60000};
        std::chrono::milliseconds offset_flush_timeout{5000};
        std::size_t max_unacked_records = 10000;
        metrics::registry* metrics = nullptr;  // the worker's; none: no task metrics
        // Set: exactly-once delivery through producer transactions (the producer has a
        // transactional.id); unset: offsets are flushed to the offset store.
        std::optional<transactions> exactly_once;
    };

    struct parts {
        std::unique_ptr<source_task> task;
        string_map task_config;
        task_converters converters;
        transformation_chain transforms;
        std::unique_ptr<task_producer> producer;  // required (its own when exactly-once); reset when the task closes
        record_error_handler::settings errors;
        // The store of the connector's own offsets topic (runtime/connector_offsets_topic.hpp),
        // started with the task and stopped when it closes; none: the worker's store.
        std::unique_ptr<storage::connector_offset_store> own_offsets;
        // Creates the topics the task writes to before their first record (topic.creation.*,
        // runtime/topic_creator.hpp); none: the task creates no topic.
        std::unique_ptr<topic_creator> topics;
    };

    worker_source_task(task_id id, target_state initial, status_listener& listener, parts p,
                       storage::offset_store& offsets, settings s);
    ~worker_source_task() override;

    void stop() override;
    // A task whose plugin has a non-blocking poll() runs on the worker's task pool (not with
    // exactly-once delivery, whose transactions block).
    bool runs_on_pool() const override;

    // Delivery reports and counters, for tests and logs.
    std::uint64_t records_acked() const { return acked_count_.load(); }
    // The error handling counters (any thread).
    error_handling_counts error_counts() const { return errors_->counts(); }

protected:
    void initialize_and_start() override;
    void execute() override;
    void on_state_reported(run_state state) override { metrics_.record_state(state); }
    void close() override;
    std::chrono::milliseconds execute_step() override;
    void finish_execute() override;
    std::optional<std::chrono::milliseconds> before_start() override;

private:
    class context;
    struct in_flight;
    struct converted_record;

    // What one iteration of the loop ends with.
    enum class step { more, idle, blocked, paused };

    void begin_execute();
    void guarded(const std::function<void()>& body);
    void run_loop();
    step run_iteration();
    void wait_while_paused();
    void paused_iteration();
    std::vector<source_record> poll_task();
    // Sends to_send_ from the front; false when it had to stop early (back-pressure).
    bool send_records();
    // Transforms and converts one record, creates its topic when needed (parts::topics), then
    // produces it. False when the producer queue is full or the topic check timed out.
    bool send_one(source_record& original);
    // Header, key and value converters (Kafka's order); false when the record is skipped
    // (errors.tolerance=all). `original` is the record as polled, for error reports.
    bool convert(source_record& record, const source_record& original, converted_record& out);
    // The serialized offsets key of the record's source partition; empty when it has none.
    const std::string& partition_key(const source_record& record);
    void on_delivery(const std::shared_ptr<in_flight>& record, const rdkafka::delivery_report& report);
    void drop_record(const source_record& original);
    void commit_task_record(const source_record& record, const std::optional<record_metadata>& metadata);
    void serve_producer(std::chrono::milliseconds timeout);
    void maybe_commit_offsets();
    bool commit_offsets();
    void final_offset_commit();
    void await_acknowledgements();
    void maybe_throw_producer_failure();
    // Exactly-once: open a transaction before the first record of a batch; commit the open one
    // (records, then their offsets); abort it when the task fails.
    void begin_transaction_if_needed();
    void note_transaction_offset(const source_record& record);
    void maybe_commit_transaction(bool batch_done);
    void commit_transaction();
    void abort_transaction();
    // After a failed transactional call: when the producer was fenced, logs it once and stops the
    // task's status reports (docs/exactly-once-source.md#zombies).
    void stop_reporting_if_fenced();
    // transaction.boundary=connector: whether the connector asked to end the transaction after
    // the current batch, or after `record`; an abort is done here, and the caller commits (the
    // offsets of the aborted records, as Kafka does).
    bool connector_ends_batch();
    bool connector_ends_on(const source_record& record);
    void abort_for_connector();
    void call_task_stop();

    parts parts_;
    storage::offset_store* offsets_;  // parts_.own_offsets, or the worker's store
    const settings settings_;
    std::unique_ptr<context> context_;
    std::unique_ptr<record_error_handler> errors_;
    source_offset_codec codec_;
    submitted_records submitted_;
    std::map<std::string, submitted_records::partition_offset> pending_offsets_;
    std::vector<source_record> to_send_;
    std::size_t next_to_send_ = 0;
    std::chrono::steady_clock::time_point next_flush_{};
    std::exception_ptr producer_failure_;
    bool producer_closed_ = false;
    bool in_transaction_ = false;
    bool own_offsets_started_ = false;
    // On the task pool: the worker's offset store read to its end without holding a pool thread,
    // before the start (before_start()); read: the plugin's first offset read answers from it.
    bool offsets_read_requested_ = false;
    std::atomic<bool> offsets_read_{false};
    bool fenced_ = false;  // stop_reporting_if_fenced() logged it
    // Set with transaction.boundary=connector: what the task asked for (source_task_context).
    std::unique_ptr<worker_transaction_context> transaction_context_;
    std::size_t transaction_records_ = 0;  // records handed to the producer in the open transaction
    // The newest offset per source partition (by serialized key) of the open transaction's records.
    std::map<std::string, submitted_records::partition_offset> transaction_offsets_;
    std::chrono::steady_clock::time_point next_transaction_commit_{};
    const bool nonblocking_poll_;  // the plugin's nonblocking_poll()
    bool execute_began_ = false;   // task pool turns only
    bool pause_reported_ = false;  // task pool turns only
    exponential_backoff idle_backoff_;  // between empty polls of a non-blocking poll()
    std::atomic<bool> started_{false};
    std::atomic<bool> task_stop_called_{false};
    std::atomic<std::uint64_t> acked_count_{0};
    task_metrics metrics_;
    // Written and acknowledged records not yet added to metrics_ (task thread; added per batch).
    std::size_t unreported_written_ = 0;
    std::size_t unreported_produced_ = 0;
    // Cache of the last source partition's serialized key (records of one partition come in runs).
    source_map last_partition_;
    std::string last_partition_key_;
    // The topic last reported to the listener as used (KIP-558); cleared after each poll.
    std::string last_active_topic_;
};

}  // namespace copycat::runtime
