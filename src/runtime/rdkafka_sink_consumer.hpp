#pragma once
// sink_consumer over copycat::rdkafka::consumer (a librdkafka group consumer). Each call maps
// to the consumer call of the same name; the group's rebalance callbacks are passed on to the
// sink's listener. Two additions:
//   - position() before anything was consumed from a partition (librdkafka knows none) is the
//     group's committed offset read at assignment, or the offset of the last seek().
//   - records of a partition revoked while poll() gathers a batch are dropped from the batch,
//     so the listener never sees records of a partition after it was told of the revocation.
//
// Threading: the task thread only (see sink_consumer); the listener runs inside poll(), close()
// and close_finished() on that thread; on_ready()'s function on a librdkafka thread.

#include <map>
#include <set>
#include <optional>

#include "kafka/rdkafka/consumer.hpp"
#include "runtime/sink_consumer.hpp"

namespace copycat::runtime {

class rdkafka_sink_consumer final : public sink_consumer {
public:
    // `request_timeout` bounds the committed-offsets request made at each assignment.
    explicit rdkafka_sink_consumer(rdkafka::consumer consumer,
                                   std::chrono::milliseconds request_timeout = std::chrono::seconds(30))
        : bridge_(*this), consumer_(std::move(consumer)), request_timeout_(request_timeout) {}
    ~rdkafka_sink_consumer() override;
    rdkafka_sink_consumer(const rdkafka_sink_consumer&) = delete;
    rdkafka_sink_consumer& operator=(const rdkafka_sink_consumer&) = delete;

    result<void> subscribe(const std::vector<std::string>& topics, rebalance_listener& listener) override;
    result<std::vector<consumed_record>> poll(std::chrono::milliseconds timeout, std::size_t max_records) override;
    result<void> commit(const topic_partition_offsets& offsets) override;
    std::set<topic_partition> assignment() const override;
    std::optional<std::int64_t> position(const topic_partition& partition) const override;
    std::optional<std::int64_t> end_offset(const topic_partition& partition) override;
    result<void> seek(const topic_partition& partition, std::int64_t offset) override;
    result<void> pause(const std::vector<topic_partition>& partitions) override;
    result<void> resume(const std::vector<topic_partition>& partitions) override;
    void on_ready(std::function<void()> ready) override;
    void close() override;
    void begin_close(std::function<void()> progress) override;
    bool close_finished() override;

private:
    // Receives the rdkafka consumer's rebalance callbacks and passes them on.
    class bridge final : public rdkafka::rebalance_listener {
    public:
        explicit bridge(rdkafka_sink_consumer& owner) : owner_(owner) {}
        void on_partitions_assigned(const std::vector<rdkafka::topic_partition>& partitions) override;
        void on_partitions_revoked(const std::vector<rdkafka::topic_partition>& partitions) override;
        void on_partitions_lost(const std::vector<rdkafka::topic_partition>& partitions) override;

    private:
        rdkafka_sink_consumer& owner_;
    };

    // Forgets the partitions: start offsets, and their records in the batch being gathered.
    void forget(const std::vector<topic_partition>& partitions);

    bridge bridge_;  // declared first: consumer_'s destruction may still call it
    rdkafka::consumer consumer_;
    const std::chrono::milliseconds request_timeout_;
    sink_consumer::rebalance_listener* listener_ = nullptr;
    // Per assigned partition: the committed offset at assignment, or the last seek's offset.
    std::map<topic_partition, std::int64_t> start_offsets_;
    std::set<topic_partition> paused_;  // by pause(), until resume() or revocation
    // The batch poll() is gathering (null outside poll()).
    std::vector<consumed_record>* gathering_ = nullptr;
    bool closed_ = false;
};

}  // namespace copycat::runtime
