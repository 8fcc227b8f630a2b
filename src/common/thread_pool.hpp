#pragma once
// thread_pool: a fixed number of threads running posted jobs and timers, for modules that may not
// include Boost (runtime). The worker runs its connector instances and its non-blocking source
// tasks on pools of this kind, so that threads do not grow with connectors and tasks
// (docs/threads.md, docs/scale.md).
//
//   thread_pool pool(2, "task-pool");
//   pool.post([] { work(); });
//   auto t = pool.post_after(100ms, [] { later(); });
//   pool.cancel(t);
//
// Jobs run on one of the pool's threads, in post order for jobs due at the same time, never
// inline in post()/post_after(). A job must not block for long: the other jobs wait for a free
// thread. The destructor drops what is still queued (unrun) and joins the threads; a job that
// is running then is waited for. Thread-safe.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "common/scheduler.hpp"

namespace copycat {

class thread_pool final : public scheduler {
public:
    // `threads` >= 1 (0 counts as 1); `name` names the threads (at most 15 characters shown).
    thread_pool(std::size_t threads, std::string name);
    ~thread_pool() override;
    thread_pool(const thread_pool&) = delete;
    thread_pool& operator=(const thread_pool&) = delete;

    std::size_t size() const { return threads_.size(); }

    // Runs `t` as soon as a thread is free. Returns its ticket (0 once the pool is shut down).
    ticket post(task t) { return post_after(std::chrono::milliseconds(0), std::move(t)); }
    ticket post_after(std::chrono::milliseconds delay, task t) override;
    void cancel(ticket t) override;

private:
    using clock = std::chrono::steady_clock;
    // Ordered by due time, then by ticket (post order).
    using key = std::pair<clock::time_point, ticket>;

    void run();

    std::mutex mutex_;  // guards due_, next_ticket_, stopping_
    std::condition_variable wake_;
    std::map<key, task> due_;
    std::map<ticket, clock::time_point> when_;  // ticket -> its due time, for cancel()
    ticket next_ticket_ = 1;
    bool stopping_ = false;
    std::vector<std::thread> threads_;
};

}  // namespace copycat
