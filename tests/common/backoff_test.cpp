#include <catch2/catch.hpp>

#include <vector>

#include "common/backoff.hpp"

using namespace copycat;
using std::chrono::milliseconds;

namespace {

// Draws from a fixed list (as a fraction of each bound) and remembers the bounds asked for.
struct fake_random {
    std::vector<std::int64_t> bounds;
    std::int64_t draw(std::int64_t bound, bool highest) {
        bounds.push_back(bound);
        return highest ? bound - 1 : 0;
    }
};

}  // namespace

TEST_CASE("backoff doubles from the initial delay up to the maximum") {
    exponential_backoff b({milliseconds(100), milliseconds(1000)});
    std::vector<milliseconds> delays;
    for (int i = 0; i < 6; ++i) delays.push_back(b.next());
    CHECK(delays == std::vector<milliseconds>{milliseconds(100), milliseconds(200), milliseconds(400),
                                               milliseconds(800), milliseconds(1000), milliseconds(1000)});
    CHECK(b.failures() == 6);
    b.reset();
    CHECK(b.failures() == 0);
    CHECK(b.next() == milliseconds(100));
}

TEST_CASE("backoff delay_after counts failures from one, and survives huge counts and odd settings") {
    exponential_backoff b({milliseconds(50), milliseconds(1000)});
    CHECK(b.delay_after(0) == milliseconds(50));
    CHECK(b.delay_after(1) == milliseconds(50));
    CHECK(b.delay_after(3) == milliseconds(200));
    CHECK(b.delay_after(4'000'000'000U) == milliseconds(1000));
    CHECK(exponential_backoff({milliseconds(0), milliseconds(1000)}).delay_after(40) == milliseconds(0));
    CHECK(exponential_backoff({milliseconds(-5), milliseconds(-5)}).delay_after(3) == milliseconds(0));
    CHECK(exponential_backoff({milliseconds(500), milliseconds(100)}).delay_after(1) == milliseconds(100));
    CHECK(exponential_backoff({milliseconds(10), milliseconds(1000), 3}).delay_after(3) == milliseconds(90));
}

TEST_CASE("backoff jitter spreads the delay evenly around it, from the injected random source") {
    fake_random r;
    bool highest = false;
    exponential_backoff b({milliseconds(1000), milliseconds(4000), 2, 0.2},
                          [&](std::int64_t bound) { return r.draw(bound, highest); });
    CHECK(b.delay_after(1) == milliseconds(800));
    highest = true;
    CHECK(b.delay_after(1) == milliseconds(1200));
    CHECK(b.delay_after(5) == milliseconds(4800));  // the cap, jittered
    CHECK(r.bounds == std::vector<std::int64_t>{401, 401, 1601});
}

TEST_CASE("backoff can wait a random time below the maximum once the doubled delay exceeds it") {
    fake_random r;
    exponential_backoff b({milliseconds(300), milliseconds(1000), 2, 0, true},
                          [&](std::int64_t bound) { return r.draw(bound, true); });
    CHECK(b.next() == milliseconds(300));
    CHECK(b.next() == milliseconds(600));
    CHECK(b.next() == milliseconds(999));  // 1200 > 1000
    CHECK(r.bounds == std::vector<std::int64_t>{1000});
    // A delay equal to the maximum is kept; a maximum of 0 means no wait.
    CHECK(exponential_backoff({milliseconds(300), milliseconds(600), 2, 0, true}).delay_after(2) == milliseconds(600));
    CHECK(exponential_backoff({milliseconds(300), milliseconds(0), 2, 0, true}).delay_after(1) == milliseconds(0));
}

TEST_CASE("the default random source stays within its bound") {
    for (int i = 0; i < 100; ++i) {
        const auto v = thread_random(7);
        CHECK((v >= 0 && v < 7));
    }
    exponential_backoff b({milliseconds(1000), milliseconds(1000), 2, 0.2});
    for (int i = 0; i < 100; ++i) {
        const auto d = b.delay_after(1);
        CHECK((d >= milliseconds(800) && d <= milliseconds(1200)));
    }
}
