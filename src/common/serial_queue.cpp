#include "common/serial_queue.hpp"

namespace copycat {

serial_queue::~serial_queue() {
    std::deque<std::function<void()>> dropped;
    std::unique_lock lock(mutex_);
    closing_ = true;
    dropped.swap(jobs_);
    idle_.wait(lock, [&] { return !scheduled_; });
}

void serial_queue::post(std::function<void()> job) {
    {
        std::lock_guard lock(mutex_);
        if (closing_) return;
        jobs_.push_back(std::move(job));
        if (scheduled_) return;  // the running drain() takes it
        scheduled_ = true;
    }
    if (pool_.post([this] { drain(); }) == 0) {
        std::lock_guard lock(mutex_);  // the pool is shut down: nothing will run
        scheduled_ = false;
        jobs_.clear();
        idle_.notify_all();
    }
}

// Runs the queued jobs (one drain() at a time per queue), then lets the next post() schedule
// another. A pool whose destructor drops this drain() unrun leaves scheduled_ set: the pool must
// outlive its queues.
void serial_queue::drain() {
    for (;;) {
        std::function<void()> job;
        {
            std::lock_guard lock(mutex_);
            if (jobs_.empty() || closing_) {
                scheduled_ = false;
                idle_.notify_all();
                return;
            }
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        job();
    }
}

}  // namespace copycat
