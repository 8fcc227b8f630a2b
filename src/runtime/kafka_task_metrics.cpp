#include "runtime/kafka_task_metrics.hpp"

#include <algorithm>
#include <atomic>
#include <mutex>
#include <string>

#include "common/strings.hpp"
#include "runtime/task_state_timer.hpp"

namespace copycat::runtime {

using metrics::metric_type;
using metrics::sensor;

struct kafka_task_metrics::figures {
    figures(kafka_task_metrics::kind k, metrics::window_config w, std::string labels,
            std::shared_ptr<error_handling_counters> errs, bool eos)
        : task_kind(k),
          label_text(std::move(labels)),
          errors(std::move(errs)),
          transactional(eos),
          batches(w),
          batch_time(w),
          written(w),
          active(w),
          commit_time(w),
          commit_results(w),
          commit_completions(w),
          commit_skips(w),
          transactions(w) {}

    const kafka_task_metrics::kind task_kind;
    const std::string label_text;  // {connector="...",task="..."}
    std::string connector;           // as the JMX ObjectName holds it (metrics::jmx_sanitize)
    std::string task;
    std::string object_name_prefix;  // kafka.connect<type=..., connector=..., task=...><>
    const std::shared_ptr<error_handling_counters> errors;
    const bool transactional;
    task_state_timer state;
    sensor batches;     // records per poll() (source) / put() (sink): poll or send, and batch-size
    sensor batch_time;  // poll-batch-time / put-batch-time, ms
    sensor written;     // source: source-record-write; sink: sink-record-read
    sensor active;      // source- / sink-record-active-count
    std::atomic<double> active_now{0};
    sensor commit_time;     // ms
    sensor commit_results;  // 1 success, 0 failure
    sensor commit_completions;
    sensor commit_skips;
    std::atomic<double> partitions{0};
    std::atomic<double> commit_seq_no{0};
    sensor transactions;  // records per committed transaction
    std::string consumer_client_id;  // sink: connector-consumer-<connector>-<task>
    mutable std::mutex lags_mutex;   // guards lags: set once a second, read by scrapes
    std::vector<kafka_task_metrics::partition_lag> lags;

