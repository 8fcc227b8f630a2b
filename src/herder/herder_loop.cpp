#include "herder/herder_loop.hpp"

#include <exception>
#include <utility>

#include "common/logging.hpp"

namespace copycat::herder {

herder_loop::~herder_loop() { stop(); }

void herder_loop::start() {
    std::lock_guard lock(mutex_);
    if (thread_.joinable() || stopping_) return;
    thread_ = std::thread([this] { run(); });
}

bool herder_loop::post(job j) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return false;
        jobs_.push_back(std::move(j));
    }
    wake_.notify_one();
    return true;
}

bool herder_loop::post_after(std::chrono::milliseconds delay, job j) {
    {
        std::lock_guard lock(mutex_);
        if (stopping_) return false;
        delayed_.emplace(std::chrono::steady_clock::now() + delay, std::move(j));
    }
    wake_.notify_one();
    return true;
}

void herder_loop::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) thread_.join();
    std::deque<job> dropped;  // the loop never started: drop what was queued, outside the lock
    std::multimap<std::chrono::steady_clock::time_point, job> dropped_delayed;
    std::lock_guard lock(mutex_);
    dropped.swap(jobs_);
    dropped_delayed.swap(delayed_);
}

void herder_loop::run() {
    for (;;) {
        job next;
        {
            std::unique_lock lock(mutex_);
            for (;;) {
                const auto now = std::chrono::steady_clock::now();
                while (!delayed_.empty() && delayed_.begin()->first <= now) {
                    jobs_.push_back(std::move(delayed_.begin()->second));
                    delayed_.erase(delayed_.begin());
                }
                if (stopping_ || !jobs_.empty()) break;
                if (delayed_.empty()) {
                    wake_.wait(lock);
                } else {
                    wake_.wait_until(lock, delayed_.begin()->first);
                }
            }
            if (jobs_.empty()) return;  // stopping and drained
            next = std::move(jobs_.front());
            jobs_.pop_front();
        }
        try {
            next();
        } catch (const std::exception& e) {
            log::error("Uncaught error in the herder thread: {}", e.what());
        }
    }
}

}  // namespace copycat::herder
