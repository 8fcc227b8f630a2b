#pragma once
// The sink_task_context given to a sink task (Kafka: WorkerSinkTaskContext). Requests the task
// makes (offsets to seek to, a retry timeout, a commit, paused partitions) are recorded here
// and applied by the worker_sink_task loop: offsets become consumer seeks before its next poll
// (or, when set from open(), the start offsets of the new partitions). pause()/resume() act on
// the consumer at once (throwing connect_error when it refuses) unless the whole task is
// paused, in which case they take effect on resume. Revoked partitions are forgotten.
//
// Owned by the worker_sink_task; used on the task thread only (from inside the task's calls).

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>

#include "copycat/connector/sink_task_context.hpp"
#include "runtime/sink_consumer.hpp"

namespace copycat::runtime {

class worker_sink_task_context final : public sink_task_context {
public:
    // `task_paused` tells whether the worker paused the whole task.
    worker_sink_task_context(std::map<std::string, std::string> config, sink_consumer& consumer,
                             std::function<bool()> task_paused)
        : config_(std::move(config)), consumer_(consumer), task_paused_(std::move(task_paused)) {}

    const std::map<std::string, std::string>& configs() const override { return config_; }
    void offset(const std::map<topic_partition, std::int64_t>& offsets) override;
    void offset(const topic_partition& partition, std::int64_t offset) override;
    void timeout(std::chrono::milliseconds timeout) override;
    std::set<topic_partition> assignment() const override;
    void pause(const std::vector<topic_partition>& partitions) override;
    void resume(const std::vector<topic_partition>& partitions) override;
    void request_commit() override;
    // The worker's reporter (worker_errant_record_reporter), nullptr when the connector configures
    // neither a dead-letter queue nor error logging, as in Kafka.
    copycat::errant_record_reporter* errant_record_reporter() override { return reporter_; }
    void set_errant_record_reporter(copycat::errant_record_reporter* reporter) { reporter_ = reporter; }

    // For the loop.
    std::map<topic_partition, std::int64_t> take_offsets();
    std::optional<std::chrono::milliseconds> take_timeout();
    bool commit_requested() const { return commit_requested_; }
    void clear_commit_request() { commit_requested_ = false; }
    const std::set<topic_partition>& paused_partitions() const { return paused_; }
    void forget(const std::vector<topic_partition>& revoked);

private:
    std::map<std::string, std::string> config_;
    sink_consumer& consumer_;
    std::function<bool()> task_paused_;
    std::map<topic_partition, std::int64_t> offsets_;
    std::optional<std::chrono::milliseconds> timeout_;
    std::set<topic_partition> paused_;
    bool commit_requested_ = false;
    copycat::errant_record_reporter* reporter_ = nullptr;
};

}  // namespace copycat::runtime
