#pragma once
// producer: asynchronous record production with a per-record delivery callback.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string_view>

#include "common/result.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/detail/queue_signal.hpp"
#include "kafka/rdkafka/handle.hpp"
#include "kafka/rdkafka/types.hpp"

namespace copycat::rdkafka {

// A record to produce. Everything is a view: the bytes need to live only for the duration of
// producer::produce(), which copies them.
struct outgoing_record {
    std::string_view topic{};
    std::int32_t partition = any_partition;   // any_partition: librdkafka's partitioner picks
    std::optional<std::string_view> key{};    // nullopt: a null key
    std::optional<std::string_view> value{};  // nullopt: a null value (a tombstone)
    std::span<const header_view> headers{};
    std::int64_t timestamp_ms = 0;  // 0: the time of the produce() call
};

// What became of one produced record. `topic` is valid only during the callback.
struct delivery_report {
    std::string_view topic{};
    std::int32_t partition = any_partition;  // where it went (any_partition if never assigned)
    std::int64_t offset = -1;                // its offset, or -1 when unknown or failed
    result<void> status{};                   // an error when the record was not written
};

// Called exactly once per record that produce() accepted.
using delivery_callback = std::function<void(const delivery_report&)>;

// Runs `callback` with `report`; an exception escaping it is logged and swallowed (a delivery
// report is served on a polling thread that must go on). For whoever serves delivery reports.
void run_delivery_callback(const delivery_callback& callback, const delivery_report& report) noexcept;

// The partitioner of every producer unless its config sets "partitioner": Kafka's Java producer
// picks toPositive(murmur2(key)) % partitions for a keyed record, librdkafka's default
// (consistent_random, CRC32) another partition for most keys. A null key gets a random partition,
// sticky for sticky.partitioning.linger.ms, as Java's sticky partitioner keeps one for a batch.
// docs/compatibility.md "Records and partitions".
inline constexpr std::string_view partitioner_key = "partitioner";
inline constexpr std::string_view java_partitioner = "murmur2_random";

// Owns a librdkafka producer handle.
//
// Threading: produce() may be called from any number of threads at once. Delivery callbacks
// run on whichever thread is inside poll(), flush() or the destructor; call those from one
// thread at a time (typically the owner's). A callback must not destroy the producer; an
// exception escaping it is logged and swallowed. The object must not be moved or destroyed
// while another thread uses it.
//
// Destruction fails every record not yet delivered (their callbacks run with an error on the
// destroying thread); call flush() first to deliver them. A moved-from producer may only be
// destroyed or assigned to.
class producer {
public:
    // Fails (invalid_argument) on a config librdkafka rejects. Partitions like Java's producer
    // unless `config` sets "partitioner" (java_partitioner above).
    static result<producer> create(const client_config& config);

    producer(producer&&) noexcept = default;
    producer& operator=(producer&&) noexcept;
    ~producer();

    // Hands the record to librdkafka. On success `on_delivery` (may be empty) is called later from
    // poll()/flush(). On failure it is never called; errc::unavailable means the local queue is
    // full (queue.buffering.max.messages): poll() and try again.
    result<void> produce(const outgoing_record& record, delivery_callback on_delivery = {});

    // Serves delivery reports and client events for up to `timeout` (0: only what is ready).
    // Returns the number of events served.
    int poll(std::chrono::milliseconds timeout);
    // For a thread that waits elsewhere (a consumer's poll) and serves this producer with
    // poll(0ms): `ready` is called whenever a delivery report or client event is queued for
    // poll() (rd_kafka_queue_cb_event_enable on the main queue). As consumer::on_ready(), it runs
    // on a librdkafka thread and must only schedule work; an empty function turns it off. Off from
    // destruction on (before the final flush).
    void on_ready(std::function<void()> ready);

    // Waits until every accepted record has been delivered or failed, serving callbacks.
    // errc::timeout when records are still outstanding after `timeout`.
    result<void> flush(std::chrono::milliseconds timeout);

    // Fetches the topic's metadata now, so that the first produce() to it does not wait for
    // librdkafka's periodic scan of unknown topics (about a second). Returns its partition count.
    result<std::int32_t> warm_up(std::string_view topic, std::chrono::milliseconds timeout);
    // Records (and protocol requests) not yet acknowledged.
    int outstanding() const;

    // ---- transactions (a producer created with transactional.id; docs/exactly-once-source.md) ----
    // Each blocks the calling thread (at most `timeout`). After a failed commit the caller aborts;
    // a fenced or otherwise fatal producer can do nothing more (fatal()).

    // Registers the transactional id with its coordinator, fencing any earlier producer with the
    // same id and aborting its open transaction (InitProducerId).
    result<void> init_transactions(std::chrono::milliseconds timeout);
    result<void> begin_transaction();
    // Flushes the records of the transaction (delivery callbacks run on this thread), then commits.
    result<void> commit_transaction(std::chrono::milliseconds timeout);
    // Aborts: its records, delivered or not, stay invisible to read_committed consumers.
    result<void> abort_transaction(std::chrono::milliseconds timeout);
    // Whether the last failed transactional call left the producer unusable (fenced, fatal error).
    bool fatal() const { return fatal_; }
    // Whether the producer's fatal error is a fencing: a newer producer with the same
    // transactional id bumped its epoch (Kafka: ProducerFencedException).
    bool fenced() const;

    // librdkafka's name for this client, for log lines.
    std::string_view name() const;

private:
    explicit producer(detail::handle_ptr handle) : handle_(std::move(handle)) {}
    void fail_outstanding() noexcept;
    // Converts a transactional call's error, remembering whether it was fatal.
    result<void> transaction_outcome(void* rd_error, std::string_view call);

    detail::handle_ptr handle_;
    detail::queue_signal ready_;  // on_ready()
    bool fatal_ = false;
};

}  // namespace copycat::rdkafka
