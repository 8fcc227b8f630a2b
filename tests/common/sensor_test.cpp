// metrics::sensor: Kafka's SampledStat windows (Avg, Max, Min, Rate, Frequencies, cumulative).
#include <catch2/catch.hpp>

#include <cmath>
#include <thread>

#include "common/sensor.hpp"

using copycat::metrics::sensor;
using copycat::metrics::window_config;

TEST_CASE("avg, max and min combine the samples of the window; NaN without events") {
    sensor s(window_config{1000, 2}, 0);
    CHECK(std::isnan(s.avg(0)));
    CHECK(std::isnan(s.max(0)));
    CHECK(std::isnan(s.min(0)));
    s.record(4, 10);
    s.record(8, 500);
    s.record(3, 1200);  // the second sample
    CHECK(s.avg(1300) == Approx(5.0));
    CHECK(s.max(1300) == 8);
    CHECK(s.min(1300) == 3);
    CHECK(s.total() == 15);
    CHECK(s.count() == 3);
    // 2 x 1000 ms after its last event a sample has expired: only the record at 1200 is left.
    CHECK(s.max(2500) == 3);
    CHECK(s.avg(2500) == 3);
    // Everything expired: NaN, while the cumulative figures stay.
    CHECK(std::isnan(s.avg(3200)));
    CHECK(s.total() == 15);
}

TEST_CASE("a rate divides by the time since the oldest sample started, at least samples - 1 windows") {
    sensor s(window_config{30000, 2}, 0);
    s.record(300, 1000);
    // 1 s elapsed, less than one full window: Kafka counts (samples - 1) = 1 window more.
    CHECK(s.rate(1000) == Approx(300.0 / 31.0));
    CHECK(s.count_rate(1000) == Approx(1.0 / 31.0));
    s.record(300, 31000);  // starts the second sample
    // 40 s since the first sample started, one full window: no padding.
    CHECK(s.rate(40000) == Approx(600.0 / 40.0));
    // Without events the rate falls to 0 once the samples expire.
    CHECK(s.rate(200000) == 0.0);
}

TEST_CASE("samples + 1 slots turn over: a record past the window reuses the oldest") {
    sensor s(window_config{100, 2}, 0);
    s.record(1, 0);
    s.record(2, 100);
    s.record(3, 200);
    s.record(4, 300);  // reuses the slot of the record at 0
    // Live at 300: the records at 200 and 300; the one at 100 expired (2 x 100 ms after it).
    CHECK(s.max(300) == 4);
    CHECK(s.min(300) == 3);
    CHECK(s.avg(300) == Approx(3.5));
}

TEST_CASE("fractions of a boolean sensor, as Kafka's Frequencies; 0 without records") {
    sensor s(window_config{1000, 2}, 0);
    CHECK(s.fraction_true(0) == 0.0);
    CHECK(s.fraction_false(0) == 0.0);
    s.record(1, 10);
    s.record(1, 20);
    s.record(0, 30);
    s.record(1, 40);
    CHECK(s.fraction_true(50) == Approx(0.75));
    CHECK(s.fraction_false(50) == Approx(0.25));
}

TEST_CASE("reads on another thread see whole records while one thread records") {
    sensor s(window_config{10, 2}, 0);
    std::atomic<bool> done{false};
    std::thread writer([&] {
        for (std::int64_t t = 0; t < 200000; ++t) s.record(5, t / 100);
        done = true;
    });
    bool consistent = true;
    while (!done) {
        const double avg = s.avg(2000);
        const double max = s.max(2000);
        if (!std::isnan(avg) && (avg != 5 || max != 5)) consistent = false;
    }
    writer.join();
    CHECK(consistent);
    CHECK(s.total() == 1000000);
}
