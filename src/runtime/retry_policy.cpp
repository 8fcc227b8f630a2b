#include "runtime/retry_policy.hpp"

#include <algorithm>
#include <thread>

#include "common/backoff.hpp"

namespace copycat::runtime {
namespace {

using std::chrono::milliseconds;

}  // namespace

retry_policy::retry_policy(retry_settings settings, retry_clock clock)
    : settings_(settings), clock_(std::move(clock)) {}

retry_policy::time_point retry_policy::now() const {
    return clock_.now ? clock_.now() : std::chrono::steady_clock::now();
}

bool retry_policy::wait(milliseconds delay) const {
    if (clock_.wait) return clock_.wait(delay);
    std::this_thread::sleep_for(delay);
    return true;
}

retry_policy::time_point retry_policy::deadline_from(time_point start) const {
    if (settings_.timeout.count() < 0) return time_point::max();
    // A timeout too large for the clock is as good as infinite.
    if (settings_.timeout > std::chrono::duration_cast<milliseconds>(time_point::max() - start))
        return time_point::max();
    return start + settings_.timeout;
}

milliseconds retry_policy::backoff_delay(int attempt, time_point deadline) const {
    // 300 << (attempt - 1), or a random delay below the maximum once that exceeds it.
    const exponential_backoff backoff({min_delay, settings_.max_delay, 2, 0, true}, clock_.random);
    milliseconds delay = backoff.delay_after(static_cast<std::uint32_t>(std::max(attempt, 1)));
    const auto now_at = now();
    if (deadline != time_point::max()) {
        const auto left = std::chrono::duration_cast<milliseconds>(deadline - now_at);
        delay = std::clamp(delay, milliseconds(0), std::max(left, milliseconds(0)));
    }
    return delay;
}

retry_clock stop_aware_retry_clock(std::function<bool()> stopping,
                                   std::function<void(std::chrono::milliseconds)> wait_for_change) {
    retry_clock clock;
    clock.wait = [stopping = std::move(stopping), wait_for_change = std::move(wait_for_change)](milliseconds delay) {
        const auto until = std::chrono::steady_clock::now() + delay;
        while (!stopping()) {
            const auto now = std::chrono::steady_clock::now();
            if (now >= until) return true;
            wait_for_change(std::chrono::ceil<milliseconds>(until - now));
        }
        return false;
    };
    return clock;
}

}  // namespace copycat::runtime
