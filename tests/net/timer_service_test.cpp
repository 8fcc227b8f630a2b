// net::timer_service, Copycat's one timer service: tasks run once on the io_context's thread after
// their delay, cancelled and shut-down tasks are destroyed unrun. Waits are futures with deadlines.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "net/io_thread.hpp"
#include "net/timer_service.hpp"

using namespace copycat;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 10s;

// Counts its destructions: a task dropped unrun is destroyed without having run.
struct tracked {
    std::shared_ptr<std::atomic<int>> destroyed = std::make_shared<std::atomic<int>>(0);
    struct token {
        std::shared_ptr<std::atomic<int>> count;
        ~token() { ++*count; }
    };
    std::shared_ptr<token> make() const { return std::shared_ptr<token>(new token{destroyed}); }
};

}  // namespace

TEST_CASE("timer_service: a task runs once, after its delay, on the io_context's thread") {
    net::io_thread io;
    std::promise<std::thread::id> ran;
    const auto posted = std::chrono::steady_clock::now();
    const auto t = io.timers().post_after(50ms, [&] { ran.set_value(std::this_thread::get_id()); });
    CHECK(t != 0);
    auto on = ran.get_future();
    REQUIRE(on.wait_for(deadline) == std::future_status::ready);
    CHECK(std::chrono::steady_clock::now() - posted >= 50ms);
    CHECK(on.get() != std::this_thread::get_id());
    io.timers().cancel(t);  // already ran: a no-op
}

TEST_CASE("timer_service: tasks with different delays run in due order") {
    net::io_thread io;
    std::mutex mutex;
    std::vector<int> order;
    std::promise<void> done;
    io.timers().post_after(80ms, [&] {
        std::lock_guard lock(mutex);
        order.push_back(2);
        done.set_value();
    });
    io.timers().post_after(10ms, [&] {
        std::lock_guard lock(mutex);
        order.push_back(1);
    });
    REQUIRE(done.get_future().wait_for(deadline) == std::future_status::ready);
    std::lock_guard lock(mutex);
    CHECK(order == std::vector<int>{1, 2});
}

TEST_CASE("timer_service: a cancelled task is destroyed unrun") {
    net::io_thread io;
    tracked track;
    std::atomic<bool> ran{false};
    const auto t = io.timers().post_after(50ms, [&ran, token = track.make()] { ran = true; });
    io.timers().cancel(t);
    CHECK(*track.destroyed == 1);
    // A later task on the same thread runs after the cancelled one's due time.
    std::promise<void> later;
    io.timers().post_after(100ms, [&] { later.set_value(); });
    REQUIRE(later.get_future().wait_for(deadline) == std::future_status::ready);
    CHECK_FALSE(ran);
}

TEST_CASE("timer_service: a task may schedule and cancel others from its own run") {
    net::io_thread io;
    std::promise<void> second;
    io.timers().post_after(1ms, [&] {
        const auto dropped = io.timers().post_after(1h, [] {});
        io.timers().cancel(dropped);
        io.timers().post_after(1ms, [&] { second.set_value(); });
    });
    CHECK(second.get_future().wait_for(deadline) == std::future_status::ready);
}

TEST_CASE("timer_service: shutdown drops pending tasks and refuses new ones") {
    boost::asio::io_context io;
    net::timer_service timers(io.get_executor());
    tracked track;
    std::atomic<int> ran{0};
    timers.post_after(0ms, [&ran, token = track.make()] { ++ran; });
    timers.post_after(1h, [&ran, token = track.make()] { ++ran; });
    timers.shutdown();
    CHECK(*track.destroyed == 2);
    CHECK(timers.post_after(0ms, [&ran, token = track.make()] { ++ran; }) == 0);
    CHECK(*track.destroyed == 3);
    io.run();  // the cancelled timers complete, running nothing
    CHECK(ran == 0);
    timers.cancel(1);  // a no-op after shutdown
}
