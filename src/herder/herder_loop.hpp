#pragma once
// herder_loop: the herder's one thread. Jobs posted from any thread run on it one at a time, in
// the order they were posted, so the herder's state needs no locks (Kafka: the herder's
// synchronized methods and its single-threaded request executor).
//
// Owned by the herder. start() launches the thread; stop() lets the jobs already queued run,
// then joins. Jobs posted after stop() are dropped (destroyed unrun). post_after() schedules a job
// for later; delayed jobs not yet due when the loop stops are dropped.

#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <string>
#include <thread>

namespace copycat::herder {

class herder_loop {
public:
    using job = std::function<void()>;

    herder_loop() = default;
    ~herder_loop();
    herder_loop(const herder_loop&) = delete;
    herder_loop& operator=(const herder_loop&) = delete;

    void start();
    // Returns false (and drops the job) when the loop is stopping or stopped.
    bool post(job j);
    // Runs `j` on the loop once `delay` has passed (in due order); false when stopping.
    bool post_after(std::chrono::milliseconds delay, job j);
    // Idempotent; must not be called from the loop thread.
    void stop();
    bool in_loop_thread() const { return std::this_thread::get_id() == thread_.get_id(); }

private:
    void run();

    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<job> jobs_;
    std::multimap<std::chrono::steady_clock::time_point, job> delayed_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace copycat::herder
