#pragma once
// Runs one connector instance (Kafka: WorkerConnector). Every call into the plugin happens on
// the connector's own thread, one at a time: the public methods post a job to that thread and
// wait for it, so a connector is never called concurrently.
//
// States follow Kafka: started -> RUNNING; paused -> the instance is stopped, PAUSED;
// stopped -> the instance is stopped, STOPPED; shutdown -> the instance is stopped,
// UNASSIGNED. A throwing plugin call or context.raise_error() -> FAILED with the trace (a
// raised error also stops the instance). A failed connector can still be stopped or shut down.
//
// Ownership: owned by the worker (unique_ptr); the offset_store and the listener outlive it.
// Public methods are thread-safe.

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "common/result.hpp"
#include "copycat/connector/connector.hpp"
#include "runtime/worker_config.hpp"
#include "runtime/worker_state.hpp"
#include "storage/offset_store.hpp"

namespace copycat::runtime {

class worker_connector {
public:
    worker_connector(std::string name, string_map config, std::unique_ptr<connector> instance, bool is_source,
                     const storage::offset_store& offsets, status_listener& listener);
    ~worker_connector();  // shuts down and joins the thread
    worker_connector(const worker_connector&) = delete;
    worker_connector& operator=(const worker_connector&) = delete;

    const std::string& name() const { return name_; }
    bool is_source() const { return is_source_; }
    const string_map& config() const { return config_; }

    // Starts the thread, initializes the instance and moves to `initial`. The error of a failed
    // start (FAILED is reported too).
    result<void> start(target_state initial);
    // Moves to another target state; the error when the transition failed.
    result<void> transition_to(target_state state);
    // The connector's task configs (at most `max_tasks` unless `enforce` is false); the
    // connector must be started.
    result<std::vector<string_map>> task_configs(int max_tasks, bool enforce);
    // True while the instance is started (RUNNING).
    bool is_running() const;
    // Stops the instance (UNASSIGNED) and ends the thread.
    void shutdown();

private:
    enum class state { init, started, paused, stopped, failed };
    class context;

    void run();
    void post(std::function<void()> job);
    template <class T>
    T call(std::function<T()> job);

    // Connector thread only.
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
    std::unique_ptr<context> context_;
    status_listener& listener_;

    // guards jobs_, stopping_, thread_ (set by start(), joined by the destructor once alone), and
    // state_ as its comment says
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<std::function<void()>> jobs_;
    bool stopping_ = false;
    state state_ = state::init;  // written on the connector thread, read under mutex_
    std::thread thread_;
};

}  // namespace copycat::runtime
