// The task of the datagen connector (Confluent: io.confluent.kafka.connect.datagen.DatagenTask).
#pragma once

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "copycat/connector/source_task.hpp"
#include "copycat/data/records.hpp"
#include "datagen/datagen_configs.hpp"
#include "datagen/random_source.hpp"

namespace copycat::datagen {

/// Generates records described by a quickstart or "schema.string" into "kafka.topic".
///
/// Each record's value is a STRUCT; its key is the value of the key field (with that field's
/// schema), or null with an optional string schema when there is none. Headers carry
/// task.generation, task.id and current.iteration as Confluent's task sets them. The source
/// partition is {"task.id": n}; the offset {"current.iteration": records generated so far,
/// "task.generation": runs so far}, so a restarted task goes on counting toward "iterations"
/// where it stopped.
///
/// Record i of task n is drawn from a random source seeded by (random.seed, n, i) alone: with a
/// seed, the records are the same whatever max.interval is, and a restarted task goes on with
/// exactly the records an uninterrupted one would have generated. Without one the task picks a
/// seed at each start.
///
/// Pacing: with max.interval > 0, one record per poll(), each after a random wait in
/// [0, max.interval] ms; poll() waits at most a second, so that pausing and stopping stay
/// prompt. With max.interval = 0, poll() returns batches without waiting. After "iterations"
/// records the task stays idle (it does not fail, unlike Confluent's).
///
/// Threads: the worker's task thread calls start() and poll(); stop() may come from any thread
/// and ends a wait in poll() at once.
class datagen_task final : public source_task {
public:
    /// The most records one poll() returns when max.interval is 0.
    static constexpr std::size_t batch_size = 1000;

    std::string version() const override;

    /// Reads the configuration (config_error when invalid) and the committed offset
    /// (connect_error when it is not one this task wrote).
    void start(const std::map<std::string, std::string>& props) override;

    std::vector<source_record> poll() override;

    void stop() override;

private:
    using clock = std::chrono::steady_clock;

    source_record next_record(std::int64_t now_ms);
    bool finished() const noexcept;
    /// Waits until `until` or stop(), whichever comes first.
    void wait_until(clock::time_point until);
    std::chrono::milliseconds next_wait();

    datagen_settings settings_;
    std::int32_t task_id_ = 0;
    std::uint64_t task_seed_ = 0;
    source_map partition_;
    std::int64_t iteration_ = 0;   // records generated, in this run and before
    std::int64_t generation_ = 0;  // runs of this task before this one
    schema_ptr key_schema_;
    std::size_t key_index_ = 0;  // of the key field in the value's fields, when there is one
    random_source pacing_{0};    // the waits; apart from the data, so that they do not change it
    clock::time_point next_due_;

    std::atomic<bool> stopping_{false};
    // stopping_ is set under wait_mutex_, so that it cannot change between a wait's check and
    // its sleep (a lost wake-up).
    std::mutex wait_mutex_;
    std::condition_variable wake_;
};

}  // namespace copycat::datagen
