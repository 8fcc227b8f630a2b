#pragma once
// scheduler: delayed work, for modules that may not include Boost (storage, runtime). The one
// implementation is net::timer_service, timers on its owner's io_context; whoever owns that
// io_context hands the scheduler to the objects that need one (docs/threads.md).
//
//   auto t = timers.post_after(100ms, [this] { retry(); });
//   timers.cancel(t);  // `retry` is destroyed unrun unless it already ran
//
// Tasks run on the implementation's executor thread(s), never inline in post_after(). Thread-safe.

#include <chrono>
#include <cstdint>
#include <functional>

namespace copycat {

class scheduler {
public:
    using task = std::function<void()>;
    using ticket = std::uint64_t;  // 0: nothing was scheduled

    virtual ~scheduler() = default;

    // Runs `t` once, after `delay`, unless cancelled first. Returns 0 and drops `t` when the
    // scheduler is shut down.
    virtual ticket post_after(std::chrono::milliseconds delay, task t) = 0;
    // Drops a pending task unrun; a no-op for one that already ran, is running, or was cancelled.
    virtual void cancel(ticket t) = 0;
};

}  // namespace copycat
