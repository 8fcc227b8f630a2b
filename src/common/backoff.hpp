#pragma once
// Exponential backoff for retry loops: after the n-th consecutive failure wait
// initial * multiplier^(n-1), at most `max`, optionally with jitter (Kafka's ExponentialBackoff).
// Two ways of jittering, as Kafka has two:
//  - `jitter` > 0: the delay d becomes a uniformly random one in [d * (1 - jitter), d * (1 + jitter)]
//    (the clients' reconnect.backoff.ms, jitter 0.2);
//  - `random_beyond_max`: once the doubled delay would exceed `max`, a random delay in [0, max)
//    instead of `max` (RetryWithToleranceOperator's errors.retry.delay.max.ms).
// The random numbers come from a random_source, so tests can make them deterministic.
//
// Not synchronised: one retry loop (one thread, or one strand) owns an exponential_backoff.

#include <chrono>
#include <cstdint>
#include <functional>

namespace copycat {

/// A uniformly random integer in [0, bound), for bound > 0.
using random_source = std::function<std::int64_t(std::int64_t bound)>;

/// The default random_source: a per-thread generator seeded from std::random_device.
std::int64_t thread_random(std::int64_t bound);

struct backoff_policy {
    std::chrono::milliseconds initial{100};
    std::chrono::milliseconds max{1000};
    std::int64_t multiplier = 2;
    double jitter = 0;               // relative, in [0, 1)
    bool random_beyond_max = false;  // see the header comment
};

class exponential_backoff {
public:
    explicit exponential_backoff(backoff_policy policy, random_source random = thread_random);

    /// The delay after `failures` consecutive failures (0 and 1 both give the initial delay).
    /// Negative settings count as 0. Draws a random number when the policy jitters.
    std::chrono::milliseconds delay_after(std::uint32_t failures) const;

    /// Counts one more failure and returns the delay to wait after it.
    std::chrono::milliseconds next();

    /// After a success: the next failure waits the initial delay again.
    void reset() noexcept { failures_ = 0; }

    std::uint32_t failures() const noexcept { return failures_; }

private:
    backoff_policy policy_;
    random_source random_;
    std::uint32_t failures_ = 0;
};

}  // namespace copycat
