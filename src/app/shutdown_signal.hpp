#pragma once
// shutdown_signal: SIGINT and SIGTERM as a shutdown request. Construct it first in main(), before
// any other thread exists: it blocks both signals in the calling thread (threads created later
// inherit the mask) and waits for them on its own thread with sigwait().
//
// Owned by main(). requested() and wait_for() may be called from any thread.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <string>
#include <thread>

namespace copycat::app {

class shutdown_signal {
public:
    shutdown_signal();
    ~shutdown_signal();
    shutdown_signal(const shutdown_signal&) = delete;
    shutdown_signal& operator=(const shutdown_signal&) = delete;

    bool requested() const { return requested_; }
    // Blocks until a signal arrived; returns its name ("SIGTERM").
    std::string wait();
    // Waits at most `timeout`; true when a signal arrived.
    bool wait_for(std::chrono::milliseconds timeout);

private:
    void run();

    std::atomic<bool> requested_{false};
    std::mutex mutex_;  // guards name_, closing_ (requested_ is atomic; set under mutex_ so waiters see it)
    std::condition_variable cv_;
    std::string name_;
    bool closing_ = false;
    std::thread thread_;
};

}  // namespace copycat::app
