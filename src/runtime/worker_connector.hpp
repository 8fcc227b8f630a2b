#pragma once
// Runs one connector instance (Kafka: WorkerConnector). Every call into the plugin happens on
// the worker's connector pool, one at a time: the public methods post a job to the connector's
// serial_queue over that pool and wait for it, so a connector is never called concurrently and
// has no thread of its own (docs/threads.md).
//
// States follow Kafka: started -> RUNNING; paused -> the instance is stopped, PAUSED;
// stopped -> the instance is stopped, STOPPED; shutdown -> the instance is stopped,
// UNASSIGNED. A throwing plugin call or context.raise_error() -> FAILED with the trace (a
// raised error also stops the instance). A failed connector can still be stopped or shut down.
//
// Ownership: owned by the worker (shared_ptr); the pool, the offset_store and the listener outlive
// it. Public methods are thread-safe; they must not be called from a job of the connector pool.

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "common/serial_queue.hpp"
#include "copycat/connector/connector.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"
#include "storage/connector_offset_store.hpp"
#include "storage/offset_store.hpp"

namespace copycat::runtime {

class worker_connector {
public:
    // `own_offsets`: the store of a source connector's own offsets topic
    // (runtime/connector_offsets_topic.hpp), which its offset_storage_reader() reads instead of
    // `offsets`; started with the connector, on the pool, before its initialize().
    worker_connector(std::string name, string_map config, std::unique_ptr<connector> instance, bool is_source,
                     const storage::offset_store& offsets, status_listener& listener, thread_pool& pool,
                     std::unique_ptr<storage::connector_offset_store> own_offsets = {});
    ~worker_connector();  // shuts down and waits for the instance's stop
    worker_connector(const worker_connector&) = delete;
    worker_connector& operator=(const worker_connector&) = delete;

    const std::string& name() const { return name_; }
    bool is_source() const { return is_source_; }
    const string_map& config() const { return config_; }

    // Initializes the instance and moves to `initial`. The error of a failed
    // start (FAILED is reported too).
    result<void> start(target_state initial);
    // Moves to another target state; the error when the transition failed.
    result<void> transition_to(target_state state);
    // The connector's task configs (at most `max_tasks` unless `enforce` is false); the
    // connector must be started.
    result<std::vector<string_map>> task_configs(int max_tasks, bool enforce);
    // True while the instance is started (RUNNING).
    bool is_running() const;
    // Stops the instance (UNASSIGNED) after the calls already queued; returns at once.
    void shutdown();

private:
    enum class state { init, started, paused, stopped, failed };
    class context;

    void post(std::function<void()> job);
    template <class T>
    T call(std::function<T()> job);

    // Jobs of the serial queue only.
    result<void> do_initialize();
    result<void> do_transition(target_state target);
    result<void> do_start(bool resuming);
    void do_suspend(bool paused);
    void do_shutdown();
    void on_failure(const std::string& trace);
    void raise_error(const std::string& message);

    const std::string name_;
    const string_map config_;
    const bool is_source_;
    std::unique_ptr<connector> instance_;
    const std::string version_;  // the plugin's version(), reported with every state (KIP-891)
    std::unique_ptr<storage::connector_offset_store> own_offsets_;  // outlives context_, which reads it
    std::unique_ptr<context> context_;
    status_listener& listener_;

    // guards started_, stopping_, shut_down_, and state_ as its comment says; held while posting
    // to queue_, so that the shutdown job is the last one
    mutable std::mutex mutex_;
    std::condition_variable shut_down_changed_;
    bool started_ = false;
    bool stopping_ = false;
    bool shut_down_ = false;  // the shutdown job ran
    state state_ = state::init;  // written by the queue's jobs, read under mutex_
    serial_queue queue_;  // last: destroyed first, while the members its jobs use still exist
};

}  // namespace copycat::runtime
