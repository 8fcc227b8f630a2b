#pragma once
// consumer: reads records from explicitly assigned partitions or through a consumer group.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/detail/queue_signal.hpp"
#include "kafka/rdkafka/handle.hpp"
#include "kafka/rdkafka/message.hpp"
#include "kafka/rdkafka/types.hpp"

namespace copycat::rdkafka {

namespace detail {
struct consumer_group_state;  // defined in consumer.cpp
}

// Told when the group moves partitions to or from a subscribed consumer (Kafka:
// ConsumerRebalanceListener). Only the eager protocol (partition.assignment.strategy range or
// roundrobin, librdkafka's default) revokes the whole assignment before every new one; with
// cooperative-sticky both lists are increments.
//
// Threading: called on the thread that calls consumer::poll() (or close()), from inside that
// call; never concurrently. The listener may call the consumer's other methods from inside a
// callback (commit, seek, pause, position, committed, assignment), but not poll() or close().
// A callback must not throw: an exception is caught, logged and reported by the next poll().
class rebalance_listener {
public:
    virtual ~rebalance_listener() = default;

    // The partitions were assigned; fetching starts when the callback returns. assignment()
    // includes them already; seek() sets their start offsets (default: the committed offset, or
    // auto.offset.reset) and pause() keeps them from being fetched at all.
    virtual void on_partitions_assigned(const std::vector<topic_partition>& partitions) = 0;

    // The partitions are about to be taken away. They are still assigned during the call, so a
    // synchronous commit() of their offsets is accepted by the group; their records not yet
    // returned by poll() are dropped afterwards, and their pause state is cleared.
    virtual void on_partitions_revoked(const std::vector<topic_partition>& partitions) = 0;

    // The partitions were lost (session timeout, max.poll.interval.ms exceeded, fenced): another
    // member may own them already and a commit fails. The default calls on_partitions_revoked.
    virtual void on_partitions_lost(const std::vector<topic_partition>& partitions) {
        on_partitions_revoked(partitions);
    }
};

// Owns a librdkafka high-level consumer handle.
//
// Two modes:
//   - assign(): read chosen partitions from chosen offsets, no group membership. group.id is
//     optional; without one the consumer never commits and refuses subscribe() and commit().
//   - subscribe(): join the consumer group named by group.id; the group assigns partitions,
//     told to an optional rebalance_listener. poll() must then be called at least every
//     max.poll.interval.ms; rebalances happen inside poll().
//
// Threading: one owner drives it (one thread, or calls handed from thread to thread one at a
// time); do not call its methods concurrently. Rebalance callbacks run on the calling thread,
// inside poll(), close() and close_finished(); on_ready()'s and begin_close()'s functions on a
// librdkafka thread. Messages it returns may be read on other threads but must be destroyed
// before the consumer. The object must not be moved or
// destroyed while a call is running. Destruction closes it (leaving the group when
// subscribed). A moved-from consumer may only be destroyed or assigned to.
class consumer {
public:
    // The offset position() and committed() report for a partition without one.
    static constexpr std::int64_t no_offset = -1001;

    // Fails (invalid_argument) on a config librdkafka rejects.
    static result<consumer> create(const client_config& config);

    consumer(consumer&& other) noexcept;
    consumer& operator=(consumer&&) noexcept;
    ~consumer();

    // Replaces the whole assignment. Each offset is absolute or one of offsets::beginning,
    // offsets::end, offsets::stored. Earlier pause() and seek() calls no longer apply.
    result<void> assign(const std::vector<topic_partition_offset>& partitions);
    result<void> unassign();

    // Joins the group and follows these topics (replacing an earlier subscription); a topic
    // starting with '^' is a regular expression. The listener, when given, must stay valid until
    // close() returns or the consumer is destroyed.
    result<void> subscribe(const std::vector<std::string>& topics);
    result<void> subscribe(const std::vector<std::string>& topics, rebalance_listener& listener);
    result<void> unsubscribe();

    // The next record, or nullopt when none arrived within `timeout`. An error is a consumer
    // event librdkafka reported (e.g. an unknown topic) or a failed rebalance step; most are
    // transient and polling may go on. Partition-EOF events (enable.partition.eof) are not
    // reported: compare offsets with query_watermarks() instead.
    result<std::optional<message>> poll(std::chrono::milliseconds timeout);
    // Makes a poll() waiting on another thread return at once, with no record (the next poll()
    // when none is waiting). Thread-safe; not after close(). (librdkafka's rd_kafka_yield() would
    // not do: it flags the calling thread, not the polling one.)
    void wake();
    // For a caller that polls with a zero timeout and schedules its next poll itself: `ready` is
    // called whenever the consumer's queue gets something for poll() (a record, a rebalance, an
    // error) after poll() emptied it (librdkafka's rd_kafka_queue_cb_event_enable). It runs on a
    // librdkafka thread holding the queue's lock: it must only schedule work, never call this
    // consumer. An empty function turns it off; once this returns, no earlier function runs. Off
    // from close() on (librdkafka wants the queue reference dropped before it closes).
    void on_ready(std::function<void()> ready);

