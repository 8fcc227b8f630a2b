#include "rest/handlers/request_timer.hpp"

#include <utility>
#include <vector>

namespace copycat::rest::handlers {

request_timer::request_timer() : thread_([this] { run(); }) {}

request_timer::~request_timer() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

request_timer::ticket request_timer::schedule(std::chrono::milliseconds timeout, std::function<void()> on_timeout) {
    ticket t;
    {
        std::lock_guard lock(mutex_);
        t = next_++;
        const auto deadline = clock::now() + timeout;
        deadlines_.emplace(deadline, t);
        pending_.emplace(t, std::make_pair(deadline, std::move(on_timeout)));
    }
    wake_.notify_one();
    return t;
}

void request_timer::cancel(ticket t) {
    std::function<void()> dropped;  // destroyed outside the lock
    std::lock_guard lock(mutex_);
    auto it = pending_.find(t);
    if (it == pending_.end()) return;
    auto [first, last] = deadlines_.equal_range(it->second.first);
    for (auto d = first; d != last; ++d) {
        if (d->second == t) {
            deadlines_.erase(d);
            break;
        }
    }
    dropped = std::move(it->second.second);
    pending_.erase(it);
}

void request_timer::run() {
    std::unique_lock lock(mutex_);
    while (!stopping_) {
        if (deadlines_.empty()) {
            wake_.wait(lock);
            continue;
        }
        const auto next = deadlines_.begin()->first;
        if (clock::now() < next) {
            wake_.wait_until(lock, next);
            continue;
        }
        std::vector<std::function<void()>> due;
        while (!deadlines_.empty() && deadlines_.begin()->first <= clock::now()) {
            auto it = pending_.find(deadlines_.begin()->second);
            due.push_back(std::move(it->second.second));
            pending_.erase(it);
            deadlines_.erase(deadlines_.begin());
        }
        lock.unlock();
        for (auto& action : due) action();
        due.clear();
        lock.lock();
    }
}

}  // namespace copycat::rest::handlers
