#pragma once
// task_metrics: the metrics of one source or sink task, registered in the worker's
// metrics::registry with labels connector and task: Copycat's copycat_*task* series and, through
// kafka_task_metrics, Kafka Connect's connector-task-metrics, source-task-metrics,
// sink-task-metrics and task-error-metrics under the JMX exporter's names. docs/metrics.md lists
// both.
//
// The task loop calls the record_* methods once per batch (a poll() result, a put() batch, a run
// of delivery reports, an offset commit), never per record: each is a relaxed atomic add. The
// error counts are read from the task's error_handling_counters at scrape time.
//
// Ownership: a member of its worker_source_task / worker_sink_task; its series leave the
// exposition when the task object goes. Without a registry (unit tests) nothing is recorded.
// Used on the task's thread; the series are read from the scraping thread.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "common/metrics.hpp"
#include "runtime/kafka_task_metrics.hpp"
#include "runtime/record_error_handler.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::runtime {

class task_metrics {
public:
    enum class kind { source, sink };

    task_metrics() = default;  // records nothing
    // `transactional`: an exactly-once source task, which also gets the transaction series.
    task_metrics(metrics::registry* registry, kind k, const task_id& id,
                 const std::shared_ptr<error_handling_counters>& errors, bool transactional = false);

    using duration = std::chrono::steady_clock::duration;

    // The state the task reported.
    void record_state(run_state state);
    // Source: a non-empty poll() batch and how long poll() took; records handed to the producer;
    // records Kafka acknowledged; records polled and neither acknowledged nor dropped yet.
    void record_poll(std::size_t records, duration took = {});
    void record_write(std::size_t records);
    void record_produced(std::size_t records);
    void record_active(std::size_t records);
    // Sink: records the consumer returned; a batch put() accepted and how long put() took; the
    // partitions assigned; records read and not committed yet; a commit cycle begun (its
    // sequence number) and one whose result came too late.
    void record_read(std::size_t records);
    void record_put(std::size_t records, duration took = {});
    void record_partitions(std::size_t partitions);
    void record_uncommitted(std::int64_t records);
    void record_commit_sequence(std::int64_t seq_no);
    void record_commit_skip();
    // Sink: records in the assigned partitions after the consumer's position: per partition, and
    // summed.
    void record_lag(std::vector<kafka_task_metrics::partition_lag> partitions);
    // An offset commit (source: the offset store write; sink: the consumer commit) and its
    // duration. `nothing_to_commit`: a sink commit cycle with no change to commit, which Kafka
    // counts as a successful commit (connector-task-metrics) and Copycat's series do not.
    void record_offset_commit(bool succeeded, duration took, bool nothing_to_commit = false);
    // Exactly-once source: a committed transaction with `records` records handed to the producer
    // in it (Kafka's transaction-size), or a transaction that ended in an abort.
    void record_transaction_commit(std::size_t records);
    void record_transaction_abort();

private:
    using counter_ptr = std::shared_ptr<metrics::counter>;
    using gauge_ptr = std::shared_ptr<metrics::gauge>;

    counter_ptr records_in_;   // polled (source) / read (sink)
    counter_ptr records_out_;  // written (source) / put (sink)
    counter_ptr produced_;     // source only
    counter_ptr batches_;      // non-empty poll() (source) / put() (sink) batches
    gauge_ptr batch_size_;     // the last such batch
    gauge_ptr lag_;            // sink only
    counter_ptr commit_successes_;
    counter_ptr commit_failures_;
    gauge_ptr commit_last_seconds_;
    counter_ptr commit_micros_;  // exposed in seconds through an observed series
    std::vector<std::shared_ptr<metrics::observed>> observed_;
    // Transactions (exactly-once source tasks only); the size series over every commit so far.
    counter_ptr transactions_committed_;
    counter_ptr transactions_aborted_;
    gauge_ptr transaction_size_min_;
    gauge_ptr transaction_size_max_;
    gauge_ptr transaction_size_avg_;
    std::uint64_t transaction_records_ = 0;  // task thread only: summed sizes of the committed ones
    kafka_task_metrics kafka_;
};

}  // namespace copycat::runtime