    // Commits these offsets for the group and waits for the answer. Each offset is the next one
    // to consume (last processed + 1). Allowed inside on_partitions_revoked.
    result<void> commit(const std::vector<topic_partition_offset>& offsets);

    // The partitions this consumer reads now (inside on_partitions_assigned: including the new
    // ones; inside on_partitions_revoked: still including the revoked ones).
    result<std::vector<topic_partition>> assignment() const;

    // Stops fetching these assigned partitions: poll() returns none of their records (not even
    // ones fetched already) until resume(). Fails (invalid_argument) for an unassigned partition.
    result<void> pause(const std::vector<topic_partition>& partitions);
    // Fetches them again from the position (the record after the last one poll() returned).
    // Partitions that are not paused are left alone.
    result<void> resume(const std::vector<topic_partition>& partitions);

    // The next record poll() returns from the assigned partition will be the one at `offset` (an
    // absolute offset, offsets::beginning or offsets::end), before or after the position.
    // Records fetched already are discarded. Inside on_partitions_assigned it sets the start
    // offset; on a partition whose fetch has not started yet it is applied once it starts.
    // Fails for a partition that is not assigned.
    result<void> seek(std::string_view topic, std::int32_t partition, std::int64_t offset);

    // Per partition (in the order asked): the offset after the last record poll() returned since
    // it was assigned or sought, or no_offset. Local; no broker request.
    result<std::vector<topic_partition_offset>> position(const std::vector<topic_partition>& partitions) const;

    // Per partition: the group's committed offset, or no_offset. Asks the group coordinator.
    result<std::vector<topic_partition_offset>> committed(const std::vector<topic_partition>& partitions,
                                                          std::chrono::milliseconds timeout) const;

    // The partition's high watermark as the last fetch response reported it, or no_offset before
    // any fetch. Local; no broker request.
    std::int64_t cached_high_watermark(std::string_view topic, std::int32_t partition) const;

    // Asks the partition's leader for its low and high watermarks.
    result<watermarks> query_watermarks(std::string_view topic, std::int32_t partition,
                                        std::chrono::milliseconds timeout);

    // The topic's partition count from cluster metadata; errc::not_found when it does not exist.
    result<std::int32_t> partition_count(std::string_view topic, std::chrono::milliseconds timeout);

    // Leaves the group (when subscribed; the listener sees the final revocation from inside this
    // call) and stops fetching. Later calls other than name() fail. Idempotent; after
    // begin_close(), waits for the close it began.
    result<void> close();
    // close() in steps, for a caller that must not wait (a task on the task pool; librdkafka's
    // rd_kafka_consumer_close_queue): begin_close() starts it and returns at once; `progress` is
    // called, as on_ready()'s function is (on a librdkafka thread, only to schedule work), when
    // close_finished() has something to serve. close_finished() serves it without waiting (the
    // listener sees the final revocation from inside it) and is true once the consumer is
    // closed. Later calls other than these, close() and name() fail.
    result<void> begin_close(std::function<void()> progress);
    bool close_finished();

    // librdkafka's name for this client, for log lines.
    std::string_view name() const;

private:
    consumer(std::unique_ptr<detail::consumer_group_state> group, detail::handle_ptr handle, bool has_group);
    void close_and_destroy() noexcept;
    // Serves the close begun by begin_close(), waiting up to `wait` for something to serve; true
    // once closed (and always when no close is under way).
    bool serve_close(std::chrono::milliseconds wait);
    // Applies seeks that waited for their partition's fetch to start.
    void retry_pending_seeks();
    result<void> subscribe_with(const std::vector<std::string>& topics, rebalance_listener* listener);

    // The rebalance callback's opaque: declared before handle_ so that it outlives the handle.
    std::unique_ptr<detail::consumer_group_state> group_;
    detail::handle_ptr handle_;
    // The queue poll() waits on, for wake(); released before the consumer closes.
    detail::queue_ptr poll_queue_;
    detail::queue_signal ready_;  // on_ready()
    // From begin_close() until the consumer is closed: the queue librdkafka's close reports to.
    detail::queue_signal closing_;
    bool has_group_ = false;
    bool closed_ = false;
};

}  // namespace copycat::rdkafka
