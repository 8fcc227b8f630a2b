#pragma once
// A dead_letter_queue_reporter::output without Kafka: it keeps every record it is given, and
// acknowledges (or fails) them only when the test says so. Delivery callbacks run on the thread
// that calls poll() or flush() (the task's), as with a real producer; destroying the output
// (or releasing a forward_to() output) fails what is still pending. Thread-safe between the
// test thread and the task thread.

#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "runtime/dead_letter_queue_reporter.hpp"

namespace copycat::testing {

class fake_dlq_output : public runtime::dead_letter_queue_reporter::output {
public:
    struct stored {
        std::string topic;
        std::int32_t partition = 0;
        std::optional<std::string> key;
        std::optional<std::string> value;
        std::vector<runtime::dlq_header> headers;
        std::int64_t timestamp_ms = 0;
    };

    // `auto_acknowledge`: every record is acknowledged at the next poll()/flush().
    explicit fake_dlq_output(bool auto_acknowledge = false) : auto_acknowledge_(auto_acknowledge) {}
    ~fake_dlq_output() override;

    // Test side.
    std::vector<stored> records() const;
    void acknowledge_all();
    void fail_all(std::string reason);

    // Task side.
    result<void> produce(const rdkafka::outgoing_record& record, rdkafka::delivery_callback done) override;
    void poll(std::chrono::milliseconds timeout) override;
    result<void> flush(std::chrono::milliseconds timeout) override;

private:
    struct pending {
        rdkafka::delivery_callback done;
        std::optional<std::string> outcome;  // nullopt: waiting; "" acknowledged; else the failure
    };
    void deliver_decided();

    const bool auto_acknowledge_;
    mutable std::mutex mutex_;
    std::vector<stored> records_;
    std::deque<pending> pending_;
};

// An output that forwards to `target`, so that the test keeps the fake after the reporter
// released its output; releasing it fails what is still pending, as closing a producer does.
std::unique_ptr<runtime::dead_letter_queue_reporter::output> forward_to(std::shared_ptr<fake_dlq_output> target);

}  // namespace copycat::testing
