#pragma once
// Runs a sink task (Kafka: WorkerSinkTask):
//
//   consumer (group connect-<connector>) -> header/key/value converters -> transformation chain
//   -> put(batch); current offsets = last delivered + 1 per partition
//   -> every offset.flush.interval.ms or on request_commit(): pre_commit(current offsets)
//      -> commit the returned offsets that are assigned and not beyond what was consumed.
//
// Rebalances follow the consumer group: assigned partitions are opened (and sought to the
// offsets the task gave context.offset(), also from inside open()); revoked partitions are
// committed synchronously (pre_commit, then the consumer commit), then closed, and their
// unsent records, pause state and pending offsets are dropped; lost partitions are closed
// without a commit. context.offset() at any other time seeks the consumer (backwards too) on
// the next poll. A retriable_error from put() pauses consumption and offers the same batch
// again (after the task's context timeout, if it set one); other put() exceptions fail the
// task (as in Kafka, errors.retry.timeout does not apply to put()). Conversion and
// transformation errors go to the record_error_handler: retries within errors.retry.timeout,
// then errors.tolerance, the error log and the dead-letter queue. Before any offset commit the
// dead-letter queue is flushed, and the commit is skipped when its writes are not all
// acknowledged within offset.flush.timeout.ms. A retry wait ends when the task is asked to
// stop; the task then stops normally without committing past that record. Pausing the task
// pauses every partition in the consumer; stopping it commits, closes every open partition,
// then calls stop().
//
// Threading: everything runs on the task's thread; the consumer's rebalance callbacks come
// from inside its poll() and close() (close_finished() on the pool). A task whose plugin says
// nonblocking_put() runs instead as turns on the worker's task pool (runs_on_pool();
// worker_task has the turns): each turn is one pass of the same loop with a consumer poll that
// does not wait, and the next turn is due at once after records, after the retry pace while a
// batch waits for redelivery, otherwise after an idle back-off (10 ms doubling to 1 s, never
// past the next offset commit) that the consumer's on_ready() signal (records, a rebalance, an
// error), a stop, a pause and a resume end early (docs/scale.md "Tasks"). Its consumer leaves
// the group in turns too, so that tasks stopping together do not queue behind each other's
// round trips.

#include <chrono>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "common/backoff.hpp"
#include "copycat/connector/sink_task.hpp"
#include "runtime/dead_letter_queue_reporter.hpp"
#include "runtime/record_error_handler.hpp"
#include "runtime/worker_errant_record_reporter.hpp"
#include "runtime/sink_consumer.hpp"
#include "runtime/task_converters.hpp"
#include "runtime/task_metrics.hpp"
#include "runtime/transformation_chain.hpp"
#include "runtime/worker_sink_task_context.hpp"
#include "runtime/worker_task.hpp"

namespace copycat::runtime {

class worker_sink_task final : public worker_task, private sink_consumer::rebalance_listener {
public:
    struct settings {
        std::chrono::milliseconds offset_flush_interval{60000};
        std::chrono::milliseconds offset_flush_timeout{5000};
        std::size_t max_poll_records = 500;  // Kafka's consumer max.poll.records
        metrics::registry* metrics = nullptr;  // the worker's; none: no task metrics
    };

    struct parts {
        std::unique_ptr<sink_task> task;
        string_map task_config;
        task_converters converters;
        transformation_chain transforms;
        std::unique_ptr<sink_consumer> consumer;
        record_error_handler::settings errors;
        // From the connector config: the topics, or a regex (already starting with '^').
        std::vector<std::string> subscription;
        // Builds the dead-letter queue reporter on the task thread before the task starts (it may
        // create the topic); empty when the connector has no dead-letter queue.
        std::function<result<std::unique_ptr<dead_letter_queue_reporter>>(std::shared_ptr<error_handling_counters>)>
            dead_letter_queue;
    };

    worker_sink_task(task_id id, target_state initial, status_listener& listener, parts p, settings s);
    ~worker_sink_task() override;

    // The error handling counters (any thread).
    error_handling_counts error_counts() const { return errors_->counts(); }

