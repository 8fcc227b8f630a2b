#pragma once
// request_timer: deadlines for REST requests waiting on the herder (Kafka: RestRequestTimeout,
// 90 s for herder operations, 10 s for the health check). When a deadline passes before the
// request was answered, its timeout action runs (typically: answer 500 "Request timed out");
// the responder being one-shot, a late herder answer is then dropped.
//
// The deadlines are timers on the REST server's io_context (http_server::timers(), handed over
// with use() before the server starts); timeout actions run on the server's threads and must not
// block. Until use() no deadline applies. Once the server stops, its timers are shut down: pending
// actions are dropped and cancel() is a no-op. Thread-safe.

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>

#include "common/scheduler.hpp"

namespace copycat::rest::handlers {

class request_timer {
public:
    using ticket = scheduler::ticket;

    void use(std::shared_ptr<scheduler> timers);

    // Runs `on_timeout` after `timeout` unless cancelled first.
    ticket schedule(std::chrono::milliseconds timeout, std::function<void()> on_timeout);
    // No-op for a ticket that already fired or was cancelled.
    void cancel(ticket t);

private:
    std::shared_ptr<scheduler> timers() const;

    mutable std::mutex mutex_;  // guards timers_
    std::shared_ptr<scheduler> timers_;
};

}  // namespace copycat::rest::handlers
