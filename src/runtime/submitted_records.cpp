#include "runtime/submitted_records.hpp"

#include <algorithm>
#include <utility>

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

void submitted_records::fold_acked_prefix(partition_queue& queue) {
    while (!queue.records.empty() && queue.records.front()->acked) {
        queue.committable = std::move(queue.records.front()->offset);
        ++queue.committable_records;
        queue.records.pop_front();
    }
}

void submitted_records::ack(const handle& record) {
    if (!record.valid()) return;
    std::lock_guard lock(mutex_);
    if (record.node_->acked || record.node_->dropped) return;
    record.node_->acked = true;
    --unacked_;
    if (record.partition_key_.empty()) return;
    auto it = partitions_.find(record.partition_key_);
    if (it != partitions_.end()) fold_acked_prefix(it->second);
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
        if (it->second.records.empty() && !it->second.committable) partitions_.erase(it);
    }
    record.node_->dropped = true;
    --unacked_;
    return true;
}

submitted_records::committable_offsets submitted_records::committable() {
    committable_offsets out;
    std::lock_guard lock(mutex_);
    for (auto it = partitions_.begin(); it != partitions_.end();) {
        partition_queue& p = it->second;
        if (p.committable) {
            out.offsets.emplace(it->first, partition_offset{p.partition, std::move(*p.committable)});
            out.committable_records += std::exchange(p.committable_records, 0);
            p.committable.reset();
        }
        const auto& queue = p.records;
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

std::size_t submitted_records::held() const {
    std::lock_guard lock(mutex_);
    std::size_t held = 0;
    for (const auto& [key, p] : partitions_) held += p.records.size();
    return held;
}

std::size_t submitted_records::unacked() const {
    std::lock_guard lock(mutex_);
    return unacked_;
}

}  // namespace copycat::runtime
