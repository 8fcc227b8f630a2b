#include "rest/handlers/request_timer.hpp"

#include <utility>

namespace copycat::rest::handlers {

void request_timer::use(std::shared_ptr<scheduler> timers) {
    std::lock_guard lock(mutex_);
    timers_ = std::move(timers);
}

std::shared_ptr<scheduler> request_timer::timers() const {
    std::lock_guard lock(mutex_);
    return timers_;
}

request_timer::ticket request_timer::schedule(std::chrono::milliseconds timeout, std::function<void()> on_timeout) {
    auto timers = this->timers();
    return timers ? timers->post_after(timeout, std::move(on_timeout)) : 0;
}

void request_timer::cancel(ticket t) {
    if (auto timers = this->timers(); timers && t != 0) timers->cancel(t);
}

}  // namespace copycat::rest::handlers
