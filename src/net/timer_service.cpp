#include "net/timer_service.hpp"

#include <map>
#include <mutex>
#include <utility>
#include <vector>

#include <boost/asio/steady_timer.hpp>

namespace copycat::net {

struct timer_service::state {
    explicit state(boost::asio::any_io_executor e) : executor(std::move(e)) {}

    struct entry {
        std::unique_ptr<boost::asio::steady_timer> timer;
        task work;
    };

    // Runs the task of `t` unless it was cancelled (or the service shut down) meanwhile.
    void fire(ticket t) {
        entry due;
        {
            std::lock_guard lock(mutex);
            auto it = pending.find(t);
            if (it == pending.end()) return;
            due = std::move(it->second);
            pending.erase(it);
        }
        due.work();
    }

    const boost::asio::any_io_executor executor;
    std::mutex mutex;  // guards the fields below
    std::map<ticket, entry> pending;
    ticket next = 1;
    bool closed = false;
};

timer_service::timer_service(boost::asio::any_io_executor executor)
    : state_(std::make_shared<state>(std::move(executor))) {}

timer_service::~timer_service() { shutdown(); }

scheduler::ticket timer_service::post_after(std::chrono::milliseconds delay, task t) {
    std::lock_guard lock(state_->mutex);
    if (state_->closed) return 0;  // `t`, a parameter, is destroyed after the lock is released
    const ticket id = state_->next++;
    auto timer = std::make_unique<boost::asio::steady_timer>(state_->executor, delay);
    timer->async_wait([weak = std::weak_ptr<state>(state_), id](const boost::system::error_code&) {
        // Cancelled timers complete too (operation_aborted); fire() finds their entry gone.
        if (auto s = weak.lock()) s->fire(id);
    });
    state_->pending.emplace(id, state::entry{std::move(timer), std::move(t)});
    return id;
}

void timer_service::cancel(ticket t) {
    state::entry dropped;  // destroyed after the lock is released
    std::lock_guard lock(state_->mutex);
    auto it = state_->pending.find(t);
    if (it == state_->pending.end()) return;
    dropped = std::move(it->second);
    state_->pending.erase(it);
}

void timer_service::shutdown() {
    std::map<ticket, state::entry> dropped;
    std::lock_guard lock(state_->mutex);
    state_->closed = true;
    dropped.swap(state_->pending);
}

}  // namespace copycat::net
