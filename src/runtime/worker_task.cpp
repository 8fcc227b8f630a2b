#include "runtime/worker_task.hpp"

#include "common/logging.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {

worker_task::worker_task(task_id id, target_state initial, status_listener& listener, std::string version)
    : id_(std::move(id)), listener_(listener), version_(std::move(version)), target_(initial) {}

// The thread holds a reference to its task, and the worker keeps every task until it joined its
// thread (join()), so the last reference is never dropped while the thread is joinable.
worker_task::~worker_task() = default;

void worker_task::start() {
    thread_ = std::thread([self = shared_from_this()] { self->run(); });
}

void worker_task::stop() {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    changed_.notify_all();
}

bool worker_task::await_stop(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return finished_; });
}

bool worker_task::release_thread() {
    if (!thread_.joinable()) return true;
    {
        std::lock_guard lock(mutex_);
        if (!finished_) return false;
    }
    thread_.join();
    return true;
}

bool worker_task::join_until(std::chrono::steady_clock::time_point deadline) {
    if (!thread_.joinable()) return true;
    {
        std::unique_lock lock(mutex_);
        if (!changed_.wait_until(lock, deadline, [&] { return finished_; })) return false;
    }
    thread_.join();
    return true;
}

void worker_task::join() {
    if (!thread_.joinable()) return;
    while (!await_stop(std::chrono::seconds(10)))
        log::warn("Waiting for the abandoned task {} to end before the worker stops", id_.to_string());
    thread_.join();
}

void worker_task::cancel() {
    std::lock_guard reporting(report_mutex_);
    std::lock_guard lock(mutex_);
    cancelled_ = true;
    stopping_ = true;
    changed_.notify_all();
}

void worker_task::stop_reporting_as_fenced() {
    std::lock_guard lock(mutex_);
    fenced_ = true;
    stopping_ = true;
    changed_.notify_all();
}

void worker_task::transition_to(target_state state) {
    std::lock_guard lock(mutex_);
    if (state == target_state::stopped) {
        stopping_ = true;
    } else {
        target_ = state;
    }
    changed_.notify_all();
}

bool worker_task::is_stopping() const {
    std::lock_guard lock(mutex_);
    return stopping_;
}

bool worker_task::is_cancelled() const {
    std::lock_guard lock(mutex_);
    return cancelled_;
}

bool worker_task::should_pause() const {
    std::lock_guard lock(mutex_);
    return target_ == target_state::paused;
}

void worker_task::wait_for_change(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    const target_state seen = target_;
    changed_.wait_for(lock, timeout, [&] { return stopping_ || target_ != seen; });
}

void worker_task::on_pause() { report(run_state::paused, {}); }

void worker_task::on_resume() { report(run_state::running, {}); }

void worker_task::report(run_state state, const std::string& trace) {
    // report_mutex_ (not mutex_) is held across the listener call: nothing is reported once
    // cancel() returned, and the listener never runs under the lock that transition_to() and
    // stop() take.
    std::lock_guard reporting(report_mutex_);
    {
        std::lock_guard lock(mutex_);
        if (cancelled_ || fenced_) return;
        if (state == run_state::failed) stopping_ = true;
    }
    try {
        listener_.on_task_state(id_, state, trace, version_);
    } catch (...) {
        log::error("status listener failed for task {}: {}", id_.to_string(), error_trace(std::current_exception()));
    }
}

void worker_task::run() {
    try {
        do_run();
        report(run_state::unassigned, {});
    } catch (...) {
        report(run_state::failed, error_trace(std::current_exception()));
    }
    std::lock_guard lock(mutex_);
    finished_ = true;
    changed_.notify_all();
}

void worker_task::do_run() {
    std::exception_ptr failure;
    try {
        if (!is_stopping() && should_pause()) {
            on_pause();
            while (should_pause() && !is_stopping()) wait_for_change(std::chrono::seconds(1));
        }
        if (!is_stopping()) {
            initialize_and_start();
            report(run_state::running, {});
            execute();
        }
    } catch (...) {
        const std::string trace = error_trace(std::current_exception());
        if (is_cancelled()) {
            log::warn("Task {}: after being scheduled for shutdown, the orphan task threw an uncaught exception: {}",
                      id_.to_string(), trace);
        } else if (is_stopping()) {
            log::warn("Task {}: after being scheduled for shutdown, the task threw an uncaught exception: {}",
                      id_.to_string(), trace);
        } else {
            log::error(
                "Task {} threw an uncaught and unrecoverable exception. Task is being killed and will not recover "
                "until manually restarted: {}",
                id_.to_string(), trace);
            failure = std::current_exception();
        }
    }
    try {
        close();
    } catch (...) {
        log::error("Task {} threw an uncaught and unrecoverable exception during shutdown: {}", id_.to_string(),
                   error_trace(std::current_exception()));
        if (!failure) failure = std::current_exception();
    }
    if (failure) std::rethrow_exception(failure);
}

}  // namespace copycat::runtime
