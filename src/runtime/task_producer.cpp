#include "runtime/task_producer.hpp"

#include <condition_variable>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

namespace copycat::runtime {

// Delivery reports of one task's records on the shared producer, from its poller thread to the
// task's thread.
struct task_producer::inbox {
    struct report {
        rdkafka::delivery_callback callback;
        std::string topic;
        std::int32_t partition;
        std::int64_t offset;
        result<void> status;
    };

    void push(rdkafka::delivery_callback callback, const rdkafka::delivery_report& r) {
        {
            std::lock_guard lock(mutex);
            if (closed) return;
            reports.push_back({std::move(callback), std::string(r.topic), r.partition, r.offset, r.status});
        }
        arrived.notify_one();
    }

    std::mutex mutex;
    std::condition_variable arrived;
    std::vector<report> reports;
    bool closed = false;
};

task_producer::task_producer(rdkafka::producer own) : own_(std::move(own)) {}

task_producer::task_producer(std::shared_ptr<shared_producer> shared)
    : shared_(std::move(shared)), inbox_(std::make_shared<inbox>()) {}

task_producer::~task_producer() {
    if (!inbox_) return;
    std::vector<inbox::report> dropped;  // their callbacks may refer to the task: never run them
    {
        std::lock_guard lock(inbox_->mutex);
        inbox_->closed = true;
        dropped.swap(inbox_->reports);
    }
}

result<void> task_producer::produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback on_delivery) {
    if (own_) return own_->produce(record, std::move(on_delivery));
    auto produced = shared_->produce(
        record, [box = inbox_, callback = std::move(on_delivery)](const rdkafka::delivery_report& r) mutable {
            box->push(std::move(callback), r);
        });
    if (produced) ++outstanding_;
    return produced;
}

void task_producer::serve(std::chrono::milliseconds timeout) {
    if (own_) {
        own_->poll(timeout);
        return;
    }
    std::vector<inbox::report> ready;
    {
        std::unique_lock lock(inbox_->mutex);
        if (timeout.count() > 0) inbox_->arrived.wait_for(lock, timeout, [&] { return !inbox_->reports.empty(); });
        ready.swap(inbox_->reports);
    }
    for (auto& r : ready) {
        --outstanding_;
        if (!r.callback) continue;
        rdkafka::run_delivery_callback(r.callback, rdkafka::delivery_report{r.topic, r.partition, r.offset, r.status});
    }
}

result<void> task_producer::flush(std::chrono::milliseconds timeout) {
    if (own_) return own_->flush(timeout);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (outstanding_ > 0) {
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0)
            return make_error(errc::timeout,
                              fmt::format("flush: {} records still outstanding after {} ms", outstanding_, timeout.count()));
        serve(left);
    }
    return {};
}

int task_producer::outstanding() const { return own_ ? own_->outstanding() : outstanding_; }

}  // namespace copycat::runtime
