#pragma once
// The life cycle shared by source and sink tasks (Kafka: WorkerTask): where the task runs, its
// target state (started/paused), stopping and cancelling, and the status reports.
//
//   [paused? report PAUSED, wait] -> initialize_and_start() -> RUNNING -> execute()
//   -> close() -> UNASSIGNED          (normal stop)
//   any exception escaping them (a plugin's, or one thrown on its behalf) -> FAILED with the
//   trace, unless the task was already stopping (then it is only logged).
//
// Where it runs: start() gives the task a thread of its own, which runs execute(), the blocking
// loop. start_on(pool), for a task that runs_on_pool(), runs it as turns on the worker's task
// pool instead: the first turns wait for before_start() (without a thread), then each turn is one
// execute_step(), which does not wait and says when the next turn is due; the turns after the
// last are finish_execute(), begin_close() and continue_close() (until they are done), then
// close(). A stop, a cancel, a change of target state and wake() bring the next turn forward.
// One turn at a time, never two at once.
//
// A cancelled task (abandoned after the graceful stop timeout) reports nothing more; nor does a
// fenced one (stop_reporting_as_fenced).
//
// Ownership: held by the worker through a shared_ptr; the thread (or the pending turn) holds
// another. The worker joins the thread: at once when the task stopped in time, at the worker's
// stop for an abandoned task (which keeps running until its plugin call returns;
// docs/threads.md). Public methods are thread-safe. Subclasses run on the task's thread or turns
// and read the target state through the protected accessors.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "common/thread_pool.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::runtime {

class worker_task : public std::enable_shared_from_this<worker_task> {
public:
    // `version`: the task plugin's version(), reported with every state (KIP-891).
    worker_task(task_id id, target_state initial, status_listener& listener, std::string version);
    virtual ~worker_task();
    worker_task(const worker_task&) = delete;
    worker_task& operator=(const worker_task&) = delete;

    const task_id& id() const { return id_; }

    // Starts the task on a thread of its own. Call once (this or start_on()).
    void start();
    // Starts the task as turns on `pool` (which outlives the task's last turn). Only for a task
    // that runs_on_pool(). Call once (this or start()).
    void start_on(thread_pool& pool);
    // True when the task can run on a shared pool (its loop never waits).
    virtual bool runs_on_pool() const { return false; }
    // Asks the task to stop; returns at once. Idempotent.
    virtual void stop();
    // Waits for the thread to end; false when `timeout` passed first.
    bool await_stop(std::chrono::milliseconds timeout);
    // Joins the thread when the task ended; false (nothing done) when it still runs (an abandoned
    // task). For a task on a pool, true once it ended.
    bool release_thread();
    // Joins the thread if it ends before `deadline`; false when it still runs then.
    bool join_until(std::chrono::steady_clock::time_point deadline);
    // Joins the thread, however long it takes (logging while it waits). Not from the task thread.
    void join();
    // Abandons the task (after the graceful stop timeout): it reports nothing more and commits
    // nothing more. Its status stays what it last reported, as Kafka Connect's cancel() leaves
    // it: the task's next owner writes the next one, which a late FAILED from here must not
    // overwrite.
    void cancel();
    // Pauses or resumes the task (stopped is treated as a stop request).
    void transition_to(target_state state);

protected:
    // Task thread: creates the plugin's context and calls initialize()/start().
    virtual void initialize_and_start() = 0;
    // Task thread: the copy loop; returns once is_stopping() (or throws).
    virtual void execute() = 0;
    // Task thread: releases everything; called after execute() even when it threw.
    virtual void close() = 0;
    // Tasks on a pool, instead of execute(): one iteration of the loop, which does not wait;
    // returns how long until the next (0: at once). Not called once is_stopping(); then
    // finish_execute() is (unless a step threw). Default: never called (runs_on_pool() is false).
    virtual std::chrono::milliseconds execute_step() { return std::chrono::milliseconds(0); }
    virtual void finish_execute() {}
    // Tasks on a pool, before initialize_and_start(): work to wait for without holding a pool
    // thread (a source task has the offsets read). Returns how long the task waits for it at most
    // (the work calls wake() when done; the turn comes at the latest then), or nullopt when there
    // is nothing (more) to wait for. Default: nothing.
    virtual std::optional<std::chrono::milliseconds> before_start() { return std::nullopt; }
    // Tasks on a pool, after the last step and before close(): the part of the close that waits
    // on the network, done without holding a pool thread (a sink task's consumer leaving its
    // group), so that many tasks stopping at once close side by side. begin_close() starts it,
    // continue_close() looks again; each returns how long the task waits at most until the next
    // look (wake() brings it forward), or nullopt when close() may run. Default: nothing.
    virtual std::optional<std::chrono::milliseconds> begin_close() { return std::nullopt; }
    virtual std::optional<std::chrono::milliseconds> continue_close() { return std::nullopt; }
    // A task on a pool: bring its next turn forward (any thread). Nothing for a threaded task.
    void wake();

