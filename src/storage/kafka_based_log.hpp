#pragma once
// kafka_based_log: record_log on a Kafka topic through librdkafka (Kafka: KafkaBasedLog).
//
// The consumer is assign()ed to every partition of the topic from the beginning, with no group
// and no commits. start() finds the topic's partitions (retrying until start_timeout: a missing
// topic fails then) and reads them to their end on the calling thread; then one background
// thread, owned by the log, polls the consumer and hands each record to the handler, serves the
// producer's delivery reports and completes read_to_end() requests: once every record sent
// before the request is acknowledged, it takes the end offsets (ListOffsets through an admin
// client) and completes when the consumer's positions reach them.
//
// Its clients wait at most 1 s between reconnects (reconnect.backoff.max.ms=1000, Java's default;
// librdkafka's is 10 s).
//
// The producer uses acks=all, max.in.flight.requests.per.connection=1 and
// enable.idempotence=false; like every Copycat producer it puts a keyed record on partition
// (murmur2(key) & 0x7fffffff) % partitions, as Java's default partitioner (rdkafka::producer).
//
// A consumer that stops fetching while its partitions have records to read is assigned again
// from its positions: every stall_check_interval the log thread takes the end offsets, and a
// consumer behind them at two checks in a row without a record read in between counts as
// stalled. librdkafka's assign()ed consumer can stop fetching after a broker restart (seen with
// 2.0.2: one worker's status log read nothing more, so its REST statuses stayed those of before
// the restart while the other workers showed the new owners; integration-tests/faults).
//
// Threading: send() and read_to_end() from any thread; their callbacks, and the handler after
// start(), run on the log's thread and must not block on the log. stop() (and the destructor)
// must not be called from those callbacks. The background thread waits for records and wakes
// for its timed work (the stall check, a retried end-offset query) or every poll_interval (1 s)
// when idle: an idle worker's three logs cost next to no CPU. read_to_end() and stop() wake it at
// once, and so does every delivery report of its producer (producer::on_ready()), so a write
// followed by a read to the end takes round trips, not poll intervals, and a busy log costs no
// busy loop (docs/scale.md "Creating connectors at scale").
//
// Owned by the store that uses it.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "common/backoff.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "kafka/rdkafka/types.hpp"
#include "storage/record_log.hpp"

namespace copycat::storage {

struct kafka_based_log_options {
    std::string topic;
    // The properties every client of the worker shares: bootstrap.servers, security settings.
    rdkafka::client_config client;
    // client.id of the producer and the consumer, e.g. "connect-cluster-offsets"; empty: none.
    std::string client_id;
    // Producer and consumer properties applied after the log's own (they win), e.g.
    // {"delivery.timeout.ms", "2147483647"}.
    std::map<std::string, std::string> producer_settings;
    std::map<std::string, std::string> consumer_settings;
    // Where the end offsets come from (its own connections: a ListOffsets request sent on the
    // consumer's would wait behind its long-polling fetch). May be shared by several logs; when
    // empty the log creates its own from `client`.
    std::shared_ptr<rdkafka::admin_client> admin;
    // start(): how long to look for the topic and read it to its end.
    std::chrono::milliseconds start_timeout{60000};
    // One end-offset query of all partitions.
    std::chrono::milliseconds request_timeout{10000};
    // How long the background thread waits for records at most when it has nothing else to do
    // (delivery reports, reads to the end and stop() wake it; Kafka's KafkaBasedLog waits until
    // woken).
    std::chrono::milliseconds poll_interval{1000};
    // How often the log thread checks that the consumer moves while it is behind the end offsets.
    std::chrono::milliseconds stall_check_interval{2000};
    // stop(): how long records in flight may take to be acknowledged before they are failed.
    std::chrono::milliseconds close_timeout{5000};
};

class kafka_based_log final : public record_log {
public:
    explicit kafka_based_log(kafka_based_log_options options);
    ~kafka_based_log() override;
    kafka_based_log(const kafka_based_log&) = delete;
    kafka_based_log& operator=(const kafka_based_log&) = delete;

    result<void> start(record_handler handler) override;
    void stop() override;
    void send(std::string key, std::optional<std::string> value, completion done = {}) override;
    void read_to_end(completion done) override;
    using record_log::read_to_end;  // the blocking form

    const std::string& topic() const { return options_.topic; }
    // The topic's partition count as found by start(); 0 before.
    std::int32_t partition_count() const { return partition_count_.load(); }

private:
    enum class state { created, starting, running, stopped };

    // A read_to_end() request: first every send before it must be acknowledged (`barrier`: the
    // first send id after it), then the positions must reach `ends`.
    struct pending_read {
        std::uint64_t id = 0;
        std::uint64_t barrier = 0;
        completion done;
        std::optional<std::vector<rdkafka::watermarks>> ends;
    };

    result<void> create_clients();
    result<void> find_partitions(std::chrono::steady_clock::time_point deadline);
    result<void> read_to_end_now(std::chrono::steady_clock::time_point deadline);
    result<std::vector<rdkafka::watermarks>> query_end_offsets();
    // Polls for up to `wait`; hands the records to the handler. Returns how many it handled.
    int poll_records(std::chrono::milliseconds wait);
    bool reached(const std::vector<rdkafka::watermarks>& ends);
    void run();
    // How long the log's thread may wait for records now (see the top of this file).
    std::chrono::milliseconds poll_wait();
    void serve_reads();
    // The stall check (see the top of this file); on the log's thread.
    void check_progress();
    void on_delivered(std::uint64_t id);
    // True when every send with an id below `barrier` is acknowledged; mutex_ held.
    bool flushed(std::uint64_t barrier) const;

    const kafka_based_log_options options_;
    record_handler handler_;
    std::optional<rdkafka::producer> producer_;
    std::optional<rdkafka::consumer> consumer_;
    std::shared_ptr<rdkafka::admin_client> admin_;
    std::vector<rdkafka::topic_partition> partitions_;
    // Per partition: the offset after the last record handed to the handler (-1: none yet).
    // Used by the thread that reads (start()'s caller, then the log's thread) only.
    std::vector<std::int64_t> positions_;
    std::atomic<std::int32_t> partition_count_{0};
    std::chrono::steady_clock::time_point next_end_query_{};  // after a failed query: not before
    // Between failed metadata or end-offset queries: 100 ms, doubling up to 2 s.
    static constexpr backoff_policy query_backoff{std::chrono::milliseconds(100), std::chrono::milliseconds(2000)};
    exponential_backoff end_query_backoff_{query_backoff};
    std::chrono::steady_clock::time_point next_stall_check_{};
    // positions_ at the previous stall check when they were behind the end offsets; else empty.
    std::vector<std::int64_t> checked_positions_;

    std::mutex mutex_;  // guards state_, next_send_id_, unacked_, next_read_id_, reads_
    state state_ = state::created;
    std::uint64_t next_send_id_ = 0;
    std::set<std::uint64_t> unacked_;
    std::uint64_t next_read_id_ = 0;
    std::vector<pending_read> reads_;

    std::atomic<bool> stopping_{false};
    std::thread thread_;
};

}  // namespace copycat::storage
