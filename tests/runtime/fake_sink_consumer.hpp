#pragma once
// A sink_consumer without Kafka: the test appends records to partitions and moves partitions
// in and out of the assignment (revoked or lost); the task thread polls. Thread-safe between
// the test thread and the task thread; rebalance callbacks run on the polling thread without
// the lock held. Every commit, seek and rebalance callback is written to events() in order.

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "runtime/sink_consumer.hpp"

namespace copycat::testing {

class fake_sink_consumer : public runtime::sink_consumer {
public:
    // Test side.
    void append(const topic_partition& tp, const std::vector<std::string>& values);
    void assign(const std::vector<topic_partition>& partitions);
    void revoke(const std::vector<topic_partition>& partitions);
    void lose(const std::vector<topic_partition>& partitions);
    std::map<topic_partition, std::int64_t> committed() const;
    std::set<topic_partition> paused_partitions() const;
    bool closed() const;
    // "assigned a-0", "revoked a-0", "lost a-0", "commit a-0=3", "seek a-0=1", in order.
    std::vector<std::string> events() const;

    // Consumer side (the task thread).
    result<void> subscribe(const std::vector<std::string>& topics, rebalance_listener& listener) override;
    result<std::vector<runtime::consumed_record>> poll(std::chrono::milliseconds timeout,
                                                       std::size_t max_records) override;
    result<void> commit(const topic_partition_offsets& offsets) override;
    std::set<topic_partition> assignment() const override;
    std::optional<std::int64_t> position(const topic_partition& partition) const override;
    // Every appended record counts as in Kafka: the end offset is the partition's record count.
    std::optional<std::int64_t> end_offset(const topic_partition& partition) override;
    result<void> seek(const topic_partition& partition, std::int64_t offset) override;
    result<void> pause(const std::vector<topic_partition>& partitions) override;
    result<void> resume(const std::vector<topic_partition>& partitions) override;
    // Called after each append(), assign(), revoke() and lose() (on the test's thread).
    void on_ready(std::function<void()> ready) override;
    void close() override;

    std::vector<std::string> subscription() const;

private:
    struct stored {
        std::string topic;
        std::string value;
    };

    void apply_rebalances();
    void signal_ready();

    mutable std::mutex mutex_;
    std::condition_variable changed_;
    rebalance_listener* listener_ = nullptr;
    std::vector<std::string> topics_;
    std::map<topic_partition, std::vector<std::shared_ptr<stored>>> logs_;
    std::set<topic_partition> assigned_;
    std::map<topic_partition, std::int64_t> positions_;
    std::map<topic_partition, std::int64_t> committed_;
    std::set<topic_partition> paused_;
    enum class change { assign, revoke, lose };
    std::deque<std::pair<change, std::vector<topic_partition>>> rebalances_;
    std::vector<std::string> events_;
    std::function<void()> ready_;
    bool closed_ = false;
};

}  // namespace copycat::testing
