#pragma once
// client_loop: the io_context a unit test's client runs on, driven by the test's own thread, so
// client callbacks and the test's checks never race. run_until() polls a condition with a
// deadline (no sleeping to wait for things).

#include <chrono>
#include <functional>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

namespace copycat::kafka_client::testing {

class client_loop {
public:
    boost::asio::io_context io;

    // Runs handlers until `done()` holds (true) or `limit` passes (false).
    bool run_until(const std::function<bool()>& done, std::chrono::milliseconds limit = std::chrono::seconds(10)) {
        const auto deadline = std::chrono::steady_clock::now() + limit;
        while (!done()) {
            if (std::chrono::steady_clock::now() >= deadline) return false;
            io.run_for(std::chrono::milliseconds(5));
            if (io.stopped()) io.restart();
        }
        return true;
    }

    // Runs handlers for `duration` (to show that something does NOT happen in that time).
    void run_for(std::chrono::milliseconds duration) {
        const auto deadline = std::chrono::steady_clock::now() + duration;
        while (std::chrono::steady_clock::now() < deadline) {
            io.run_for(std::chrono::milliseconds(5));
            if (io.stopped()) io.restart();
        }
    }

private:
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_{io.get_executor()};
};

}  // namespace copycat::kafka_client::testing
