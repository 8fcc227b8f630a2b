#include "runtime/submitted_records.hpp"

#include <algorithm>

namespace copycat::runtime {

struct submitted_records::handle::node {
    source_map offset;
    bool acked = false;
    bool dropped = false;
};

submitted_records::handle submitted_records::submit(std::string partition_key, const source_map& partition,
                                                    source_map offset) {
    auto n = std::make_shared<handle::node>();
    n->offset = std::move(offset);
    std::lock_guard lock(mutex_);
    ++unacked_;
    if (!partition_key.empty()) {
        auto [it, inserted] = partitions_.try_emplace(partition_key);
        if (inserted) it->second.partition = partition;
        it->second.records.push_back(n);
    }
    return handle(std::move(n), std::move(partition_key));
}

void submitted_records::ack(const handle& record) {
    if (!record.valid()) return;
    std::lock_guard lock(mutex_);
    if (record.node_->acked || record.node_->dropped) return;
    record.node_->acked = true;
    --unacked_;
}

bool submitted_records::drop(const handle& record) {
    if (!record.valid()) return false;
    std::lock_guard lock(mutex_);
    if (record.node_->acked || record.node_->dropped) return false;
    if (!record.partition_key_.empty()) {
        auto it = partitions_.find(record.partition_key_);
        if (it == partitions_.end() || it->second.records.empty() || it->second.records.back() != record.node_) {
            return false;
        }
        it->second.records.pop_back();
        if (it->second.records.empty()) partitions_.erase(it);
    }
    record.node_->dropped = true;
    --unacked_;
    return true;
}

submitted_records::committable_offsets submitted_records::committable() {
    committable_offsets out;
    std::lock_guard lock(mutex_);
    for (auto it = partitions_.begin(); it != partitions_.end();) {
        auto& queue = it->second.records;
        std::shared_ptr<handle::node> newest;
        while (!queue.empty() && queue.front()->acked) {
            newest = queue.front();
            queue.pop_front();
            ++out.committable_records;
        }
        if (newest) out.offsets.emplace(it->first, partition_offset{it->second.partition, newest->offset});
        out.pending_records += queue.size();
        out.largest_partition_backlog = std::max(out.largest_partition_backlog, queue.size());
        if (queue.empty()) {
            it = partitions_.erase(it);
        } else {
            ++it;
        }
    }
    return out;
}

std::size_t submitted_records::unacked() const {
    std::lock_guard lock(mutex_);
    return unacked_;
}

}  // namespace copycat::runtime
