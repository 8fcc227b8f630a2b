#pragma once
// task_state_timer: how long a task has spent in each state since its first (Kafka's
// StateTracker behind connector-task-metrics' status, running-ratio and pause-ratio). The task
// reports each state change; a scrape reads the current state and the ratios.
//
// Threading: thread-safe; a state change (rare) and a read take a small lock, the copy loop never.

#include <array>
#include <chrono>
#include <cstddef>
#include <mutex>
#include <optional>

#include "runtime/worker_state.hpp"

namespace copycat::runtime {

class task_state_timer {
public:
    using clock = std::chrono::steady_clock;

    void change(run_state state, clock::time_point now = clock::now());
    // The current state (none before the first change: Kafka's UNASSIGNED).
    std::optional<run_state> current() const;
    // The fraction of the time since the first change spent in `state` (0 before it).
    double ratio(run_state state, clock::time_point now = clock::now()) const;

private:
    static constexpr std::size_t states = 6;
    mutable std::mutex mutex_;  // guards the fields below
    std::optional<run_state> state_;
    clock::time_point since_{};
    std::array<clock::duration, states> spent_{};
};

}  // namespace copycat::runtime
