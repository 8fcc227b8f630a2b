#include "runtime/retry_policy.hpp"

#include <algorithm>
#include <random>
#include <thread>

namespace copycat::runtime {
namespace {

using std::chrono::milliseconds;

std::int64_t default_random(std::int64_t bound) {
    thread_local std::mt19937_64 engine{std::random_device{}()};
    return std::uniform_int_distribution<std::int64_t>(0, bound - 1)(engine);
}

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
    const int doublings = std::max(0, attempt - 1);
    const auto max_delay = std::max(settings_.max_delay, milliseconds(0));
    // 300 << doublings, as long as it stays below the maximum (and does not overflow).
    milliseconds delay = min_delay;
    for (int i = 0; i < doublings && delay <= max_delay; ++i) delay *= 2;
    if (delay > max_delay) {
        const auto bound = max_delay.count();
        delay = milliseconds(bound <= 0 ? 0 : (clock_.random ? clock_.random(bound) : default_random(bound)));
    }
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
