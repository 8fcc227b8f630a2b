#pragma once
// io_thread: an io_context run by one thread of its own, with a timer_service on it. The
// distributed worker runs its group membership I/O (worker_coordinator, group_member) and the
// status store's retries on one (docs/threads.md).
//
//   net::io_thread io;                       // the thread runs from here on
//   auto c = worker_coordinator::create(io.executor(), ...);
//   kafka_status_store statuses(log, io.timers());
//   io.stop();                               // pending timers and handlers dropped; joined
//
// Owned by whoever creates it; executor() and timers() are thread-safe. stop() (also run by the
// destructor) must not be called from the io thread.

#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "net/timer_service.hpp"

namespace copycat::net {

class io_thread {
public:
    io_thread();
    ~io_thread();
    io_thread(const io_thread&) = delete;
    io_thread& operator=(const io_thread&) = delete;

    boost::asio::io_context::executor_type executor() { return io_.get_executor(); }
    timer_service& timers() { return timers_; }
    // Idempotent.
    void stop();

private:
    boost::asio::io_context io_{1};
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
    timer_service timers_;
    std::thread thread_;
};

}  // namespace copycat::net
