#include "common/backoff.hpp"

#include <algorithm>
#include <random>
#include <utility>

namespace copycat {

std::int64_t thread_random(std::int64_t bound) {
    thread_local std::mt19937_64 engine{std::random_device{}()};
    return std::uniform_int_distribution<std::int64_t>(0, bound - 1)(engine);
}

exponential_backoff::exponential_backoff(backoff_policy policy, random_source random)
    : policy_(policy), random_(random ? std::move(random) : random_source(thread_random)) {}

std::chrono::milliseconds exponential_backoff::delay_after(std::uint32_t failures) const {
    const std::int64_t max = std::max<std::int64_t>(policy_.max.count(), 0);
    std::int64_t delay = std::max<std::int64_t>(policy_.initial.count(), 0);
    // Grows only while it is within the maximum, so it cannot overflow.
    for (std::uint32_t i = 1; i < failures && delay <= max && delay > 0; ++i) delay *= policy_.multiplier;
    if (delay > max) {
        if (!policy_.random_beyond_max) {
            delay = max;
        } else {
            return std::chrono::milliseconds(max <= 0 ? 0 : random_(max));
        }
    }
    if (policy_.jitter > 0 && delay > 0) {
        const auto low = static_cast<std::int64_t>(static_cast<double>(delay) * (1 - policy_.jitter));
        const auto width = static_cast<std::int64_t>(static_cast<double>(delay) * 2 * policy_.jitter);
        delay = low + (width > 0 ? random_(width + 1) : 0);
    }
    return std::chrono::milliseconds(delay);
}

std::chrono::milliseconds exponential_backoff::next() {
    if (failures_ < UINT32_MAX) ++failures_;
    return delay_after(failures_);
}

}  // namespace copycat
