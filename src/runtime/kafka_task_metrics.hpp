#pragma once
// kafka_task_metrics: one task's figures under Kafka Connect's metric groups —
// connector-task-metrics, source-task-metrics or sink-task-metrics, task-error-metrics — named
// as the Prometheus JMX exporter with Strimzi's rules names Kafka's MBeans
// (kafka_connect_source_task_source_record_poll_total{connector,task}, ...; docs/metrics.md has
// the table). Rates, averages and maxima are Kafka's windowed stats (common/sensor.hpp) over
// the registry's window (metrics.sample.window.ms x metrics.num.samples).
//
// Owned by the task's task_metrics, which calls the record_* methods from the task's thread,
// once per batch (a poll() result, a put(), a run of delivery reports, a commit): each is a
// sensor record, a handful of relaxed atomic stores. A collector in the registry writes the
// samples at scrape time while this object lives. Without a registry nothing is recorded.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "common/metrics.hpp"
#include "runtime/record_error_handler.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::runtime {

class kafka_task_metrics {
public:
    enum class kind { source, sink };
    using duration = std::chrono::steady_clock::duration;

    kafka_task_metrics() = default;  // records nothing
    kafka_task_metrics(metrics::registry* registry, kind k, const task_id& id,
                       std::shared_ptr<error_handling_counters> errors, bool transactional);

    // The state the task reported (status, running-ratio, pause-ratio).
    void record_state(run_state state);
    // Source: a poll() that returned `records` (source-record-poll, batch-size, poll-batch-time);
    // records Kafka acknowledged (source-record-write); records polled and not yet acknowledged
    // or dropped (source-record-active-count).
    void record_poll(std::size_t records, duration took);
    void record_written(std::size_t records);
    void record_active(std::size_t records);
    // Sink: records the consumer returned (sink-record-read); a put() of `records`
    // (sink-record-send, batch-size, put-batch-time); assigned partitions; records read and not
    // committed yet (sink-record-active-count); a commit cycle begun (offset-commit-seq-no) and
    // one whose result came too late (offset-commit-skip).
    void record_read(std::size_t records);
    void record_put(std::size_t records, duration took);
    void record_partitions(std::size_t partitions);
    void record_uncommitted(std::int64_t records);
    void record_commit_sequence(std::int64_t seq_no);
    // Sink: each assigned partition's lag (end offset - position), served as the Kafka consumer's
    // records-lag (kafka_consumer_fetch_manager_records_lag{clientid,topic,partition}) with the
    // consumer's default client id, connector-consumer-<connector>-<task>.
    struct partition_lag {
        std::string topic;
        std::int32_t partition = 0;
        std::int64_t lag = 0;
    };
    void record_partition_lags(std::vector<partition_lag> lags);
    void record_commit_skip();
    // An offset commit ended (offset-commit-*-time-ms, -success/failure-percentage; sink:
    // offset-commit-completion on success).
    void record_offset_commit(bool succeeded, duration took);
    // Exactly-once source: a committed transaction of `records` records (transaction-size).
    void record_transaction(std::size_t records);

    struct figures;

private:
    std::shared_ptr<figures> figures_;
    std::shared_ptr<metrics::collector> collector_;
};

}  // namespace copycat::runtime
