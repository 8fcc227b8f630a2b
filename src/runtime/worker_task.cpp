#include "runtime/worker_task.hpp"

#include <optional>
#include <utility>

#include "common/logging.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {

worker_task::worker_task(task_id id, target_state initial, status_listener& listener, std::string version)
    : id_(std::move(id)), listener_(listener), version_(std::move(version)), target_(initial) {}

// The thread holds a reference to its task, and the worker keeps every task until it joined its
// thread (join()), so the last reference is never dropped while the thread is joinable.
worker_task::~worker_task() = default;

void worker_task::start() {
    {
        std::lock_guard lock(mutex_);
        launched_ = true;
    }
    thread_ = std::thread([self = shared_from_this()] { self->run(); });
}

void worker_task::start_on(thread_pool& pool) {
    {
        std::lock_guard lock(mutex_);
        launched_ = true;
        pool_ = &pool;
    }
    schedule(std::chrono::milliseconds(0));
}

void worker_task::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
        changed_.notify_all();
    }
    wake();
}

bool worker_task::await_stop(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, timeout, [&] { return finished_; });
}

bool worker_task::release_thread() {
    {
        std::lock_guard lock(mutex_);
        if (launched_ && !finished_) return false;
    }
    if (thread_.joinable()) thread_.join();
    return true;
}

bool worker_task::join_until(std::chrono::steady_clock::time_point deadline) {
    {
        std::unique_lock lock(mutex_);
        if (launched_ && !changed_.wait_until(lock, deadline, [&] { return finished_; })) return false;
    }
    if (thread_.joinable()) thread_.join();
    return true;
}

void worker_task::join() {
    {
        std::lock_guard lock(mutex_);
        if (!launched_) return;
    }
    while (!await_stop(std::chrono::seconds(10)))
        log::warn("Waiting for the abandoned task {} to end before the worker stops", id_.to_string());
    if (thread_.joinable()) thread_.join();
}

void worker_task::cancel() {
    {
        std::lock_guard reporting(report_mutex_);
        std::lock_guard lock(mutex_);
        cancelled_ = true;
        stopping_ = true;
        changed_.notify_all();
    }
    wake();
}

void worker_task::stop_reporting_as_fenced() {
    std::lock_guard lock(mutex_);
    fenced_ = true;
    stopping_ = true;
    changed_.notify_all();
}

void worker_task::transition_to(target_state state) {
    {
        std::lock_guard lock(mutex_);
        if (state == target_state::stopped) {
            stopping_ = true;
        } else {
            target_ = state;
        }
        changed_.notify_all();
    }
    wake();
}

void worker_task::wake() {
    thread_pool::ticket superseded = 0;
    {
        std::lock_guard lock(mutex_);
        if (pool_ == nullptr || finished_) return;
        if (pending_ == 0) {  // a turn is running: it schedules the next one at once
            wake_requested_ = true;
            return;
        }
        superseded = pending_;
        const auto generation = ++generation_;
        pending_ = pool_->post([self = shared_from_this(), generation] { self->take_turn(generation); });
    }
    pool_->cancel(superseded);  // outside the lock: the dropped turn holds a reference to this task
}

void worker_task::schedule(std::chrono::milliseconds delay) {
    std::lock_guard lock(mutex_);
    if (std::exchange(wake_requested_, false)) delay = std::chrono::milliseconds(0);
    const auto generation = ++generation_;
    pending_ = pool_->post_after(delay, [self = shared_from_this(), generation] { self->take_turn(generation); });
}

// One turn of a task on the pool: the start (or the wait for a paused task's resume), one step of
// the loop, or the end. Each turn but the last schedules the next.
void worker_task::take_turn(std::uint64_t generation) {
    {
        std::lock_guard lock(mutex_);
        if (generation != generation_ || pending_ == 0) return;  // superseded by wake()
        pending_ = 0;
    }
    const log::context_scope logging_context(log::context_scope::of_task(id_.connector, id_.task));
    if (phase_ == phase::closing) {
        if (const auto next = close_step(false)) {
            schedule(*next);
        } else {
            finish(std::exchange(close_failure_, nullptr));
        }
        return;
    }
    // How long until the next turn; none after the last.
    std::optional<std::chrono::milliseconds> next;
    std::exception_ptr failure;
    try {
        if (phase_ == phase::starting) {
            if (is_stopping()) {
                // ends without having started
            } else if (should_pause()) {
                if (!std::exchange(paused_reported_, true)) on_pause();
                next = std::chrono::seconds(1);  // transition_to() wakes it earlier
            } else if (const auto wait = before_start()) {
                next = *wait;  // wake() brings the turn forward
            } else {
                initialize_and_start();
                report(run_state::running, {});
                phase_ = phase::running;
                next = std::chrono::milliseconds(0);
            }
        } else if (!is_stopping()) {
            next = execute_step();
        } else {
            finish_execute();
        }
    } catch (...) {
        failure = on_uncaught(std::current_exception());
        next.reset();
    }
    if (next) {
        schedule(*next);
        return;
    }
    end_turns(failure);
}

void worker_task::end_turns(std::exception_ptr failure) {
    phase_ = phase::closing;
    close_failure_ = failure;
    if (const auto next = close_step(true)) {
        schedule(*next);
    } else {
        finish(std::exchange(close_failure_, nullptr));
    }
}

std::optional<std::chrono::milliseconds> worker_task::close_step(bool first) {
    try {
        return first ? begin_close() : continue_close();
    } catch (...) {
        on_shutdown_failure(close_failure_);
        return std::nullopt;
    }
}

void worker_task::on_shutdown_failure(std::exception_ptr& failure) {
    log::error("Task {} threw an uncaught and unrecoverable exception during shutdown: {}", id_.to_string(),
               error_trace(std::current_exception()));
    if (!failure) failure = std::current_exception();
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
        on_state_reported(state);  // first: whoever hears of the state finds the metrics in it
        listener_.on_task_state(id_, state, trace, version_);
    } catch (...) {
        log::error("status listener failed for task {}: {}", id_.to_string(), error_trace(std::current_exception()));
    }
}

void worker_task::run() {
    const log::context_scope logging_context(log::context_scope::of_task(id_.connector, id_.task));
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
        failure = on_uncaught(std::current_exception());
    }
    finish(failure);
}

std::exception_ptr worker_task::on_uncaught(std::exception_ptr error) {
    const std::string trace = error_trace(error);
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
        return error;
    }
    return nullptr;
}

void worker_task::finish(std::exception_ptr failure) {
    try {
        close();
    } catch (...) {
        on_shutdown_failure(failure);
    }
    if (failure) {
        report(run_state::failed, error_trace(failure));
    } else {
        report(run_state::unassigned, {});
    }
    std::lock_guard lock(mutex_);
    finished_ = true;
    changed_.notify_all();
}

}  // namespace copycat::runtime
