#pragma once
// What a sink task's loop needs from its Kafka consumer (Kafka: the KafkaConsumer calls of
// WorkerSinkTask): group subscription with rebalance callbacks, batched polls, offset commits,
// pause/resume and seek. rdkafka_sink_consumer implements it over copycat::rdkafka::consumer;
// tests use fakes.
//
// Threading: one owner (the task's thread, or its turns on the task pool, one at a time) calls
// every method; rebalance callbacks are invoked from inside poll(), close() and close_finished()
// on the calling thread, as Kafka's consumer does. Only on_ready()'s function may run elsewhere.

#include <chrono>
#include <functional>
#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "copycat/connector/topic_partition.hpp"
#include "copycat/data/records.hpp"
#include "kafka/rdkafka/types.hpp"

namespace copycat::runtime {

// One consumed record. The views stay valid while `owner` lives.
struct consumed_record {
    std::string_view topic;
    std::int32_t partition = 0;
    std::int64_t offset = 0;
    std::optional<std::string_view> key;
    std::optional<std::string_view> value;
    std::vector<rdkafka::header_view> headers;
    std::int64_t timestamp_ms = -1;  // -1: none
    timestamp_type ts_type = timestamp_type::no_timestamp_type;
    std::shared_ptr<const void> owner;
};

class sink_consumer {
public:
    // Rebalance callbacks (Kafka: ConsumerRebalanceListener), called on the task thread from
    // inside poll() and close(). They must not throw.
    class rebalance_listener {
    public:
        virtual ~rebalance_listener() = default;
        // Newly assigned partitions; fetching starts after the call. assignment() includes them,
        // and seek() from here sets where they start.
        virtual void on_partitions_assigned(const std::vector<topic_partition>& partitions) = 0;
        // Partitions about to go: still assigned during the call, so commit() works.
        virtual void on_partitions_revoked(const std::vector<topic_partition>& partitions) = 0;
        // Partitions already lost to another member (a commit would fail). Default: revoked.
        virtual void on_partitions_lost(const std::vector<topic_partition>& partitions) {
            on_partitions_revoked(partitions);
        }
    };

    virtual ~sink_consumer() = default;

    // Joins the group for these topics; a topic starting with '^' is a regular expression
    // (librdkafka's convention; topics.regex is passed that way).
    virtual result<void> subscribe(const std::vector<std::string>& topics, rebalance_listener& listener) = 0;

    // Up to `max_records` records, waiting at most `timeout` for the first. Records of paused
    // partitions are not returned, nor records of partitions revoked during the call.
    virtual result<std::vector<consumed_record>> poll(std::chrono::milliseconds timeout, std::size_t max_records) = 0;

    // Commits the offsets (the next offset to read per partition) and waits for the answer.
    virtual result<void> commit(const topic_partition_offsets& offsets) = 0;

    virtual std::set<topic_partition> assignment() const = 0;
    // The offset of the next record poll() returns for an assigned partition; nullopt when not
    // known yet (nothing consumed and nothing committed: the first record tells).
    virtual std::optional<std::int64_t> position(const topic_partition& partition) const = 0;
    // The offset after the assigned partition's last record (its high watermark): as the latest
    // fetch reported it, or asked of the broker for a paused partition, which is not fetched;
    // nullopt when not known (yet). Read once a second for the lag metric. Fakes may keep the
    // default.
    virtual std::optional<std::int64_t> end_offset(const topic_partition& partition) {
        (void)partition;
        return std::nullopt;
    }
    // The next record poll() returns from the assigned partition is the one at `offset`, before
    // or after the current position.
    virtual result<void> seek(const topic_partition& partition, std::int64_t offset) = 0;
    // Stops fetching assigned partitions until resume(); resume() of a partition that is not
    // paused does nothing. A partition that is revoked and assigned again starts unpaused.
    virtual result<void> pause(const std::vector<topic_partition>& partitions) = 0;
    virtual result<void> resume(const std::vector<topic_partition>& partitions) = 0;

    // For a task that polls with a zero timeout on the task pool: `ready` is called (on any
    // thread, perhaps one of the client's own, so it must only schedule the next poll) when
    // poll() has something again (records, a rebalance, an error) after it returned nothing. An
    // empty function turns it off, and close() does. Default: never called (the caller polls on
    // a timer).
    virtual void on_ready(std::function<void()> ready) { (void)ready; }

    // Revokes the whole assignment (the listener is called) and leaves the group. Idempotent;
    // after begin_close(), waits for the close it began.
    virtual void close() = 0;
    // close() in steps, for a task on the task pool, which must not wait for the group: starts
    // it; `progress` is called as on_ready()'s function is when close_finished() has something
    // to do. close_finished() does it without waiting (the listener may be called from inside)
    // and is true once closed. Default: close() at once.
    virtual void begin_close(std::function<void()> progress) {
        (void)progress;
        close();
    }
    virtual bool close_finished() { return true; }
};

}  // namespace copycat::runtime
