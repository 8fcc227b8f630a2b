#include "storage/partitioned_file_sink_task.hpp"

#include "copycat/errors.hpp"
#include "copycat/plugin_log.hpp"

namespace copycat::storage {

partitioned_file_sink_task::partitioned_file_sink_task(clock_fn now, std::chrono::milliseconds lock_wait)
    : now_(std::move(now)), lock_wait_(lock_wait) {}

std::string partitioned_file_sink_task::version() const { return plugin_version; }

std::int64_t partitioned_file_sink_task::now() const {
    if (now_) return now_();
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

void partitioned_file_sink_task::start(const std::map<std::string, std::string>& props) {
    writers_.clear();
    settings_ = parse_storage_settings(props);
    partitioner_ = std::make_unique<partitioner>(*settings_);
}

partition_writer& partitioned_file_sink_task::writer_for(const topic_partition& tp) {
    if (!settings_) throw connect_error("PartitionedFileSinkTask is not started");
    auto it = writers_.find(tp);
    if (it == writers_.end()) {
        it = writers_.emplace(tp, std::make_unique<partition_writer>(*settings_, *partitioner_, tp, lock_wait_)).first;
    }
    return *it->second;
}

void partitioned_file_sink_task::open(const std::vector<topic_partition>& partitions) {
    for (const auto& tp : partitions) {
        writers_.erase(tp);  // a fresh start from the files: its lock is released first
        // Consumption resumes after the last committed record, whatever the group's offset
        // says; with no files yet, it starts where the group's offset (or auto.offset.reset) says.
        if (const auto next = writer_for(tp).committed_offset()) context().offset(tp, *next);
    }
}

void partitioned_file_sink_task::put(std::vector<sink_record>& records) {
    const std::int64_t time = now();
    for (const auto& record : records) {
        writer_for({record.original_topic, record.original_kafka_partition}).write(record, time);
    }
    for (auto& [tp, writer] : writers_) {
        writer->rotate_if_due(time);
        if (const auto skipped = writer->take_skipped(); skipped > 0)
            plugin_log::warn("io.copycat.connect.storage.PartitionedFileSinkTask", tp.to_string() + ": skipped " + std::to_string(skipped) +
                                                           " records that were delivered again");
    }
}

topic_partition_offsets partitioned_file_sink_task::pre_commit(const topic_partition_offsets& current_offsets) {
    topic_partition_offsets committed;
    for (const auto& [tp, current] : current_offsets) {
        const auto it = writers_.find(tp);
        if (it == writers_.end()) continue;
        if (const auto offset = it->second->committed_offset())
            committed.emplace(tp, offset_and_metadata{*offset, {}, {}});
    }
    return committed;
}

void partitioned_file_sink_task::close(const std::vector<topic_partition>& partitions) {
    for (const auto& tp : partitions) writers_.erase(tp);
}

void partitioned_file_sink_task::stop() { writers_.clear(); }

}  // namespace copycat::storage