    void write(metrics::sample_writer& out) const;
    // active-count, -max and -avg: the JMX exporter with Strimzi's rules gives the three one name
    // and tells them apart by the label _objectname (the MBean and attribute).
    void write_active_counts(metrics::sample_writer& out, const char* name, const std::string& attribute,
                             const char* help, std::int64_t now) const;
};

void kafka_task_metrics::figures::write_active_counts(metrics::sample_writer& out, const char* name,
                                                      const std::string& attribute, const char* help,
                                                      std::int64_t now) const {
    const std::pair<std::string, double> values[] = {
        {attribute, active_now.load(std::memory_order_relaxed)},
        {attribute + "-avg", active.avg(now)},
        {attribute + "-max", active.max(now)},
    };
    for (const auto& [attr, v] : values) {
        out.add(name, help, metric_type::gauge,
                metrics::render_labels({{"_objectname", object_name_prefix + attr}, {"connector", connector}, {"task", task}}),
                v);
    }
}

namespace {

double ms(std::chrono::steady_clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

}  // namespace

void kafka_task_metrics::figures::write(metrics::sample_writer& out) const {
    const auto now = sensor::now_ms();
    auto gauge = [&](const char* name, const char* help, double v, const char* help_tail = "") {
        out.add(name, help, metric_type::gauge, label_text, v, help_tail);
    };
    // A sensor's Rate and CumulativeSum: "the average per-second number of <what>", "the total ...".
    auto rate_and_total = [&](const char* rate, const char* total, const char* what, const sensor& s) {
        gauge(rate, "The average per-second number of ", s.rate(now), what);
        out.add(total, "The total number of ", metric_type::counter, label_text, s.total(), what);
    };
    // A sensor's Max and Avg: "the maximum <what>", "the average <what>".
    auto max_and_avg = [&](const char* max, const char* avg, const char* what, const sensor& s) {
        gauge(max, "The maximum ", s.max(now), what);
        gauge(avg, "The average ", s.avg(now), what);
    };

    // connector-task-metrics
    const std::string status = to_lower(run_state_name(state.current().value_or(run_state::unassigned)));
    out.add("kafka_connect_connector_task_status", "The status of the connector task (the label status)",
            metric_type::gauge, metrics::render_labels({{"connector", connector}, {"status", status}, {"task", task}}), 1);
    gauge("kafka_connect_connector_task_running_ratio", "The fraction of time this task has spent in the running state",
          state.ratio(run_state::running));
    gauge("kafka_connect_connector_task_pause_ratio", "The fraction of time this task has spent in the pause state",
          state.ratio(run_state::paused));
    max_and_avg("kafka_connect_connector_task_offset_commit_max_time_ms",
                "kafka_connect_connector_task_offset_commit_avg_time_ms",
                "time in milliseconds taken by this task to commit offsets", commit_time);
    max_and_avg("kafka_connect_connector_task_batch_size_max", "kafka_connect_connector_task_batch_size_avg",
                "number of records in the batches the task has processed", batches);
    gauge("kafka_connect_connector_task_offset_commit_success_percentage",
          "The average fraction of this task's offset commit attempts that succeeded", commit_results.fraction_true(now));
    gauge("kafka_connect_connector_task_offset_commit_failure_percentage",
          "The average fraction of this task's offset commit attempts that failed", commit_results.fraction_false(now));

    if (task_kind == kind::source) {
        rate_and_total("kafka_connect_source_task_source_record_poll_rate",
                       "kafka_connect_source_task_source_record_poll_total",
                       "records produced/polled (before transformation) by this task", batches);
        rate_and_total("kafka_connect_source_task_source_record_write_rate",
                       "kafka_connect_source_task_source_record_write_total",
                       "records written to Kafka for this task (after transformations)", written);
        max_and_avg("kafka_connect_source_task_poll_batch_max_time_ms", "kafka_connect_source_task_poll_batch_avg_time_ms",
                    "time in milliseconds taken by this task to poll for a batch of source records", batch_time);
        write_active_counts(out, "kafka_connect_source_task_source_record_active_count", "source-record-active-count",
                            "Records produced by this task but not yet completely written to Kafka (the attribute: "
                            "_objectname)",
                            now);
        if (transactional) {
            max_and_avg("kafka_connect_source_task_transaction_size_max",
                        "kafka_connect_source_task_transaction_size_avg",
                        "number of records in the transactions the task has committed", transactions);
            gauge("kafka_connect_source_task_transaction_size_min",
                  "The number of records in the smallest transaction the task has committed", transactions.min(now));
        }
    } else {
        rate_and_total("kafka_connect_sink_task_sink_record_read_rate", "kafka_connect_sink_task_sink_record_read_total",
                       "records read from Kafka by this task (before transformations)", written);
        rate_and_total("kafka_connect_sink_task_sink_record_send_rate", "kafka_connect_sink_task_sink_record_send_total",
                       "records sent/put to this task (after transformations)", batches);
        gauge("kafka_connect_sink_task_partition_count", "The number of topic partitions assigned to this task",
              partitions.load(std::memory_order_relaxed));
        gauge("kafka_connect_sink_task_offset_commit_seq_no", "The current sequence number for offset commits",
              commit_seq_no.load(std::memory_order_relaxed));
        rate_and_total("kafka_connect_sink_task_offset_commit_completion_rate",
                       "kafka_connect_sink_task_offset_commit_completion_total",
                       "offset commit completions that were completed successfully", commit_completions);
        rate_and_total("kafka_connect_sink_task_offset_commit_skip_rate",
                       "kafka_connect_sink_task_offset_commit_skip_total",
                       "offset commit completions that were received too late and skipped", commit_skips);
        max_and_avg("kafka_connect_sink_task_put_batch_max_time_ms", "kafka_connect_sink_task_put_batch_avg_time_ms",
                    "time in milliseconds taken by this task to put a batch of sink records", batch_time);
        write_active_counts(out, "kafka_connect_sink_task_sink_record_active_count", "sink-record-active-count",
                            "Records read from Kafka but not yet completely committed by the task (the attribute: "
                            "_objectname)",
                            now);
        std::lock_guard lock(lags_mutex);
        for (const auto& l : lags) {
            // The exporter names records-lag, -max and -avg alike and adds _objectname; Copycat
            // has the first.
            const std::string topic = metrics::jmx_sanitize(l.topic);
            const std::string partition = std::to_string(l.partition);
            out.add("kafka_consumer_fetch_manager_records_lag",
                    "The latest lag of the partition (the sink task's consumer: end offset - position; the "
                    "attribute: _objectname)",
                    metric_type::gauge,
                    metrics::render_labels({{"_objectname", "kafka.consumer<type=consumer-fetch-manager-metrics, client-id=" +
                                                                consumer_client_id + ", topic=" + topic +
                                                                ", partition=" + partition + "><>records-lag"},
                                            {"clientid", consumer_client_id},
                                            {"partition", partition},
                                            {"topic", topic}}),
                    static_cast<double>(l.lag));
        }
    }

    if (!errors) return;
    const auto counts = errors->snapshot();
    struct error_figure {
        const char* name;
        const char* help;
        std::uint64_t error_handling_counts::*field;
    };
    static const error_figure error_figures[] = {
        {"kafka_connect_task_error_total_record_failures", "The number of record processing failures in this task",
         &error_handling_counts::record_failures},
        {"kafka_connect_task_error_total_record_errors", "The number of record processing errors in this task",
         &error_handling_counts::record_errors},
        {"kafka_connect_task_error_total_records_skipped", "The number of records skipped due to errors",
         &error_handling_counts::records_skipped},
        {"kafka_connect_task_error_total_retries", "The number of operations retried", &error_handling_counts::retries},
        {"kafka_connect_task_error_total_errors_logged", "The number of errors that were logged",
         &error_handling_counts::errors_logged},
        {"kafka_connect_task_error_deadletterqueue_produce_requests",
         "The number of attempted writes to the dead letter queue", &error_handling_counts::dlq_produce_requests},
        {"kafka_connect_task_error_deadletterqueue_produce_failures",
         "The number of failed writes to the dead letter queue", &error_handling_counts::dlq_produce_failures},
    };
    for (const auto& f : error_figures) gauge(f.name, f.help, static_cast<double>(counts.*f.field));
    gauge("kafka_connect_task_error_last_error_timestamp",
          "The epoch timestamp (ms) when this task last encountered an error",
          static_cast<double>(counts.last_error_timestamp_ms));
}

kafka_task_metrics::kafka_task_metrics(metrics::registry* registry, kind k, const task_id& id,
                                       std::shared_ptr<error_handling_counters> errors, bool transactional) {
    if (registry == nullptr) return;
    figures_ = std::make_shared<figures>(
        k, registry->window(),
        metrics::render_labels({{"connector", metrics::jmx_sanitize(id.connector)}, {"task", std::to_string(id.task)}}),
        std::move(errors), transactional);
    figures_->connector = metrics::jmx_sanitize(id.connector);
    figures_->consumer_client_id = metrics::jmx_sanitize("connector-consumer-" + id.to_string());
    figures_->task = std::to_string(id.task);
    figures_->object_name_prefix = "kafka.connect<type=" + std::string(k == kind::source ? "source" : "sink") +
                                   "-task-metrics, connector=" + metrics::jmx_sanitize(id.connector) +
                                   ", task=" + std::to_string(id.task) + "><>";
    collector_ = registry->collect([f = figures_](metrics::sample_writer& out) { f->write(out); });
}

void kafka_task_metrics::record_state(run_state state) {
    if (figures_) figures_->state.change(state);
}

void kafka_task_metrics::record_poll(std::size_t records, duration took) {
    if (!figures_) return;
    const auto now = sensor::now_ms();
    figures_->batches.record(static_cast<double>(records), now);
    figures_->batch_time.record(ms(took), now);
}

void kafka_task_metrics::record_written(std::size_t records) {
    if (figures_ && records > 0) figures_->written.record(static_cast<double>(records), sensor::now_ms());
}

void kafka_task_metrics::record_active(std::size_t records) {
    if (!figures_) return;
    const auto v = static_cast<double>(records);
    figures_->active_now.store(v, std::memory_order_relaxed);
    figures_->active.record(v, sensor::now_ms());
}

void kafka_task_metrics::record_read(std::size_t records) { record_written(records); }

void kafka_task_metrics::record_put(std::size_t records, duration took) { record_poll(records, took); }

void kafka_task_metrics::record_partitions(std::size_t partitions) {
    if (figures_) figures_->partitions.store(static_cast<double>(partitions), std::memory_order_relaxed);
}

void kafka_task_metrics::record_uncommitted(std::int64_t records) {
    record_active(static_cast<std::size_t>(std::max<std::int64_t>(records, 0)));
}

void kafka_task_metrics::record_commit_sequence(std::int64_t seq_no) {
    if (figures_) figures_->commit_seq_no.store(static_cast<double>(seq_no), std::memory_order_relaxed);
}

void kafka_task_metrics::record_partition_lags(std::vector<partition_lag> lags) {
    if (!figures_) return;
    std::lock_guard lock(figures_->lags_mutex);
    figures_->lags = std::move(lags);
}

void kafka_task_metrics::record_commit_skip() {
    if (figures_) figures_->commit_skips.record(1, sensor::now_ms());
}

void kafka_task_metrics::record_offset_commit(bool succeeded, duration took) {
    if (!figures_) return;
    const auto now = sensor::now_ms();
    if (succeeded) figures_->commit_time.record(ms(took), now);  // Kafka times the successful ones
    figures_->commit_results.record(succeeded ? 1 : 0, now);
    if (succeeded && figures_->task_kind == kind::sink) figures_->commit_completions.record(1, now);
}

void kafka_task_metrics::record_transaction(std::size_t records) {
    if (figures_) figures_->transactions.record(static_cast<double>(records), sensor::now_ms());
}

}  // namespace copycat::runtime