    bool is_stopping() const;
    bool is_cancelled() const;
    bool should_pause() const;
    // Waits until the target state or the stop flag may have changed, at most `timeout`.
    void wait_for_change(std::chrono::milliseconds timeout);
    // Called with each state the task reports, just before the listener (its metrics follow it).
    // Default: nothing.
    virtual void on_state_reported(run_state) {}
    // Report PAUSED / RUNNING (task thread).
    void on_pause();
    void on_resume();

    status_listener& listener() { return listener_; }
    // Task thread: the task's producer was fenced, so another worker runs the task now (or will):
    // from here on the task reports nothing, as a cancelled one, whatever ends it
    // (docs/exactly-once-source.md#zombies).
    void stop_reporting_as_fenced();

private:
    enum class phase { starting, running, closing };

    void run();
    // A turn on the pool; `generation` tells a current turn from one superseded by wake().
    void take_turn(std::uint64_t generation);
    void schedule(std::chrono::milliseconds delay);
    // Logs an exception that escaped the task; returns it when it fails the task.
    std::exception_ptr on_uncaught(std::exception_ptr error);
    // Turns only: the task's loop ended (`failure` when it failed): begin_close(), then the
    // turns of continue_close() until done, then finish().
    void end_turns(std::exception_ptr failure);
    // Turns only: begin_close() or continue_close(); an exception from them is the task's
    // failure when it has none yet.
    std::optional<std::chrono::milliseconds> close_step(bool first);
    // Inside a catch during the close: logs the exception, which becomes `failure` when there is
    // none yet.
    void on_shutdown_failure(std::exception_ptr& failure);
    // close(), then the final report; the task has ended.
    void finish(std::exception_ptr failure);
    void report(run_state state, const std::string& trace);

    const task_id id_;
    status_listener& listener_;
    const std::string version_;

    std::mutex report_mutex_;   // serializes status reports with cancel(); taken before mutex_
    mutable std::mutex mutex_;  // guards target_, stopping_, cancelled_, fenced_, launched_, finished_ and the turn state
    std::condition_variable changed_;
    target_state target_;
    bool stopping_ = false;
    bool cancelled_ = false;
    bool fenced_ = false;
    bool launched_ = false;  // start() or start_on() was called
    bool finished_ = false;
    std::thread thread_;

    // A task on a pool.
    thread_pool* pool_ = nullptr;
    phase phase_ = phase::starting;      // turns only
    bool paused_reported_ = false;       // turns only: PAUSED reported before the start
    std::exception_ptr close_failure_;   // turns only, while closing: what failed the task
    std::uint64_t generation_ = 0;       // of the pending turn
    thread_pool::ticket pending_ = 0;    // the pending turn's timer; 0 while a turn runs
    bool wake_requested_ = false;        // wake() during a turn: the next one at once
};

}  // namespace copycat::runtime
