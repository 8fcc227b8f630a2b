#pragma once
// timer_service: Copycat's one timer service — delayed and periodic work as Asio timers on an
// executor its owner runs (docs/threads.md lists which io_context each one lives on). Modules
// without Boost use it through the common scheduler interface.
//
//   net::timer_service timers(io.get_executor());
//   timers.post_after(250ms, [this] { retry(); });   // runs on a thread running `io`
//   timers.shutdown();                                // before `io` is destroyed
//
// A task runs exactly once unless cancelled first; a cancelled or shut-down task is destroyed
// unrun (outside the service's lock, so it may call back into the service). Thread-safe.
// shutdown() (also run by the destructor) must happen while the io_context still exists; after
// it, post_after() drops its task and returns 0, and cancel() is a no-op.

#include <memory>

#include <boost/asio/any_io_executor.hpp>

#include "common/scheduler.hpp"

namespace copycat::net {

class timer_service final : public scheduler {
public:
    explicit timer_service(boost::asio::any_io_executor executor);
    ~timer_service() override;
    timer_service(const timer_service&) = delete;
    timer_service& operator=(const timer_service&) = delete;

    ticket post_after(std::chrono::milliseconds delay, task t) override;
    void cancel(ticket t) override;
    // Drops every pending task and refuses new ones. Idempotent.
    void shutdown();

private:
    struct state;
    std::shared_ptr<state> state_;  // handlers hold it weakly: a late completion finds it gone
};

}  // namespace copycat::net
