#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <future>
#include <mutex>
#include <vector>

#include "common/serial_queue.hpp"
#include "common/thread_pool.hpp"

using namespace copycat;
using namespace std::chrono_literals;

TEST_CASE("thread_pool runs posted jobs on its threads, timers after their delay") {
    thread_pool pool(2, "test-pool");
    CHECK(pool.size() == 2);
    std::promise<std::thread::id> ran;
    pool.post([&] { ran.set_value(std::this_thread::get_id()); });
    CHECK(ran.get_future().get() != std::this_thread::get_id());

    const auto start = std::chrono::steady_clock::now();
    std::promise<std::chrono::steady_clock::time_point> later;
    pool.post_after(50ms, [&] { later.set_value(std::chrono::steady_clock::now()); });
    CHECK(later.get_future().get() - start >= 50ms);
}

TEST_CASE("thread_pool timers run in due order and a cancelled one never runs") {
    thread_pool pool(1, "test-pool");
    std::mutex m;
    std::vector<int> order;
    std::promise<void> done;
    const auto record = [&](int i) {
        std::lock_guard lock(m);
        order.push_back(i);
    };
    auto owned = std::make_shared<int>(1);
    const auto dropped = pool.post_after(std::chrono::hours(1), [&, owned] { record(0); });
    pool.post_after(60ms, [&] {
        record(3);
        done.set_value();
    });
    pool.post_after(30ms, [&] { record(2); });
    pool.post([&] { record(1); });
    pool.cancel(dropped);
    CHECK(owned.use_count() == 1);  // the cancelled job is gone
    done.get_future().get();
    std::lock_guard lock(m);
    CHECK(order == std::vector<int>{1, 2, 3});
}

TEST_CASE("thread_pool drops queued jobs unrun when destroyed") {
    auto owned = std::make_shared<int>(1);
    {
        thread_pool pool(1, "test-pool");
        pool.post_after(std::chrono::hours(1), [owned] {});
        CHECK(owned.use_count() == 2);
    }
    CHECK(owned.use_count() == 1);
}

TEST_CASE("serial_queue runs its jobs one at a time and in order, on a pool of several threads") {
    thread_pool pool(4, "test-pool");
    serial_queue queue(pool);
    std::atomic<int> running{0};
    std::atomic<bool> overlapped{false};
    std::vector<int> order;  // written by the jobs only, which never overlap
    std::promise<void> done;
    constexpr int jobs = 200;
    for (int i = 0; i < jobs; ++i) {
        queue.post([&, i] {
            if (running.fetch_add(1) != 0) overlapped = true;
            order.push_back(i);
            running.fetch_sub(1);
            if (i == jobs - 1) done.set_value();
        });
    }
    done.get_future().get();
    CHECK_FALSE(overlapped.load());
    REQUIRE(order.size() == jobs);
    for (int i = 0; i < jobs; ++i) CHECK(order[static_cast<std::size_t>(i)] == i);
}
