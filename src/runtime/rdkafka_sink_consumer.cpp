#include "runtime/rdkafka_sink_consumer.hpp"

#include <thread>

#include "common/logging.hpp"

namespace copycat::runtime {
namespace {

using clock = std::chrono::steady_clock;

timestamp_type to_timestamp_type(rdkafka::timestamp_kind kind) {
  switch (kind) {
    case rdkafka::timestamp_kind::create_time: return timestamp_type::create_time;
    case rdkafka::timestamp_kind::log_append_time: return timestamp_type::log_append_time;
    case rdkafka::timestamp_kind::none: break;
  }
  return timestamp_type::no_timestamp_type;
}

consumed_record to_record(rdkafka::message message) {
  auto owner = std::make_shared<rdkafka::message>(std::move(message));
  consumed_record r;
  r.topic = owner->topic();
  r.partition = owner->partition();
  r.offset = owner->offset();
  r.key = owner->key();
  r.value = owner->value();
  r.headers = owner->headers();
  r.timestamp_ms = owner->timestamp_ms();
  r.ts_type = to_timestamp_type(owner->timestamp_type());
  r.owner = std::move(owner);
  return r;
}

}  // namespace

rdkafka_sink_consumer::~rdkafka_sink_consumer() {
  // Held-back messages must go before the consumer handle.
  partitions_.clear();
}

result<void> rdkafka_sink_consumer::subscribe(const std::vector<std::string>& topics, rebalance_listener& listener) {
  listener_ = &listener;
  return consumer_.subscribe(topics);
}

bool rdkafka_sink_consumer::fetching_allowed() const {
  if (held_back_ >= max_held_back) return false;
  if (partitions_.empty()) return true;
  for (const auto& [tp, state] : partitions_) {
    if (!state.paused) return true;
  }
  return false;
}

void rdkafka_sink_consumer::release_held_back(std::vector<consumed_record>& out, std::size_t max_records) {
  for (auto& [tp, state] : partitions_) {
    while (!state.paused && !state.held_back.empty() && out.size() < max_records) {
      out.push_back(std::move(state.held_back.front()));
      state.held_back.pop_front();
      --held_back_;
    }
  }
}

void rdkafka_sink_consumer::accept(consumed_record record, std::vector<consumed_record>& out) {
  topic_partition tp{std::string(record.topic), record.partition};
  auto it = partitions_.find(tp);
  if (it == partitions_.end()) {
    it = partitions_.emplace(tp, partition_state{record.offset, -1, false, {}}).first;
    if (listener_ != nullptr) listener_->on_partitions_assigned({tp});
    it = partitions_.find(tp);
    if (it == partitions_.end()) return;
  }
  auto& state = it->second;
  if (record.offset < state.skip_below) return;
  state.position = record.offset + 1;
  if (state.paused) {
    state.held_back.push_back(std::move(record));
    ++held_back_;
  } else {
    out.push_back(std::move(record));
  }
}

result<std::vector<consumed_record>> rdkafka_sink_consumer::poll(std::chrono::milliseconds timeout,
                                                                 std::size_t max_records) {
  std::vector<consumed_record> out;
  release_held_back(out, max_records);
  if (!out.empty() || closed_) return out;
  if (!fetching_allowed()) {
    // Everything is paused: idle for the poll timeout, as a paused Kafka consumer does.
    std::this_thread::sleep_for(std::min(timeout, std::chrono::milliseconds(100)));
    return out;
  }
  const auto deadline = clock::now() + timeout;
  while (out.size() < max_records && fetching_allowed()) {
    auto wait = out.empty() ? std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now())
                            : std::chrono::milliseconds(0);
    if (wait.count() < 0) wait = std::chrono::milliseconds(0);
    auto polled = consumer_.poll(wait);
    if (!polled) {
      if (!out.empty()) break;
      return polled.err();
    }
    if (!polled->has_value()) break;
    accept(to_record(std::move(**polled)), out);
  }
  return out;
}

result<void> rdkafka_sink_consumer::commit(const topic_partition_offsets& offsets) {
  std::vector<rdkafka::topic_partition_offset> list;
  list.reserve(offsets.size());
  for (const auto& [tp, o] : offsets) list.push_back({tp.topic, tp.partition, o.offset});
  if (list.empty()) return {};
  return consumer_.commit(list);
}

std::set<topic_partition> rdkafka_sink_consumer::assignment() const {
  std::set<topic_partition> out;
  for (const auto& [tp, state] : partitions_) out.insert(tp);
  return out;
}

std::optional<std::int64_t> rdkafka_sink_consumer::position(const topic_partition& partition) const {
  auto it = partitions_.find(partition);
  if (it == partitions_.end()) return std::nullopt;
  return it->second.position;
}

void rdkafka_sink_consumer::seek(const topic_partition& partition, std::int64_t offset) {
  auto it = partitions_.find(partition);
  if (it == partitions_.end()) return;
  auto& state = it->second;
  if (offset < state.position) {
    log::warn("{}: cannot rewind {} from {} to {}: this consumer cannot seek backwards; consumption goes on from {}",
              consumer_.name(), partition.to_string(), state.position, offset, state.position);
    return;
  }
  state.skip_below = offset;
  state.position = offset;
  while (!state.held_back.empty() && state.held_back.front().offset < offset) {
    state.held_back.pop_front();
    --held_back_;
  }
}

void rdkafka_sink_consumer::pause(const std::vector<topic_partition>& partitions) {
  for (const auto& tp : partitions) {
    if (auto it = partitions_.find(tp); it != partitions_.end()) it->second.paused = true;
  }
}

void rdkafka_sink_consumer::resume(const std::vector<topic_partition>& partitions) {
  for (const auto& tp : partitions) {
    if (auto it = partitions_.find(tp); it != partitions_.end()) it->second.paused = false;
  }
}

void rdkafka_sink_consumer::close() {
  if (closed_) return;
  closed_ = true;
  if (listener_ != nullptr && !partitions_.empty()) {
    auto all = assignment();
    listener_->on_partitions_revoked({all.begin(), all.end()});
  }
  partitions_.clear();
  held_back_ = 0;
  if (auto closed = consumer_.close(); !closed) log::warn("{}: close failed: {}", consumer_.name(), closed.err().describe());
}

}  // namespace copycat::runtime
