// errors.retry.timeout / errors.retry.delay.max.ms timing against a fake clock (Kafka's
// RetryWithToleranceOperatorTest cases), and the stop-aware waits of a task.
#include <catch2/catch.hpp>

#include <atomic>
#include <thread>

#include "copycat/errors.hpp"
#include "runtime/error_trace.hpp"
#include "runtime/retry_policy.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;
using std::chrono::milliseconds;

namespace {

// A clock that only moves when the policy waits; every wait is recorded.
struct fake_time {
    std::chrono::steady_clock::time_point now{};
    std::vector<std::int64_t> waits;
    std::vector<std::int64_t> random_bounds;
    bool stop_after_waits = false;
    std::size_t waits_before_stop = 0;

    retry_clock clock() {
        retry_clock c;
        c.now = [this] { return now; };
        c.wait = [this](milliseconds d) {
            waits.push_back(d.count());
            now += d;
            return !(stop_after_waits && waits.size() >= waits_before_stop);
        };
        c.random = [this](std::int64_t bound) {
            random_bounds.push_back(bound);
            return bound - 1;
        };
        return c;
    }
};

// An operation that throws retriable_error `failures` times (-1: always), then succeeds.
struct flaky_op {
    int failures;
    int calls = 0;
    void operator()() {
        ++calls;
        if (failures < 0 || calls <= failures) throw retriable_error("try again");
    }
};

retry_settings with_timeout(std::int64_t timeout_ms, std::int64_t max_delay_ms = 60000) {
    return {milliseconds(timeout_ms), milliseconds(max_delay_ms)};
}

}  // namespace

TEST_CASE("retry: a retriable error once, then success, waits 300 ms") {
    fake_time t;
    retry_policy policy(with_timeout(6000), t.clock());
    flaky_op op{1};
    auto out = policy.run(op);
    CHECK_FALSE(out.error);
    CHECK(out.attempts == 2);
    CHECK(out.retriable_failures == 1);
    CHECK(out.retries == 1);
    CHECK(t.waits == std::vector<std::int64_t>{300});
}

TEST_CASE("retry: the delays double from 300 ms") {
    fake_time t;
    retry_policy policy(with_timeout(6000), t.clock());
    flaky_op op{3};
    auto out = policy.run(op);
    CHECK_FALSE(out.error);
    CHECK(op.calls == 4);
    CHECK(t.waits == std::vector<std::int64_t>{300, 600, 1200});
}

TEST_CASE("retry: errors.retry.timeout=-1 retries without end") {
    fake_time t;
    retry_policy policy(with_timeout(-1), t.clock());
    flaky_op op{8};
    auto out = policy.run(op);
    CHECK_FALSE(out.error);
    CHECK(t.waits == std::vector<std::int64_t>{300, 600, 1200, 2400, 4800, 9600, 19200, 38400});
}

TEST_CASE("retry: the last wait is cut to the deadline and the error is returned after it") {
    fake_time t;
    retry_policy policy(with_timeout(6000), t.clock());
    flaky_op op{-1};
    auto out = policy.run(op);
    REQUIRE(out.error);
    CHECK(error_trace(out.error) == "copycat::retriable_error: try again");
    CHECK(out.attempts == 6);
    CHECK(out.retriable_failures == 6);
    CHECK(out.retries == 5);
    CHECK(t.waits == std::vector<std::int64_t>{300, 600, 1200, 2400, 1500});
}

TEST_CASE("retry: errors.retry.timeout=0 makes a single attempt") {
    fake_time t;
    retry_policy policy(with_timeout(0), t.clock());
    CHECK_FALSE(policy.retries_enabled());
    flaky_op op{1};
    auto out = policy.run(op);
    CHECK(out.error);
    CHECK(out.attempts == 1);
    CHECK(t.waits.empty());
}

TEST_CASE("retry: a non-retriable error is not retried") {
    fake_time t;
    retry_policy policy(with_timeout(-1), t.clock());
    int calls = 0;
    auto out = policy.run([&] {
        ++calls;
        throw data_error("bad");
    });
    CHECK(calls == 1);
    CHECK(out.retriable_failures == 0);
    CHECK(error_trace(out.error) == "copycat::data_error: bad");
    CHECK(t.waits.empty());
}

TEST_CASE("retry: beyond errors.retry.delay.max.ms the delay is random below the maximum") {
    fake_time t;
    retry_policy policy(with_timeout(-1, 1000), t.clock());
    flaky_op op{4};
    policy.run(op);
    // 300, 600, then 1200 > 1000: random(1000) (the fake draws bound - 1), twice.
    CHECK(t.waits == std::vector<std::int64_t>{300, 600, 999, 999});
    CHECK(t.random_bounds == std::vector<std::int64_t>{1000, 1000});
}

TEST_CASE("retry: backoff delays are limited by the deadline and never negative") {
    fake_time t;
    retry_policy policy(with_timeout(5, 5000), t.clock());
    const auto deadline = t.now + 5000ms;
    std::vector<std::int64_t> delays;
    for (int attempt = 1; attempt <= 5; ++attempt) {
        const auto d = policy.backoff_delay(attempt, deadline);
        delays.push_back(d.count());
        t.now += d;
    }
    CHECK(delays == std::vector<std::int64_t>{300, 600, 1200, 2400, 500});
    t.now += 1ms;  // past the deadline already
    CHECK(policy.backoff_delay(6, deadline) == 0ms);
    CHECK(t.random_bounds == std::vector<std::int64_t>{5000});  // 9600 > 5000, then cut to 0
}

TEST_CASE("retry: a stop during the wait ends the retries with retry_interrupted") {
    fake_time t;
    t.stop_after_waits = true;
    t.waits_before_stop = 2;
    retry_policy policy(with_timeout(-1), t.clock());
    flaky_op op{-1};
    try {
        policy.run(op);
        FAIL("not interrupted");
    } catch (const retry_interrupted&) {
        CHECK(error_trace(std::current_exception()) ==
              "copycat::runtime::retry_interrupted: Retrying stopped: the task is stopping\n"
              "Caused by: copycat::retriable_error: try again");
    }
    CHECK(op.calls == 2);
    CHECK(t.waits == std::vector<std::int64_t>{300, 600});
}

TEST_CASE("retry: a huge errors.retry.timeout is treated as infinite") {
    retry_policy policy(with_timeout(std::numeric_limits<std::int64_t>::max()));
    CHECK(policy.deadline_from(std::chrono::steady_clock::now()) == std::chrono::steady_clock::time_point::max());
}

TEST_CASE("retry: a task's stop-aware wait returns at once when stopping, and waits out the delay otherwise") {
    std::atomic<bool> stopping{true};
    std::atomic<int> waits{0};
    auto clock = stop_aware_retry_clock([&] { return stopping.load(); },
                                        [&](milliseconds d) {
                                            ++waits;
                                            std::this_thread::sleep_for(std::min(d, milliseconds(1)));
                                        });
    CHECK_FALSE(clock.wait(1h));
    CHECK(waits == 0);
    stopping = false;
    CHECK(clock.wait(3ms));
    CHECK(waits >= 1);
}
