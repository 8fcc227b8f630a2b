#include "common/thread_pool.hpp"

#include <pthread.h>

namespace copycat {

thread_pool::thread_pool(std::size_t threads, std::string name) {
    if (threads == 0) threads = 1;
    if (name.size() > 15) name.resize(15);  // pthread names are at most 15 characters
    threads_.reserve(threads);
    for (std::size_t i = 0; i < threads; ++i) {
        threads_.emplace_back([this] { run(); });
        pthread_setname_np(threads_.back().native_handle(), name.c_str());
    }
}

thread_pool::~thread_pool() {
    std::map<key, task> dropped;
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        dropped.swap(due_);
        when_.clear();
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
    // `dropped` is destroyed here, outside the lock: a job may own objects whose destructors post.
}

scheduler::ticket thread_pool::post_after(std::chrono::milliseconds delay, task t) {
    const auto at = clock::now() + std::max(delay, std::chrono::milliseconds(0));
    std::unique_lock lock(mutex_);
    if (stopping_) return 0;
    const ticket id = next_ticket_++;
    const bool earliest = due_.empty() || key{at, id} < due_.begin()->first;
    due_.emplace(key{at, id}, std::move(t));
    when_.emplace(id, at);
    lock.unlock();
    // Every sleeper waits for the earliest time at most, so a job due later wakes nobody: a
    // thread takes it after the earlier ones (an idle task's next turn, mostly).
    if (earliest) wake_.notify_all();  // every sleeper waits for the old earliest time
    return id;
}

void thread_pool::cancel(ticket t) {
    task dropped;
    std::lock_guard lock(mutex_);
    const auto it = when_.find(t);
    if (it == when_.end()) return;
    const auto job = due_.find(key{it->second, t});
    dropped = std::move(job->second);  // destroyed after the lock is released (declared first)
    due_.erase(job);
    when_.erase(it);
}

void thread_pool::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        if (due_.empty()) {
            wake_.wait(lock);
            continue;
        }
        const auto first = due_.begin();
        if (first->first.first > clock::now()) {
            // A copy: the wait reads its deadline again after waking, when another thread may
            // have run or cancelled that job and freed its key.
            const clock::time_point until = first->first.first;
            wake_.wait_until(lock, until);
            continue;
        }
        task job = std::move(first->second);
        when_.erase(first->first.second);
        due_.erase(first);
        lock.unlock();
        job();
        job = nullptr;  // what the job owns goes before the lock is taken again
        lock.lock();
    }
}

}  // namespace copycat
