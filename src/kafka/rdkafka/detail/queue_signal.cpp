#include "kafka/rdkafka/detail/queue_signal.hpp"

#include <librdkafka/rdkafka.h>

#include <utility>

namespace copycat::rdkafka::detail {
namespace {

// rd_kafka_queue_cb_event_enable()'s callback: the opaque is queue_signal::signal_.
void on_queue_event(rd_kafka_t*, void* opaque) { (*static_cast<std::function<void()>*>(opaque))(); }

}  // namespace

queue_signal& queue_signal::operator=(queue_signal&& other) noexcept {
    if (this != &other) {
        stop();
        queue_ = std::move(other.queue_);
        signal_ = std::move(other.signal_);
    }
    return *this;
}

void queue_signal::start(queue_ptr queue, std::function<void()> signal) {
    stop();
    if (!queue || !signal) return;
    queue_ = std::move(queue);
    signal_ = std::make_unique<std::function<void()>>(std::move(signal));
    rd_kafka_queue_cb_event_enable(queue_.get(), on_queue_event, signal_.get());
}

void queue_signal::stop() noexcept {
    if (!queue_) return;
    // Takes the queue's lock, which a running callback holds: none runs once this returns.
    rd_kafka_queue_cb_event_enable(queue_.get(), nullptr, nullptr);
    queue_.reset();
    signal_.reset();
}

}  // namespace copycat::rdkafka::detail
