#pragma once
// herder_loop: the herder's one thread. Jobs posted from any thread run on it one at a time, in
// the order they were posted, so the herder's state needs no locks (Kafka: the herder's
// synchronized methods and its single-threaded request executor).
//
// The loop is an io_context run by its one thread: post() queues a job on it, post_after() goes
// through the loop's net::timer_service, and asynchronous I/O started on executor() (the HTTP
// calls to the leader) completes on the same thread, between jobs.
//
// Owned by the herder. start() launches the thread; stop() lets the jobs already queued run, then
// joins; I/O still in flight then is abandoned (its completion never runs). Jobs posted after
// stop() are dropped (destroyed unrun); delayed jobs not yet run when the loop stops are dropped.
// A loop stopped without having started drops its queued jobs when it is destroyed.

#include <chrono>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "net/timer_service.hpp"

namespace copycat::herder {

class herder_loop {
public:
    using job = std::function<void()>;

    herder_loop();
    ~herder_loop();
    herder_loop(const herder_loop&) = delete;
    herder_loop& operator=(const herder_loop&) = delete;

    void start();
    // Returns false (and drops the job) when the loop is stopping or stopped.
    bool post(job j);
    // Runs `j` on the loop once `delay` has passed (in due order); false when stopping.
    bool post_after(std::chrono::milliseconds delay, job j);
    // Idempotent; must not be called from the loop thread.
    void stop();
    // True on the loop thread, while it runs the loop (asks the io_context: no lock, no thread_ read).
    bool in_loop_thread() { return io_.get_executor().running_in_this_thread(); }
    // For asynchronous I/O whose completion handlers should run on the loop thread.
    boost::asio::any_io_executor executor() { return io_.get_executor(); }

private:
    static void run_job(const job& j);

    std::mutex mutex_;  // guards stopping_ and orders posts against stop()
    bool stopping_ = false;
    boost::asio::io_context io_{1};
    std::optional<boost::asio::executor_work_guard<boost::asio::io_context::executor_type>> work_;
    net::timer_service timers_{io_.get_executor()};
    std::thread thread_;
};

}  // namespace copycat::herder
