// connector_writes on a real herder_loop: one write per connector at a time, jobs that wait for a
// connector's write run after it, other connectors' writes run meanwhile, and a write that takes
// too long answers a timeout while its connector stays busy until it ends.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <string>
#include <vector>

#include "herder/connector_writes.hpp"
#include "herder/herder_loop.hpp"

using namespace copycat;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 10s;

// Runs `f` on the loop thread and waits for it.
template <class F>
auto on_loop(herder::herder_loop& loop, F f) {
    std::packaged_task<decltype(f())()> task(std::move(f));
    auto result = task.get_future();
    REQUIRE(loop.post([&task] { task(); }));
    REQUIRE(result.wait_for(deadline) == std::future_status::ready);
    return result.get();
}

}  // namespace

TEST_CASE("connector_writes: a connector's jobs wait for its write in flight; other connectors' do not") {
    herder::herder_loop loop;
    loop.start();
    herder::connector_writes writes(loop, 60s);
    herder::connector_writes::completion finish_a;  // the write of "a", completed by the test
    std::promise<std::string> a_answered;
    std::promise<void> deferred_ran;
    std::vector<std::string> order;  // loop thread only

    on_loop(loop, [&] {
        REQUIRE(writes.idle_or_defer("a", [] { FAIL("a is idle"); }));
        writes.write(
            "a", [&](herder::connector_writes::completion done) { finish_a = std::move(done); },
            [&](result<void> r) {
                order.push_back("a written");
                a_answered.set_value(r ? "ok" : r.err().describe());
            });
        CHECK_FALSE(writes.idle_or_defer("a", [&] {
            order.push_back("a's next job");
            deferred_ran.set_value();
        }));
        CHECK(writes.idle_or_defer("b", [] { FAIL("b is idle"); }));
        return 0;
    });
    REQUIRE(finish_a);
    finish_a({});  // from another thread, as the config log's thread does
    auto answer = a_answered.get_future();
    REQUIRE(answer.wait_for(deadline) == std::future_status::ready);
    CHECK(answer.get() == "ok");
    REQUIRE(deferred_ran.get_future().wait_for(deadline) == std::future_status::ready);
    CHECK(on_loop(loop, [&] { return order; }) == std::vector<std::string>{"a written", "a's next job"});
    CHECK(on_loop(loop, [&] { return writes.idle_or_defer("a", [] { FAIL("a is idle"); }); }));
    loop.stop();
}

TEST_CASE("connector_writes: a write that takes too long answers a timeout; its connector stays busy until it ends") {
    herder::herder_loop loop;
    loop.start();
    herder::connector_writes writes(loop, 50ms);
    herder::connector_writes::completion finish;
    std::promise<bool> timed_out;
    std::promise<void> deferred_ran;
    int answers = 0;  // loop thread only

    on_loop(loop, [&] {
        writes.write(
            "c", [&](herder::connector_writes::completion done) { finish = std::move(done); },
            [&](result<void> r) {
                if (++answers == 1) timed_out.set_value(!r && r.err().code == make_error_code(errc::timeout));
            });
        return 0;
    });
    auto answer = timed_out.get_future();
    REQUIRE(answer.wait_for(deadline) == std::future_status::ready);
    CHECK(answer.get());
    on_loop(loop, [&] {
        CHECK_FALSE(writes.idle_or_defer("c", [&] { deferred_ran.set_value(); }));
        return 0;
    });
    finish({});  // the write ends late: answered already, so only the waiting job runs
    REQUIRE(deferred_ran.get_future().wait_for(deadline) == std::future_status::ready);
    CHECK(on_loop(loop, [&] { return answers; }) == 1);
    loop.stop();
}