    // The plugin's nonblocking_put(): the task runs as turns on the task pool.
    bool runs_on_pool() const override { return nonblocking_put_; }

protected:
    void initialize_and_start() override;
    void execute() override;
    void on_state_reported(run_state state) override { metrics_.record_state(state); }
    std::chrono::milliseconds execute_step() override;
    void finish_execute() override;
    // On the pool: the plugin's stop(), then the consumer's close in steps (leaving the group
    // is a broker round trip; many tasks stopping at once leave side by side).
    std::optional<std::chrono::milliseconds> begin_close() override;
    std::optional<std::chrono::milliseconds> continue_close() override;
    void close() override;

private:
    // What one pass of the loop did.
    struct pass {
        std::size_t records = 0;            // polled from the consumer
        std::chrono::milliseconds wait{0};  // the most the threaded loop's consumer poll waits
    };

    // One pass of the loop, for the task's thread and its turns alike: follow the target state,
    // serve the error reports, commit when due or asked, poll the consumer (without waiting when
    // `nonblocking`, otherwise up to pass::wait) and deliver.
    pass iteration(bool nonblocking);
    // Runs (part of) the loop: a failure closes the partitions (committing) and escapes; a retry
    // ended by a stop only ends the loop.
    void guarded(const std::function<void()>& body);
    void follow_target_state();
    // Polls once and delivers; returns the number of records polled.
    std::size_t poll(std::chrono::milliseconds timeout);
    void rewind();
    void convert_messages(std::vector<consumed_record>& records);
    std::optional<sink_record> convert_and_transform(const consumed_record& record);
    void deliver_messages();
    void commit_offsets(bool closing, const std::vector<topic_partition>& partitions);
    void pre_commit_and_commit(bool closing, const topic_partition_offsets& to_commit,
                               const topic_partition_offsets& last);
    topic_partition_offsets filter_committable(const topic_partition_offsets& task_offsets,
                                               const topic_partition_offsets& last_committed) const;
    void pause_all();
    void pause_partitions(const std::vector<topic_partition>& partitions);
    void resume_all();
    void close_all_partitions();
    // The plugin's stop(), once (when it started).
    void stop_plugin();
    void close_partitions(const std::vector<topic_partition>& partitions);
    void drop_partitions(const std::vector<topic_partition>& partitions);
    // Sets the lag metric from the consumer's positions and end offsets, at most once a second.
    void update_lag(std::chrono::steady_clock::time_point now);

    void on_partitions_assigned(const std::vector<topic_partition>& partitions) override;
    void on_partitions_revoked(const std::vector<topic_partition>& partitions) override;
    void on_partitions_lost(const std::vector<topic_partition>& partitions) override;

    parts parts_;
    const settings settings_;
    std::unique_ptr<worker_sink_task_context> context_;
    std::unique_ptr<record_error_handler> errors_;  // with the dead-letter queue, if any
    // The context's errant_record_reporter(), when the connector configures one.
    std::unique_ptr<worker_errant_record_reporter> errant_reporter_;
    task_metrics metrics_;
    std::int64_t commit_seq_no_ = 0;  // Kafka's offset-commit-seq-no: commit cycles begun
    std::vector<sink_record> message_batch_;
    topic_partition_offsets orig_offsets_;
    topic_partition_offsets current_offsets_;
    topic_partition_offsets last_committed_;
    std::set<topic_partition> opened_;  // given to task->open() and not closed since
    std::chrono::steady_clock::time_point next_commit_{};
    std::chrono::steady_clock::time_point next_lag_update_{};
    std::exception_ptr rebalance_failure_;
    std::string last_consumer_error_;
    std::chrono::steady_clock::time_point last_consumer_error_logged_{};
    const bool nonblocking_put_;     // the plugin's nonblocking_put()
    exponential_backoff idle_backoff_;  // turns on the pool: between empty polls
    bool execute_began_ = false;       // turns on the pool: the first turn of the loop ran
    bool paused_for_redelivery_ = false;
    bool paused_ = false;  // the target state as last applied to the consumer
    bool started_ = false;
    bool task_stopped_ = false;
};

}  // namespace copycat::runtime
