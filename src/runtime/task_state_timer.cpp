#include "runtime/task_state_timer.hpp"

namespace copycat::runtime {

void task_state_timer::change(run_state state, clock::time_point now) {
    std::lock_guard lock(mutex_);
    if (state_) spent_[static_cast<std::size_t>(*state_)] += now - since_;
    state_ = state;
    since_ = now;
}

std::optional<run_state> task_state_timer::current() const {
    std::lock_guard lock(mutex_);
    return state_;
}

double task_state_timer::ratio(run_state state, clock::time_point now) const {
    std::lock_guard lock(mutex_);
    if (!state_) return 0.0;
    clock::duration total = now - since_;
    for (const auto d : spent_) total += d;
    clock::duration in_state = spent_[static_cast<std::size_t>(state)];
    if (*state_ == state) in_state += now - since_;
    return total.count() > 0 ? std::chrono::duration<double>(in_state) / std::chrono::duration<double>(total) : 0.0;
}

}  // namespace copycat::runtime
