#include "kafka/rdkafka/consumer.hpp"

#include <librdkafka/rdkafka.h>

#include <memory>

#include <fmt/format.h>

#include "common/logging.hpp"
#include "kafka/rdkafka/detail/client_factory.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"

namespace copycat::rdkafka {
namespace {

static_assert(offsets::beginning == RD_KAFKA_OFFSET_BEGINNING);
static_assert(offsets::end == RD_KAFKA_OFFSET_END);
static_assert(offsets::stored == RD_KAFKA_OFFSET_STORED);

// librdkafka's high-level consumer needs a group id even when it only assigns; this one is
// never joined and never committed to.
constexpr const char* assign_only_group = "copycat-assign-only";

struct partition_list_deleter {
  void operator()(rd_kafka_topic_partition_list_t* list) const noexcept {
    rd_kafka_topic_partition_list_destroy(list);
  }
};
using partition_list_ptr = std::unique_ptr<rd_kafka_topic_partition_list_t, partition_list_deleter>;

partition_list_ptr to_list(const std::vector<topic_partition_offset>& partitions) {
  partition_list_ptr list(rd_kafka_topic_partition_list_new(static_cast<int>(partitions.size())));
  for (const auto& p : partitions) {
    rd_kafka_topic_partition_list_add(list.get(), p.topic.c_str(), p.partition)->offset = p.offset;
  }
  return list;
}

// The first per-partition error in a list librdkafka filled in (e.g. after a commit).
result<void> first_partition_error(const rd_kafka_topic_partition_list_t* list,
                                   std::string_view context) {
  for (int i = 0; i < list->cnt; ++i) {
    const rd_kafka_topic_partition_t& p = list->elems[i];
    if (p.err != RD_KAFKA_RESP_ERR_NO_ERROR) {
      return detail::kafka_error(p.err, fmt::format("{} {}[{}]", context, p.topic, p.partition));
    }
  }
  return {};
}

struct topic_deleter {
  void operator()(rd_kafka_topic_t* topic) const noexcept { rd_kafka_topic_destroy(topic); }
};

}  // namespace

result<consumer> consumer::create(const client_config& config) {
  bool has_group = config.contains("group.id");
  detail::client_options options;
  options.type = RD_KAFKA_CONSUMER;
  options.role = "consumer";
  if (!has_group) {
    options.overrides = {{"group.id", assign_only_group}, {"enable.auto.commit", "false"}};
  }
  auto handle = detail::create_client(config, options);
  if (!handle) return handle.err();
  // Route the handle's events (errors, logs when log.queue is set) to consumer poll().
  rd_kafka_poll_set_consumer(handle->get());
  return consumer(std::move(*handle), has_group);
}

consumer& consumer::operator=(consumer&& other) noexcept {
  if (this != &other) {
    close_and_destroy();
    handle_ = std::move(other.handle_);
    has_group_ = other.has_group_;
    closed_ = other.closed_;
  }
  return *this;
}

consumer::~consumer() { close_and_destroy(); }

void consumer::close_and_destroy() noexcept {
  if (!handle_) return;
  if (auto closed = close(); !closed) {
    log::warn("rdkafka {}: close failed: {}", name(), closed.err().describe());
  }
  handle_.reset();
}

result<void> consumer::assign(const std::vector<topic_partition_offset>& partitions) {
  partition_list_ptr list = to_list(partitions);
  if (rd_kafka_resp_err_t err = rd_kafka_assign(handle_.get(), list.get())) {
    return detail::kafka_error(err, "assign partitions");
  }
  return {};
}

result<void> consumer::unassign() {
  if (rd_kafka_resp_err_t err = rd_kafka_assign(handle_.get(), nullptr)) {
    return detail::kafka_error(err, "unassign partitions");
  }
  return {};
}

result<void> consumer::subscribe(const std::vector<std::string>& topics) {
  if (!has_group_) {
    return make_error(errc::invalid_argument, "subscribe needs group.id in the consumer config");
  }
  partition_list_ptr list(rd_kafka_topic_partition_list_new(static_cast<int>(topics.size())));
  for (const auto& topic : topics) {
    rd_kafka_topic_partition_list_add(list.get(), topic.c_str(), RD_KAFKA_PARTITION_UA);
  }
  if (rd_kafka_resp_err_t err = rd_kafka_subscribe(handle_.get(), list.get())) {
    return detail::kafka_error(err, "subscribe");
  }
  return {};
}

result<void> consumer::unsubscribe() {
  if (rd_kafka_resp_err_t err = rd_kafka_unsubscribe(handle_.get())) {
    return detail::kafka_error(err, "unsubscribe");
  }
  return {};
}

result<std::optional<message>> consumer::poll(std::chrono::milliseconds timeout) {
  rd_kafka_message_t* raw =
      rd_kafka_consumer_poll(handle_.get(), static_cast<int>(timeout.count()));
  if (raw == nullptr) return std::optional<message>();
  detail::message_ptr owned(raw);
  if (raw->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) return std::optional<message>();
  if (raw->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
    std::string context = raw->rkt != nullptr ? fmt::format("consume from {}[{}]",
                                                            rd_kafka_topic_name(raw->rkt),
                                                            raw->partition)
                                              : std::string("consume");
    return detail::kafka_error(raw->err, context, rd_kafka_message_errstr(raw));
  }
  return std::optional<message>(std::in_place, std::move(owned));
}

result<void> consumer::commit(const std::vector<topic_partition_offset>& offsets) {
  if (!has_group_) {
    return make_error(errc::invalid_argument, "commit needs group.id in the consumer config");
  }
  partition_list_ptr list = to_list(offsets);
  if (rd_kafka_resp_err_t err = rd_kafka_commit(handle_.get(), list.get(), 0)) {
    return detail::kafka_error(err, "commit offsets");
  }
  return first_partition_error(list.get(), "commit offset of");
}

result<watermarks> consumer::query_watermarks(std::string_view topic, std::int32_t partition,
                                              std::chrono::milliseconds timeout) {
  std::string name(topic);
  watermarks out;
  if (rd_kafka_resp_err_t err =
          rd_kafka_query_watermark_offsets(handle_.get(), name.c_str(), partition, &out.low,
                                           &out.high, static_cast<int>(timeout.count()))) {
    return detail::kafka_error(err, fmt::format("query watermarks of {}[{}]", name, partition));
  }
  return out;
}

result<std::int32_t> consumer::partition_count(std::string_view topic,
                                               std::chrono::milliseconds timeout) {
  std::string name(topic);
  std::string context = fmt::format("read metadata of topic '{}'", name);
  std::unique_ptr<rd_kafka_topic_t, topic_deleter> handle(
      rd_kafka_topic_new(handle_.get(), name.c_str(), nullptr));
  if (!handle) return detail::kafka_error(rd_kafka_last_error(), context);
  const rd_kafka_metadata_t* metadata = nullptr;
  if (rd_kafka_resp_err_t err = rd_kafka_metadata(handle_.get(), 0, handle.get(), &metadata,
                                                  static_cast<int>(timeout.count()))) {
    return detail::kafka_error(err, context);
  }
  std::unique_ptr<const rd_kafka_metadata_t, void (*)(const rd_kafka_metadata_t*)> owned(
      metadata, rd_kafka_metadata_destroy);
  if (metadata->topic_cnt != 1) {
    return make_error(errc::protocol_error, fmt::format("{}: {} topics in the answer", context,
                                                        metadata->topic_cnt));
  }
  const rd_kafka_metadata_topic_t& described = metadata->topics[0];
  if (described.err != RD_KAFKA_RESP_ERR_NO_ERROR) {
    return detail::kafka_error(described.err, context);
  }
  return described.partition_cnt;
}

result<void> consumer::close() {
  if (closed_) return {};
  closed_ = true;
  if (rd_kafka_resp_err_t err = rd_kafka_consumer_close(handle_.get())) {
    return detail::kafka_error(err, "close consumer");
  }
  return {};
}

std::string_view consumer::name() const { return detail::client_name(handle_.get()); }

}  // namespace copycat::rdkafka
