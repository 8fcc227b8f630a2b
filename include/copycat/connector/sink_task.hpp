// A task that writes records from Kafka to another system (Kafka: SinkTask).
#pragma once

#include <string_view>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/connector/sink_task_context.hpp"
#include "copycat/connector/task.hpp"
#include "copycat/connector/topic_partition.hpp"
#include "copycat/data/records.hpp"

namespace copycat {

/// A sink task. The worker calls it one call at a time, from the task's thread (or, for a task
/// with nonblocking_put(), from threads of its task pool):
///
///     initialize(context) -> start(props) -> open(partitions)
///         -> put(records) ... pre_commit(offsets) ... put(records) ...
///         -> close(partitions) -> stop()
///
/// open()/close() follow the consumer group's partition assignment; pre_commit() comes every
/// "offset.flush.interval.ms" and on request_commit(). Throwing retriable_error from put()
/// makes the worker offer the records again later; other exceptions fail the task.
class COPYCAT_API sink_task : public task {
public:
    /// The key that lists the topics to consume (Kafka: SinkTask.TOPICS_CONFIG).
    static constexpr std::string_view topics_config = "topics";
    /// The key with a regular expression of topics to consume (Kafka: TOPICS_REGEX_CONFIG).
    static constexpr std::string_view topics_regex_config = "topics.regex";

    /// Called once, before start(). The default remembers the context for context().
    virtual void initialize(sink_task_context& context);

    /// Writes (or buffers) a batch of records; may be empty. The records may be moved from.
    /// Writes may be asynchronous: make them durable by flush() at the latest.
    virtual void put(std::vector<sink_record>& records) = 0;

    /// True when put() never waits for long (nor do flush(), pre_commit(), open() and close()):
    /// it writes or buffers locally and returns, as FileStreamSink's does. The worker then runs
    /// the task on its shared task pool ("task.threads") instead of a thread of its own: each
    /// turn polls the task's consumer without waiting and put()s what came; while nothing comes
    /// the next turn is due after a growing back-off (up to a second), which new records, a
    /// rebalance, a stop, a pause or resume end early. Read once, after construction and before
    /// initialize(). The default, false: put() may block (on a database, a remote service) and
    /// the task has its own thread (so do Java tasks). docs/scale.md "Tasks".
    virtual bool nonblocking_put() const;

    /// Makes every record given to put() so far durable. `current_offsets` holds, per
    /// partition, the offset after the last record given to put(). The default does nothing.
    virtual void flush(const topic_partition_offsets& current_offsets);

    /// Called before the worker commits consumer offsets; returns the offsets that are safe to
    /// commit (an empty map commits nothing). The default calls flush(current_offsets) and
    /// returns current_offsets.
    virtual topic_partition_offsets pre_commit(const topic_partition_offsets& current_offsets);

    /// The task was assigned these partitions (after a rebalance, and at start). The default
    /// does nothing.
    virtual void open(const std::vector<topic_partition>& partitions);

    /// The task lost these partitions: write out or drop what is buffered for them. Offsets are
    /// committed before this call. The default does nothing.
    virtual void close(const std::vector<topic_partition>& partitions);

protected:
    /// The context given to initialize(); throws connect_error before that.
    sink_task_context& context() const;

private:
    sink_task_context* context_ = nullptr;
};

}  // namespace copycat
