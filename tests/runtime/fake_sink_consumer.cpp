#include "runtime/fake_sink_consumer.hpp"

namespace copycat::testing {

void fake_sink_consumer::append(const topic_partition& tp, const std::vector<std::string>& values) {
  std::lock_guard lock(mutex_);
  for (const auto& v : values) logs_[tp].push_back(std::make_shared<stored>(stored{tp.topic, v}));
  changed_.notify_all();
}

void fake_sink_consumer::assign(const std::vector<topic_partition>& partitions) {
  std::lock_guard lock(mutex_);
  rebalances_.emplace_back(true, partitions);
  changed_.notify_all();
}

void fake_sink_consumer::revoke(const std::vector<topic_partition>& partitions) {
  std::lock_guard lock(mutex_);
  rebalances_.emplace_back(false, partitions);
  changed_.notify_all();
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
  for (;;) {
    std::pair<bool, std::vector<topic_partition>> change;
    {
      std::lock_guard lock(mutex_);
      if (rebalances_.empty()) return;
      change = std::move(rebalances_.front());
      rebalances_.pop_front();
      if (change.first) {
        for (const auto& tp : change.second) {
          assigned_.insert(tp);
          auto c = committed_.find(tp);
          positions_[tp] = c == committed_.end() ? 0 : c->second;
        }
      }
    }
    if (change.first) {
      listener_->on_partitions_assigned(change.second);
    } else {
      listener_->on_partitions_revoked(change.second);
      std::lock_guard lock(mutex_);
      for (const auto& tp : change.second) {
        assigned_.erase(tp);
        paused_.erase(tp);
        positions_.erase(tp);
      }
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
    if (!assigned_.count(tp)) return make_error(errc::conflict, "commit of an unassigned partition " + tp.to_string());
  }
  for (const auto& [tp, o] : offsets) committed_[tp] = o.offset;
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

void fake_sink_consumer::seek(const topic_partition& partition, std::int64_t offset) {
  std::lock_guard lock(mutex_);
  if (assigned_.count(partition)) positions_[partition] = offset;
}

void fake_sink_consumer::pause(const std::vector<topic_partition>& partitions) {
  std::lock_guard lock(mutex_);
  paused_.insert(partitions.begin(), partitions.end());
}

void fake_sink_consumer::resume(const std::vector<topic_partition>& partitions) {
  std::lock_guard lock(mutex_);
  for (const auto& tp : partitions) paused_.erase(tp);
  changed_.notify_all();
}

void fake_sink_consumer::close() {
  std::vector<topic_partition> all;
  {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    closed_ = true;
    all.assign(assigned_.begin(), assigned_.end());
  }
  if (listener_ != nullptr && !all.empty()) listener_->on_partitions_revoked(all);
  std::lock_guard lock(mutex_);
  assigned_.clear();
}

}  // namespace copycat::testing
