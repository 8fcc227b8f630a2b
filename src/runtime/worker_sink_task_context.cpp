#include "runtime/worker_sink_task_context.hpp"

#include "copycat/errors.hpp"

namespace copycat::runtime {

void worker_sink_task_context::offset(const std::map<topic_partition, std::int64_t>& offsets) {
    for (const auto& [tp, o] : offsets) offsets_.insert_or_assign(tp, o);
}

void worker_sink_task_context::offset(const topic_partition& partition, std::int64_t offset) {
    offsets_.insert_or_assign(partition, offset);
}

void worker_sink_task_context::timeout(std::chrono::milliseconds timeout) { timeout_ = timeout; }

std::set<topic_partition> worker_sink_task_context::assignment() const { return consumer_.assignment(); }

void worker_sink_task_context::pause(const std::vector<topic_partition>& partitions) {
    const auto assigned = consumer_.assignment();
    for (const auto& tp : partitions) {
        if (!assigned.count(tp)) {
            throw connect_error("SinkTasks may not pause partitions that are not currently assigned to them.");
        }
    }
    paused_.insert(partitions.begin(), partitions.end());
    if (task_paused_()) return;  // the whole task is paused; resuming it keeps these paused
    if (auto paused = consumer_.pause(partitions); !paused) {
        throw connect_error("Failed to pause partitions: " + paused.err().describe());
    }
}

void worker_sink_task_context::resume(const std::vector<topic_partition>& partitions) {
    const auto assigned = consumer_.assignment();
    for (const auto& tp : partitions) {
        if (!assigned.count(tp)) {
            throw connect_error("SinkTasks may not resume partitions that are not currently assigned to them.");
        }
    }
    for (const auto& tp : partitions) paused_.erase(tp);
    if (task_paused_()) return;
    if (auto resumed = consumer_.resume(partitions); !resumed) {
        throw connect_error("Failed to resume partitions: " + resumed.err().describe());
    }
}

void worker_sink_task_context::request_commit() { commit_requested_ = true; }

std::map<topic_partition, std::int64_t> worker_sink_task_context::take_offsets() {
    auto out = std::move(offsets_);
    offsets_.clear();
    return out;
}

std::optional<std::chrono::milliseconds> worker_sink_task_context::take_timeout() {
    auto out = timeout_;
    timeout_.reset();
    return out;
}

void worker_sink_task_context::forget(const std::vector<topic_partition>& revoked) {
    for (const auto& tp : revoked) {
        paused_.erase(tp);
        offsets_.erase(tp);
    }
}

}  // namespace copycat::runtime
