#include "runtime/task_metrics.hpp"

#include <algorithm>
#include <limits>
#include <string>

namespace copycat::runtime {
task_metrics::task_metrics(metrics::registry* registry, kind k, const task_id& id,
                           const std::shared_ptr<error_handling_counters>& errors, bool transactional) {
    if (registry == nullptr) return;
    kafka_ = kafka_task_metrics(registry,
                                k == kind::source ? kafka_task_metrics::kind::source : kafka_task_metrics::kind::sink,
                                id, errors, transactional);
    const metrics::labels labels = {{"connector", id.connector}, {"task", std::to_string(id.task)}};
    auto& r = *registry;
    if (k == kind::source) {
        records_in_ = r.counter("copycat_source_task_records_polled_total",
                                "Records the source task returned from poll()", labels);
        records_out_ = r.counter("copycat_source_task_records_written_total",
                                 "Records handed to the producer after transformations and conversion", labels);
        produced_ = r.counter("copycat_source_task_records_produced_total",
                              "Records Kafka acknowledged (the producer's delivery reports)", labels);
        batches_ = r.counter("copycat_source_task_poll_batches_total", "poll() calls that returned records", labels);
        batch_size_ =
            r.gauge("copycat_source_task_poll_batch_size", "Records in the last non-empty poll() batch", labels);
    } else {
        records_in_ = r.counter("copycat_sink_task_records_read_total", "Records the consumer returned", labels);
        records_out_ = r.counter("copycat_sink_task_records_put_total",
                                 "Records given to put() after conversion and transformations", labels);
        batches_ = r.counter("copycat_sink_task_put_batches_total", "put() calls with records", labels);
        batch_size_ = r.gauge("copycat_sink_task_put_batch_size", "Records in the last non-empty put() batch", labels);
        lag_ = r.gauge("copycat_sink_task_records_lag",
                       "Records in the assigned partitions not read yet (end offset - position, summed)", labels);
    }
    auto with = [&](const char* result) {
        metrics::labels l = labels;
        l.emplace_back("result", result);
        return l;
    };
    if (k == kind::source && transactional) {
        // Kafka: transaction-size-min/max/avg of source-task-metrics (records per committed
        // transaction); NaN until the first commit, as Kafka's Min/Max/Avg without samples.
        constexpr auto transactions = "Transactions of the exactly-once source task by result";
        transactions_committed_ = r.counter("copycat_source_task_transactions_total", transactions, with("committed"));
        transactions_aborted_ = r.counter("copycat_source_task_transactions_total", transactions, with("aborted"));
        transaction_size_min_ = r.gauge("copycat_source_task_transaction_size_min",
                                        "Records in the smallest transaction committed so far", labels);
        transaction_size_max_ = r.gauge("copycat_source_task_transaction_size_max",
                                        "Records in the largest transaction committed so far", labels);
        transaction_size_avg_ = r.gauge("copycat_source_task_transaction_size_avg",
                                        "Average records per transaction committed so far", labels);
        for (const auto& g : {transaction_size_min_, transaction_size_max_, transaction_size_avg_})
            g->set(std::numeric_limits<double>::quiet_NaN());
    }
    commit_successes_ = r.counter("copycat_task_offset_commits_total", "Offset commits by result", with("success"));
    commit_failures_ = r.counter("copycat_task_offset_commits_total", "Offset commits by result", with("failure"));
    commit_last_seconds_ =
        r.gauge("copycat_task_offset_commit_last_duration_seconds", "Duration of the last offset commit", labels);
    commit_micros_ = std::make_shared<metrics::counter>();
    observed_.push_back(r.observe("copycat_task_offset_commit_duration_seconds_total",
                                  "Time spent in offset commits (divide by the commit count for the average)",
                                  metrics::metric_type::counter, labels,
                                  [c = commit_micros_] { return static_cast<double>(c->count()) / 1e6; }));

    if (!errors) return;
    struct error_family {
        const char* name;
        const char* help;
        std::uint64_t error_handling_counts::*field;
    };
    static const error_family families[] = {
        {"copycat_task_record_errors_total", "Record operations that failed for good (total-record-errors)",
         &error_handling_counts::record_errors},
        {"copycat_task_record_failures_total", "Failed record operation attempts, retried ones too",
         &error_handling_counts::record_failures},
        {"copycat_task_records_skipped_total", "Records skipped by errors.tolerance=all",
         &error_handling_counts::records_skipped},
        {"copycat_task_error_retries_total", "Retries of failed record operations", &error_handling_counts::retries},
        {"copycat_task_errors_logged_total", "Errors written to the log", &error_handling_counts::errors_logged},
        {"copycat_task_dlq_produce_requests_total", "Records sent to the dead-letter queue",
         &error_handling_counts::dlq_produce_requests},
        {"copycat_task_dlq_produce_failures_total", "Dead-letter queue writes that failed",
         &error_handling_counts::dlq_produce_failures},
    };
    for (const auto& f : families) {
        observed_.push_back(r.observe(f.name, f.help, metrics::metric_type::counter, labels, [errors, field = f.field] {
            return static_cast<double>(errors->snapshot().*field);
        }));
    }
    observed_.push_back(
        r.observe("copycat_task_last_error_timestamp_seconds", "Wall-clock time of the last record error (0: none yet)",
                  metrics::metric_type::gauge, labels,
                  [errors] { return static_cast<double>(errors->snapshot().last_error_timestamp_ms) / 1e3; }));
}

void task_metrics::record_state(run_state state) { kafka_.record_state(state); }

void task_metrics::record_poll(std::size_t records, duration took) {
    if (records == 0 || !records_in_) return;
    kafka_.record_poll(records, took);
    records_in_->add(records);
    batches_->add(1);
    batch_size_->set(static_cast<double>(records));
}

void task_metrics::record_write(std::size_t records) {
    if (records > 0 && records_out_) records_out_->add(records);
}

void task_metrics::record_produced(std::size_t records) {
    if (records == 0 || !produced_) return;
    produced_->add(records);
    kafka_.record_written(records);
}

void task_metrics::record_active(std::size_t records) { kafka_.record_active(records); }

void task_metrics::record_read(std::size_t records) {
    if (records == 0 || !records_in_) return;
    records_in_->add(records);
    kafka_.record_read(records);
}

void task_metrics::record_partitions(std::size_t partitions) { kafka_.record_partitions(partitions); }

void task_metrics::record_uncommitted(std::int64_t records) { kafka_.record_uncommitted(records); }

void task_metrics::record_commit_sequence(std::int64_t seq_no) { kafka_.record_commit_sequence(seq_no); }

void task_metrics::record_commit_skip() { kafka_.record_commit_skip(); }

void task_metrics::record_put(std::size_t records, duration took) {
    if (records == 0 || !records_out_) return;
    kafka_.record_put(records, took);
    records_out_->add(records);
    batches_->add(1);
    batch_size_->set(static_cast<double>(records));
}

void task_metrics::record_lag(std::vector<kafka_task_metrics::partition_lag> partitions) {
    if (!lag_) return;
    std::int64_t records = 0;
    for (const auto& p : partitions) records += p.lag;
    lag_->set(static_cast<double>(records));
    kafka_.record_partition_lags(std::move(partitions));
}

void task_metrics::record_offset_commit(bool succeeded, duration took, bool nothing_to_commit) {
    if (!commit_successes_) return;
    kafka_.record_offset_commit(succeeded, took);
    if (nothing_to_commit) return;
    (succeeded ? commit_successes_ : commit_failures_)->add(1);
    const auto micros = std::chrono::duration_cast<std::chrono::microseconds>(took).count();
    commit_last_seconds_->set(static_cast<double>(micros) / 1e6);
    commit_micros_->add(static_cast<std::uint64_t>(micros < 0 ? 0 : micros));
}

void task_metrics::record_transaction_commit(std::size_t records) {
    if (!transactions_committed_) return;
    kafka_.record_transaction(records);
    const auto size = static_cast<double>(records);
    const bool first = transactions_committed_->count() == 0;
    transactions_committed_->add(1);
    transaction_records_ += records;
    transaction_size_min_->set(first ? size : std::min(size, transaction_size_min_->value()));
    transaction_size_max_->set(first ? size : std::max(size, transaction_size_max_->value()));
    transaction_size_avg_->set(static_cast<double>(transaction_records_) /
                               static_cast<double>(transactions_committed_->count()));
}

void task_metrics::record_transaction_abort() {
    if (transactions_aborted_) transactions_aborted_->add(1);
}

}  // namespace copycat::runtime
