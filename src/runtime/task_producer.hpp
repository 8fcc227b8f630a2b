#pragma once
// The producer a source task writes through: its own librdkafka producer, or a share of the
// worker's shared_producer (docs/scale.md "One producer per worker"). Either way the task sees
// the same calls, and its delivery callbacks run on the thread that calls serve() or flush():
// the task's own thread.
//
// A task gets its own producer when it runs exactly-once (its producer is transactional, with
// the task's transactional.id) or its connector sets producer.override.* (the overrides are
// the task's client settings); every other source task shares the worker's.
//
// Threading: one thread at a time (the task's). Destroying it forgets the records whose reports
// were not served: their callbacks never run (the shared producer may still deliver them).

#include <chrono>
#include <memory>
#include <optional>

#include "common/result.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "runtime/shared_producer.hpp"

namespace copycat::runtime {

class task_producer {
public:
    explicit task_producer(rdkafka::producer own);
    explicit task_producer(std::shared_ptr<shared_producer> shared);
    ~task_producer();
    task_producer(const task_producer&) = delete;
    task_producer& operator=(const task_producer&) = delete;

    // As rdkafka::producer::produce: errc::unavailable when the local queue is full.
    result<void> produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback on_delivery);
    // Runs the delivery callbacks of this task's records that arrived, waiting up to `timeout`
    // for the first one.
    void serve(std::chrono::milliseconds timeout);
    // Serves callbacks until every record of this task was acknowledged or failed; errc::timeout
    // when some are still outstanding after `timeout`.
    result<void> flush(std::chrono::milliseconds timeout);
    // This task's records not yet reported (own producer: also its protocol requests).
    int outstanding() const;

    bool shared() const { return !own_.has_value(); }
    // The task's own producer, for transactions. Only when !shared().
    rdkafka::producer& own() { return *own_; }

private:
    struct inbox;

    std::optional<rdkafka::producer> own_;
    std::shared_ptr<shared_producer> shared_;
    std::shared_ptr<inbox> inbox_;
    int outstanding_ = 0;  // shared: produced and not yet served
};

}  // namespace copycat::runtime
