// herder_loop's contract: jobs run one at a time on the loop thread in post order; delayed jobs run
// after their delay; stop() runs what was queued, then drops everything posted later and every
// delayed job not yet run; I/O completions on executor() run on the loop thread.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <stdexcept>
#include <thread>
#include <vector>

#include <boost/asio/post.hpp>

#include "herder/herder_loop.hpp"

using namespace copycat;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 10s;

// Set when destroyed: a dropped job is destroyed without having run.
struct drop_flag {
    std::shared_ptr<std::atomic<bool>> destroyed = std::make_shared<std::atomic<bool>>(false);
    struct token {
        std::shared_ptr<std::atomic<bool>> flag;
        ~token() { *flag = true; }
    };
    std::shared_ptr<token> make() const { return std::shared_ptr<token>(new token{destroyed}); }
};

}  // namespace

TEST_CASE("herder_loop: jobs run one at a time, in post order, on the loop thread") {
    herder::herder_loop loop;
    loop.start();
    std::vector<int> order;  // only touched on the loop thread
    std::atomic<int> running{0};
    std::atomic<bool> overlapped{false};
    std::atomic<bool> off_loop{false};
    for (int i = 0; i < 100; ++i) {
        REQUIRE(loop.post([&, i] {
            if (++running > 1) overlapped = true;
            if (!loop.in_loop_thread()) off_loop = true;
            order.push_back(i);
            --running;
        }));
    }
    std::promise<std::vector<int>> seen;
    loop.post([&] { seen.set_value(order); });
    auto f = seen.get_future();
    REQUIRE(f.wait_for(deadline) == std::future_status::ready);
    std::vector<int> expected(100);
    for (int i = 0; i < 100; ++i) expected[i] = i;
    CHECK(f.get() == expected);
    CHECK_FALSE(overlapped);
    CHECK_FALSE(off_loop);
    CHECK_FALSE(loop.in_loop_thread());
}

TEST_CASE("herder_loop: delayed jobs run after their delay, in due order, between other jobs") {
    herder::herder_loop loop;
    loop.start();
    std::vector<int> order;
    std::promise<std::vector<int>> seen;
    const auto posted = std::chrono::steady_clock::now();
    std::chrono::steady_clock::time_point ran_at;
    REQUIRE(loop.post_after(100ms, [&] {
        order.push_back(2);
        ran_at = std::chrono::steady_clock::now();
        seen.set_value(order);
    }));
    REQUIRE(loop.post_after(20ms, [&] { order.push_back(1); }));
    REQUIRE(loop.post([&] { order.push_back(0); }));
    auto f = seen.get_future();
    REQUIRE(f.wait_for(deadline) == std::future_status::ready);
    CHECK(f.get() == std::vector<int>{0, 1, 2});
    CHECK(ran_at - posted >= 100ms);
}

TEST_CASE("herder_loop: stop() runs the jobs already queued, then drops later and delayed ones") {
    herder::herder_loop loop;
    loop.start();
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::atomic<int> ran{0};
    REQUIRE(loop.post([released] { released.wait(); }));  // holds the loop while the rest is queued
    for (int i = 0; i < 10; ++i) REQUIRE(loop.post([&] { ++ran; }));
    drop_flag delayed;
    REQUIRE(loop.post_after(1h, [&ran, t = delayed.make()] { ++ran; }));
    std::thread stopper([&] { loop.stop(); });
    // stop() refuses new jobs at once, while the queued ones still wait behind the first.
    drop_flag late;
    bool accepted = true;
    int accepted_before_stop = 0;
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (accepted && std::chrono::steady_clock::now() < until) {
        late = drop_flag{};
        accepted = loop.post([&ran, t = late.make()] { ++ran; });
        if (accepted) {
            ++accepted_before_stop;
            std::this_thread::yield();
        }
    }
    CHECK_FALSE(accepted);
    CHECK(*late.destroyed);
    release.set_value();
    stopper.join();
    // Every job queued before stop() ran; none after it, and not the delayed one.
    CHECK(ran == 10 + accepted_before_stop);
    CHECK(*delayed.destroyed);
    CHECK_FALSE(loop.post_after(0ms, [] {}));
    loop.stop();  // idempotent
}

TEST_CASE("herder_loop: a job that throws does not end the loop") {
    herder::herder_loop loop;
    loop.start();
    REQUIRE(loop.post([] { throw std::runtime_error("boom"); }));
    std::promise<void> after;
    REQUIRE(loop.post([&] { after.set_value(); }));
    CHECK(after.get_future().wait_for(deadline) == std::future_status::ready);
}

TEST_CASE("herder_loop: completions on its executor run on the loop thread") {
    herder::herder_loop loop;
    loop.start();
    std::promise<bool> on_loop;
    boost::asio::post(loop.executor(), [&] { on_loop.set_value(loop.in_loop_thread()); });
    auto f = on_loop.get_future();
    REQUIRE(f.wait_for(deadline) == std::future_status::ready);
    CHECK(f.get());
}

TEST_CASE("herder_loop: a loop that never started runs nothing") {
    std::atomic<bool> ran{false};
    drop_flag queued;
    {
        herder::herder_loop loop;
        REQUIRE(loop.post([&ran, t = queued.make()] { ran = true; }));
        loop.stop();
        CHECK_FALSE(loop.post([&ran] { ran = true; }));
    }
    CHECK(*queued.destroyed);
    CHECK_FALSE(ran);
}
