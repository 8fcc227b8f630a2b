#pragma once
// The worker's one producer for the source tasks that need none of their own (docs/scale.md
// "One producer per worker"): tasks without exactly-once delivery and without
// producer.override.* settings. librdkafka runs a main thread and a thread per broker for every
// client; a thousand idle tasks with a producer each cost thousands of threads and the wake-ups
// of their timers. Sharing one producer costs the same few threads however many tasks there are.
//
// Threading: produce() from any thread (librdkafka's produce is thread-safe); a poller thread,
// owned here and joined by the destructor, serves the delivery reports. Each task reads its own
// reports on its own thread through a task_producer (runtime/task_producer.hpp), so a task's
// state is still touched by its thread only.

#include <atomic>
#include <memory>
#include <thread>

#include "common/result.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/producer.hpp"

namespace copycat::runtime {

class shared_producer {
public:
    static result<std::shared_ptr<shared_producer>> create(const rdkafka::client_config& config);

    // Stops the poller; records not yet delivered fail (their tasks stopped before).
    ~shared_producer();
    shared_producer(const shared_producer&) = delete;
    shared_producer& operator=(const shared_producer&) = delete;

    // Thread-safe; `on_delivery` runs on the poller thread.
    result<void> produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback on_delivery);

private:
    explicit shared_producer(rdkafka::producer producer);
    void poll_loop();

    rdkafka::producer producer_;
    std::atomic<bool> stopping_{false};
    std::thread poller_;
};

}  // namespace copycat::runtime
