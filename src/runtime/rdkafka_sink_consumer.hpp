#pragma once
// sink_consumer over copycat::rdkafka::consumer (a librdkafka group consumer).
//
// The rdkafka wrapper has no rebalance callback, pause/resume, seek or position yet; until it
// does, this adapter derives them from what it consumes:
//   - a partition counts as assigned when its first record arrives (on_partitions_assigned is
//     called then, before the record is returned); every partition is revoked at close(). A
//     partition the group moved to another member meanwhile stays "assigned" here; committing
//     it then fails and is logged, and the other member resumes from the last commit.
//   - position() is the offset after the last record consumed (or the first record's offset).
//   - pause(): records of paused partitions are held back and returned after resume(); when
//     every assigned partition is paused, or more than `max_held_back` records are held, the
//     adapter stops fetching (librdkafka keeps the group membership alive; after
//     max.poll.interval.ms without fetching the member rejoins and resumes from the last
//     committed offsets).
//   - seek() forward skips records below the offset; seek() backward cannot be honoured and is
//     logged.
// Each gap closes by implementing it here once copycat::rdkafka::consumer offers the call.
//
// Threading: the task thread only (see sink_consumer).

#include <deque>
#include <map>
#include <optional>

#include "kafka/rdkafka/consumer.hpp"
#include "runtime/sink_consumer.hpp"

namespace copycat::runtime {

class rdkafka_sink_consumer final : public sink_consumer {
 public:
  static constexpr std::size_t max_held_back = 10000;

  explicit rdkafka_sink_consumer(rdkafka::consumer consumer) : consumer_(std::move(consumer)) {}
  ~rdkafka_sink_consumer() override;

  result<void> subscribe(const std::vector<std::string>& topics, rebalance_listener& listener) override;
  result<std::vector<consumed_record>> poll(std::chrono::milliseconds timeout, std::size_t max_records) override;
  result<void> commit(const topic_partition_offsets& offsets) override;
  std::set<topic_partition> assignment() const override;
  std::optional<std::int64_t> position(const topic_partition& partition) const override;
  void seek(const topic_partition& partition, std::int64_t offset) override;
  void pause(const std::vector<topic_partition>& partitions) override;
  void resume(const std::vector<topic_partition>& partitions) override;
  void close() override;

 private:
  struct partition_state {
    std::int64_t position = 0;
    std::int64_t skip_below = -1;
    bool paused = false;
    std::deque<consumed_record> held_back;
  };

  bool fetching_allowed() const;
  void release_held_back(std::vector<consumed_record>& out, std::size_t max_records);
  // Accepts one fetched record: assignment, seek and pause bookkeeping.
  void accept(consumed_record record, std::vector<consumed_record>& out);

  rdkafka::consumer consumer_;
  rebalance_listener* listener_ = nullptr;
  std::map<topic_partition, partition_state> partitions_;
  std::size_t held_back_ = 0;
  bool closed_ = false;
};

}  // namespace copycat::runtime
