#pragma once
// A function called whenever one of a client's queues gets something to serve (a record, a
// delivery report, an event): librdkafka's rd_kafka_queue_cb_event_enable. It runs on a
// librdkafka thread holding the queue's lock, so it must only schedule work (wake a thread, post
// a job), never call the client. Used by consumer::on_ready(), consumer::begin_close() and
// producer::on_ready().

#include <functional>
#include <memory>

#include "kafka/rdkafka/handle.hpp"

namespace copycat::rdkafka::detail {

class queue_signal {
public:
    queue_signal() = default;
    queue_signal(queue_signal&&) noexcept = default;  // the function stays put on the heap
    queue_signal& operator=(queue_signal&& other) noexcept;
    ~queue_signal() { stop(); }

    // Calls `signal` from now on when `queue` (a reference this object then owns) gets an
    // element; replaces an earlier queue and function. An empty function or queue only stops.
    void start(queue_ptr queue, std::function<void()> signal);
    // Once this returns no call is running or will run; drops the queue reference (librdkafka
    // wants it dropped before its client closes). Idempotent.
    void stop() noexcept;
    // The queue signalled, while started.
    rd_kafka_queue_s* queue() const { return queue_.get(); }

private:
    queue_ptr queue_;
    std::unique_ptr<std::function<void()>> signal_;
};

}  // namespace copycat::rdkafka::detail
