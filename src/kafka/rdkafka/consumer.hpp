#pragma once
// consumer: reads records from explicitly assigned partitions or through a consumer group.

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/handle.hpp"
#include "kafka/rdkafka/message.hpp"
#include "kafka/rdkafka/types.hpp"

namespace copycat::rdkafka {

// Owns a librdkafka high-level consumer handle.
//
// Two modes:
//   - assign(): read chosen partitions from chosen offsets, no group membership. group.id is
//     optional; without one the consumer never commits and refuses subscribe() and commit().
//   - subscribe(): join the consumer group named by group.id; librdkafka assigns partitions.
//     poll() must then be called at least every max.poll.interval.ms.
//
// Threading: one owner thread drives it; do not call its methods concurrently. Messages it
// returns may be read on other threads but must be destroyed before the consumer. The object
// must not be moved or destroyed while a call is running. Destruction closes it (leaving the
// group when subscribed). A moved-from consumer may only be destroyed or assigned to.
class consumer {
 public:
  // Fails (invalid_argument) on a config librdkafka rejects.
  static result<consumer> create(const client_config& config);

  consumer(consumer&&) noexcept = default;
  consumer& operator=(consumer&&) noexcept;
  ~consumer();

  // Replaces the whole assignment. Each offset is absolute or one of offsets::beginning,
  // offsets::end, offsets::stored.
  result<void> assign(const std::vector<topic_partition_offset>& partitions);
  result<void> unassign();

  // Joins the group and follows these topics (replacing an earlier subscription).
  result<void> subscribe(const std::vector<std::string>& topics);
  result<void> unsubscribe();

  // The next record, or nullopt when none arrived within `timeout`. An error is a consumer
  // event librdkafka reported (e.g. an unknown topic); most are transient and polling may go
  // on. Partition-EOF events (enable.partition.eof) are not reported: compare offsets with
  // query_watermarks() instead.
  result<std::optional<message>> poll(std::chrono::milliseconds timeout);

  // Commits these offsets for the group and waits for the answer. Each offset is the next one
  // to consume (last processed + 1).
  result<void> commit(const std::vector<topic_partition_offset>& offsets);

  // Asks the partition's leader for its low and high watermarks.
  result<watermarks> query_watermarks(std::string_view topic, std::int32_t partition,
                                      std::chrono::milliseconds timeout);

  // The topic's partition count from cluster metadata; errc::not_found when it does not exist.
  result<std::int32_t> partition_count(std::string_view topic, std::chrono::milliseconds timeout);

  // Leaves the group (when subscribed) and stops fetching. Later calls other than name() fail.
  // Idempotent.
  result<void> close();

  // librdkafka's name for this client, for log lines.
  std::string_view name() const;

 private:
  consumer(detail::handle_ptr handle, bool has_group)
      : handle_(std::move(handle)), has_group_(has_group) {}
  void close_and_destroy() noexcept;

  detail::handle_ptr handle_;
  bool has_group_ = false;
  bool closed_ = false;
};

}  // namespace copycat::rdkafka
