#include "runtime/fake_sink_consumer.hpp"

namespace copycat::testing {

void fake_sink_consumer::append(const topic_partition& tp, const std::vector<std::string>& values) {
    {
        std::lock_guard lock(mutex_);
        for (const auto& v : values) logs_[tp].push_back(std::make_shared<stored>(stored{tp.topic, v}));
        changed_.notify_all();
    }
    signal_ready();
}

void fake_sink_consumer::assign(const std::vector<topic_partition>& partitions) {
    {
        std::lock_guard lock(mutex_);
        rebalances_.emplace_back(change::assign, partitions);
        changed_.notify_all();
    }
    signal_ready();
}

void fake_sink_consumer::revoke(const std::vector<topic_partition>& partitions) {
    {
        std::lock_guard lock(mutex_);
        rebalances_.emplace_back(change::revoke, partitions);
        changed_.notify_all();
    }
    signal_ready();
}

void fake_sink_consumer::lose(const std::vector<topic_partition>& partitions) {
    {
        std::lock_guard lock(mutex_);
        rebalances_.emplace_back(change::lose, partitions);
        changed_.notify_all();
    }
    signal_ready();
}

std::vector<std::string> fake_sink_consumer::events() const {
    std::lock_guard lock(mutex_);
    return events_;
}

std::map<topic_partition, std::int64_t> fake_sink_consumer::committed() const {
    std::lock_guard lock(mutex_);
    return committed_;
}

std::set<topic_partition> fake_sink_consumer::paused_partitions() const {
    std::lock_guard lock(mutex_);
    return paused_;
}

bool fake_sink_consumer::closed() const {
    std::lock_guard lock(mutex_);
    return closed_;
}

std::vector<std::string> fake_sink_consumer::subscription() const {
    std::lock_guard lock(mutex_);
    return topics_;
}

result<void> fake_sink_consumer::subscribe(const std::vector<std::string>& topics, rebalance_listener& listener) {
    std::lock_guard lock(mutex_);
    topics_ = topics;
    listener_ = &listener;
    return {};
}

void fake_sink_consumer::apply_rebalances() {
    const auto note = [&](std::string_view what, const std::vector<topic_partition>& partitions) {
        std::lock_guard lock(mutex_);
        for (const auto& tp : partitions) events_.push_back(std::string(what) + " " + tp.to_string());
    };
    for (;;) {
        std::pair<change, std::vector<topic_partition>> next;
        {
            std::lock_guard lock(mutex_);
            if (rebalances_.empty()) return;
            next = std::move(rebalances_.front());
            rebalances_.pop_front();
            if (next.first == change::assign) {
                for (const auto& tp : next.second) {
                    assigned_.insert(tp);
                    auto c = committed_.find(tp);
                    positions_[tp] = c == committed_.end() ? 0 : c->second;
                }
            }
        }
        switch (next.first) {
            case change::assign:
                note("assigned", next.second);
                listener_->on_partitions_assigned(next.second);
                continue;
            case change::revoke:
                note("revoked", next.second);
                listener_->on_partitions_revoked(next.second);
                break;
            case change::lose:
                note("lost", next.second);
                listener_->on_partitions_lost(next.second);
                break;
        }
        std::lock_guard lock(mutex_);
        for (const auto& tp : next.second) {
            assigned_.erase(tp);
            paused_.erase(tp);
            positions_.erase(tp);
        }
    }
}

result<std::vector<runtime::consumed_record>> fake_sink_consumer::poll(std::chrono::milliseconds timeout,
                                                                       std::size_t max_records) {
    apply_rebalances();
    std::unique_lock lock(mutex_);
    const auto available = [&] {
        if (!rebalances_.empty()) return true;
        for (const auto& tp : assigned_) {
            if (paused_.count(tp)) continue;
            auto log = logs_.find(tp);
            if (log != logs_.end() && positions_[tp] < static_cast<std::int64_t>(log->second.size())) return true;
        }
        return false;
    };
    changed_.wait_for(lock, timeout, available);
    std::vector<runtime::consumed_record> out;
    for (const auto& tp : assigned_) {
        if (paused_.count(tp)) continue;
        auto log = logs_.find(tp);
        if (log == logs_.end()) continue;
        auto& pos = positions_[tp];
        while (pos < static_cast<std::int64_t>(log->second.size()) && out.size() < max_records) {
            const auto& s = log->second[static_cast<std::size_t>(pos)];
            runtime::consumed_record r;
            r.topic = s->topic;
            r.partition = tp.partition;
            r.offset = pos;
            r.value = s->value;
            r.timestamp_ms = 1000 + pos;
            r.ts_type = timestamp_type::create_time;
            r.owner = s;
            out.push_back(std::move(r));
            ++pos;
        }
    }
    return out;
}

result<void> fake_sink_consumer::commit(const topic_partition_offsets& offsets) {
    std::lock_guard lock(mutex_);
    for (const auto& [tp, o] : offsets) {
        if (!assigned_.count(tp))
            return make_error(errc::conflict, "commit of an unassigned partition " + tp.to_string());
    }
    for (const auto& [tp, o] : offsets) {
        committed_[tp] = o.offset;
        events_.push_back("commit " + tp.to_string() + "=" + std::to_string(o.offset));
    }
    return {};
}

std::set<topic_partition> fake_sink_consumer::assignment() const {
    std::lock_guard lock(mutex_);
    return assigned_;
}

std::optional<std::int64_t> fake_sink_consumer::position(const topic_partition& partition) const {
    std::lock_guard lock(mutex_);
    auto it = positions_.find(partition);
    if (it == positions_.end()) return std::nullopt;
    return it->second;
}

std::optional<std::int64_t> fake_sink_consumer::end_offset(const topic_partition& partition) {
    std::lock_guard lock(mutex_);
    auto it = logs_.find(partition);
    return it == logs_.end() ? 0 : static_cast<std::int64_t>(it->second.size());
}

result<void> fake_sink_consumer::seek(const topic_partition& partition, std::int64_t offset) {
    std::lock_guard lock(mutex_);
    if (!assigned_.count(partition)) return make_error(errc::invalid_argument, "seek of an unassigned partition");
    positions_[partition] = offset;
    events_.push_back("seek " + partition.to_string() + "=" + std::to_string(offset));
    return {};
}

result<void> fake_sink_consumer::pause(const std::vector<topic_partition>& partitions) {
    std::lock_guard lock(mutex_);
    for (const auto& tp : partitions) {
        if (!assigned_.count(tp)) return make_error(errc::invalid_argument, "pause of an unassigned partition");
    }
    paused_.insert(partitions.begin(), partitions.end());
    return {};
}

result<void> fake_sink_consumer::resume(const std::vector<topic_partition>& partitions) {
    std::lock_guard lock(mutex_);
    for (const auto& tp : partitions) paused_.erase(tp);
    changed_.notify_all();
    return {};
}

void fake_sink_consumer::on_ready(std::function<void()> ready) {
    std::lock_guard lock(mutex_);
    if (!closed_) ready_ = std::move(ready);
}

void fake_sink_consumer::signal_ready() {
    std::function<void()> ready;
    {
        std::lock_guard lock(mutex_);
        ready = ready_;
    }
    if (ready) ready();
}

void fake_sink_consumer::close() {
    std::vector<topic_partition> all;
    {
        std::lock_guard lock(mutex_);
        if (closed_) return;
        closed_ = true;
        ready_ = nullptr;
        all.assign(assigned_.begin(), assigned_.end());
    }
    if (listener_ != nullptr && !all.empty()) {
        {
            std::lock_guard lock(mutex_);
            for (const auto& tp : all) events_.push_back("revoked " + tp.to_string());
        }
        listener_->on_partitions_revoked(all);
    }
    std::lock_guard lock(mutex_);
    assigned_.clear();
}

}  // namespace copycat::testing
