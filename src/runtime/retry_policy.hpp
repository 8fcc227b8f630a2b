#pragma once
// errors.retry.timeout and errors.retry.delay.max.ms (Kafka: RetryWithToleranceOperator's
// execAndRetry and backoff): an operation that throws retriable_error is attempted again until
// it succeeds or errors.retry.timeout has passed since the first attempt (0: never again;
// negative: without end). Between attempts the policy waits 300 ms, doubling each time; once
// the doubled delay would exceed errors.retry.delay.max.ms it waits a random time below that
// maximum instead (jitter), and never beyond the deadline. Any other exception ends the
// attempts at once.
//
// The waits go through a retry_clock, so that a task can end them when it is asked to stop
// (then run() throws retry_interrupted, nesting the last retriable error) and tests can use a
// fake time. Kafka breaks the loop only when the task is cancelled and then treats the record
// as failed; Copycat breaks it on stop and leaves the record alone (neither skipped nor
// reported), so that nothing is committed past it.
//
// Owned by one task's record_error_handler and used on the task thread; the clock's wait may
// be ended from other threads by whatever it watches (the task's stop flag).

#include <chrono>
#include <cstdint>
#include <exception>
#include <functional>

#include "copycat/errors.hpp"

namespace copycat::runtime {

// Retrying gave up because the task is stopping.
class retry_interrupted : public connect_error {
public:
    using connect_error::connect_error;
};

struct retry_settings {
    std::chrono::milliseconds timeout{0};        // errors.retry.timeout: 0 no retry, < 0 infinite
    std::chrono::milliseconds max_delay{60000};  // errors.retry.delay.max.ms
};

// How the policy tells the time, waits and draws its jitter. Every member may be left empty:
// steady_clock, a plain sleep, and a per-thread Mersenne twister.
struct retry_clock {
    std::function<std::chrono::steady_clock::time_point()> now;
    // Waits `delay` (or less); false when the wait ended because the task is stopping.
    std::function<bool(std::chrono::milliseconds delay)> wait;
    // A uniformly drawn number in [0, bound), bound > 0.
    std::function<std::int64_t(std::int64_t bound)> random;
};

class retry_policy {
public:
    using time_point = std::chrono::steady_clock::time_point;

    // Kafka's RETRIES_DELAY_MIN_MS: the first wait.
    static constexpr std::chrono::milliseconds min_delay{300};

    // What happened to one operation.
    struct outcome {
        std::exception_ptr error;  // null when the operation finally succeeded
        int attempts = 0;
        int retriable_failures = 0;  // attempts that threw retriable_error
        int retries = 0;             // attempts made after a wait
    };

    explicit retry_policy(retry_settings settings, retry_clock clock = {});

    const retry_settings& settings() const { return settings_; }
    // Whether a retriable error may be attempted again at all (errors.retry.timeout != 0).
    bool retries_enabled() const { return settings_.timeout.count() != 0; }

    // What run() tells its observer as it goes (for live counters).
    enum class event { retriable_failure, retry };

    // Runs `op` as described above; `observe(event)` is called after each retriable failure and
    // before each retry. Throws retry_interrupted when a wait was ended by a stop.
    template <class F>
    outcome run(F&& op) {
        return run(std::forward<F>(op), [](event) {});
    }
    template <class F, class O>
    outcome run(F&& op, O&& observe) {
        outcome out;
        const auto deadline = deadline_from(now());
        for (;;) {
            ++out.attempts;
            try {
                op();
                return out;
            } catch (const retriable_error&) {
                ++out.retriable_failures;
                observe(event::retriable_failure);
                if (now() >= deadline) {
                    out.error = std::current_exception();
                    return out;
                }
                if (!wait(backoff_delay(out.attempts, deadline))) {
                    std::throw_with_nested(retry_interrupted("Retrying stopped: the task is stopping"));
                }
                ++out.retries;
                observe(event::retry);
            } catch (...) {
                out.error = std::current_exception();
                return out;
            }
        }
    }

    // The wait after the `attempt`-th failed attempt (1-based), cut so as to end by `deadline`.
    std::chrono::milliseconds backoff_delay(int attempt, time_point deadline) const;

    // The last moment a retry may start for an operation first attempted at `start`.
    time_point deadline_from(time_point start) const;

private:
    time_point now() const;
    bool wait(std::chrono::milliseconds delay) const;

    retry_settings settings_;
    retry_clock clock_;
};

// A retry_clock for a task thread: steady time, and waits that end early once `stopping()`
// holds. `wait_for_change(t)` blocks for at most t, returning earlier when the task's state may
// have changed (worker_task::wait_for_change).
retry_clock stop_aware_retry_clock(std::function<bool()> stopping,
                                   std::function<void(std::chrono::milliseconds)> wait_for_change);

}  // namespace copycat::runtime
