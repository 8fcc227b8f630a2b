#include "herder/herder_loop.hpp"

#include <exception>
#include <utility>

#include <boost/asio/post.hpp>

#include "common/logging.hpp"

namespace copycat::herder {

herder_loop::herder_loop() : work_(io_.get_executor()) {}

herder_loop::~herder_loop() { stop(); }

void herder_loop::start() {
    std::lock_guard lock(mutex_);
    if (thread_.joinable() || stopping_) return;
    thread_ = std::thread([this] {
        for (;;) {
            try {
                io_.run();  // returns once stop()'s last job stopped the io_context
                return;
            } catch (const std::exception& e) {  // from an I/O completion handler; jobs catch their own
                log::error("Uncaught error in the herder thread: {}", e.what());
            }
        }
    });
}

void herder_loop::run_job(const job& j) {
    try {
        j();
    } catch (const std::exception& e) {
        log::error("Uncaught error in the herder thread: {}", e.what());
    }
}

bool herder_loop::post(job j) {
    std::lock_guard lock(mutex_);  // held while posting: every accepted job is queued before stop()'s
    if (stopping_) return false;
    boost::asio::post(io_, [j = std::move(j)] { run_job(j); });
    return true;
}

bool herder_loop::post_after(std::chrono::milliseconds delay, job j) {
    std::lock_guard lock(mutex_);
    if (stopping_) return false;
    timers_.post_after(delay, [j = std::move(j)] { run_job(j); });
    return true;
}

void herder_loop::stop() {
    {
        std::lock_guard lock(mutex_);
        if (!stopping_) {
            stopping_ = true;
            // Queued after every accepted job: the loop runs those, then ends here.
            boost::asio::post(io_, [this] { io_.stop(); });
        }
    }
    timers_.shutdown();  // delayed jobs not yet run are dropped
    work_.reset();
    if (thread_.joinable()) thread_.join();
}

}  // namespace copycat::herder
