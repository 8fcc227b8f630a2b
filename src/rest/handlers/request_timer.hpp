#pragma once
// request_timer: deadlines for REST requests waiting on the herder (Kafka: RestRequestTimeout,
// 90 s for herder operations, 10 s for the health check). When a deadline passes before the
// request was answered, its timeout action runs (typically: answer 500 "Request timed out");
// the responder being one-shot, a late herder answer is then dropped.
//
// Owns one thread that sleeps until the next deadline. Thread-safe: schedule() and cancel() from
// any thread. Timeout actions run on the timer's thread and must not block. The destructor
// stops the thread without running the pending actions.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <thread>

namespace copycat::rest::handlers {

class request_timer {
public:
    using clock = std::chrono::steady_clock;
    using ticket = std::uint64_t;

    request_timer();
    ~request_timer();
    request_timer(const request_timer&) = delete;
    request_timer& operator=(const request_timer&) = delete;

    // Runs `on_timeout` after `timeout` unless cancelled first.
    ticket schedule(std::chrono::milliseconds timeout, std::function<void()> on_timeout);
    // No-op for a ticket that already fired or was cancelled.
    void cancel(ticket t);

private:
    void run();

    std::mutex mutex_;
    std::condition_variable wake_;
    std::multimap<clock::time_point, ticket> deadlines_;
    std::map<ticket, std::pair<clock::time_point, std::function<void()>>> pending_;
    ticket next_ = 1;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace copycat::rest::handlers
