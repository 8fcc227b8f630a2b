#include "herder/connector_writes.hpp"

#include <utility>

namespace copycat::herder {

connector_writes::~connector_writes() {
    std::lock_guard lock(liveness_->mutex);
    liveness_->alive = false;
}

bool connector_writes::idle_or_defer(const std::string& connector, std::function<void()> job) {
    auto it = in_flight_.find(connector);
    if (it == in_flight_.end()) return true;
    it->second.push_back(std::move(job));
    return false;
}

void connector_writes::write(const std::string& connector, std::function<void(completion)> start, completion then) {
    in_flight_.try_emplace(connector);
    // `then` is answered by whichever comes first, the write or the timeout.
    auto pending = std::make_shared<completion>(std::move(then));
    auto answer = [pending](result<void> r) {
        if (*pending) std::exchange(*pending, nullptr)(std::move(r));
    };
    loop_.post_after(timeout_, [answer] {
        answer(make_error(errc::timeout, "timed out waiting for the config topic write to be read back"));
    });
    start([this, life = liveness_, connector, answer](result<void> r) {
        // A loop that stopped runs nothing more: the write's answer is dropped with it.
        std::lock_guard lock(life->mutex);
        if (!life->alive) return;
        loop_.post([this, connector, answer, r = std::move(r)]() mutable {
            finish(connector);
            answer(std::move(r));
        });
    });
}

void connector_writes::finish(const std::string& connector) {
    auto it = in_flight_.find(connector);
    if (it == in_flight_.end()) return;
    std::vector<std::function<void()>> waiting = std::move(it->second);
    in_flight_.erase(it);
    for (auto& job : waiting) loop_.post(std::move(job));
}

}  // namespace copycat::herder
