#pragma once
// RAII pieces for one librdkafka Admin API request: a private reply queue, the options, and
// waiting for the result event. Internal to copycat::rdkafka (includes rdkafka.h).

#include <librdkafka/rdkafka.h>

#include <chrono>
#include <memory>
#include <string_view>

#include "common/result.hpp"

namespace copycat::rdkafka::detail {

struct event_deleter {
    void operator()(rd_kafka_event_t* event) const noexcept { rd_kafka_event_destroy(event); }
};
using event_ptr = std::unique_ptr<rd_kafka_event_t, event_deleter>;

// One request in flight: build it with options(), send it with queue(), then wait().
// Owned and used by one thread.
class admin_request {
public:
    // `timeout` bounds the broker request (and the operation, where the API has one).
    admin_request(rd_kafka_t* handle, rd_kafka_admin_op_t op, std::chrono::milliseconds timeout);
    ~admin_request();
    admin_request(const admin_request&) = delete;
    admin_request& operator=(const admin_request&) = delete;

    rd_kafka_AdminOptions_t* options() { return options_; }
    rd_kafka_queue_t* queue() { return queue_; }

    // The result event, or the request-level error (errc::timeout when nothing came back).
    result<event_ptr> wait(std::string_view context);

private:
    rd_kafka_AdminOptions_t* options_;
    rd_kafka_queue_t* queue_;
    std::chrono::milliseconds timeout_;
};

}  // namespace copycat::rdkafka::detail
