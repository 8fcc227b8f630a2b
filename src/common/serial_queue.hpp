#pragma once
// serial_queue: jobs run one at a time, in post order, on the threads of a thread_pool (a strand).
// The worker gives each connector instance one, so a connector is never called concurrently
// although no thread is its own (docs/threads.md).
//
//   serial_queue q(pool);
//   q.post([] { first(); });
//   q.post([] { second(); });  // starts after first() returned, on any thread of the pool
//
// Owned by its user; the pool outlives it. The destructor waits for the job that is running and
// drops the queued ones unrun. Thread-safe; a job must not destroy its own queue.

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>

#include "common/thread_pool.hpp"

namespace copycat {

class serial_queue {
public:
    explicit serial_queue(thread_pool& pool) : pool_(pool) {}
    ~serial_queue();
    serial_queue(const serial_queue&) = delete;
    serial_queue& operator=(const serial_queue&) = delete;

    void post(std::function<void()> job);

private:
    void drain();

    thread_pool& pool_;
    std::mutex mutex_;  // guards jobs_, scheduled_, closing_
    std::condition_variable idle_;
    std::deque<std::function<void()>> jobs_;
    bool scheduled_ = false;  // a drain() is queued on the pool or running
    bool closing_ = false;
};

}  // namespace copycat
