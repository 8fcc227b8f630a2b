#include "kafka/rdkafka/consumer.hpp"

#include <librdkafka/rdkafka.h>

#include <algorithm>
#include <memory>
#include <utility>

#include <fmt/format.h>

#include "common/logging.hpp"
#include "kafka/rdkafka/detail/client_factory.hpp"
#include "kafka/rdkafka/detail/consumer_group_state.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"
#include "kafka/rdkafka/detail/partition_list.hpp"

namespace copycat::rdkafka {

static_assert(offsets::beginning == RD_KAFKA_OFFSET_BEGINNING);
static_assert(offsets::end == RD_KAFKA_OFFSET_END);
static_assert(offsets::stored == RD_KAFKA_OFFSET_STORED);
static_assert(consumer::no_offset == RD_KAFKA_OFFSET_INVALID);

namespace {

using detail::contains;
using detail::partition_list_ptr;

// librdkafka's high-level consumer needs a group id even when it only assigns; this one is
// never joined and never committed to.
constexpr const char* assign_only_group = "copycat-assign-only";

// rd_kafka_seek_partitions() before 2.1.0 waits timeout_ms microseconds, not milliseconds
// (librdkafka #4230). Seeks are answered by librdkafka's own thread, so this only bounds a
// stuck instance.
int seek_wait_ms() {
    constexpr int wait_ms = 10000;
    return rd_kafka_version() < 0x020100ff ? wait_ms * 1000 : wait_ms;
}

struct topic_deleter {
    void operator()(rd_kafka_topic_t* topic) const noexcept { rd_kafka_topic_destroy(topic); }
};

void on_rebalance(rd_kafka_t* handle, rd_kafka_resp_err_t err, rd_kafka_topic_partition_list_t* partitions,
                  void* opaque) {
    static_cast<detail::consumer_group_state*>(opaque)->rebalance(handle, err, partitions);
}

void install_rebalance_callback(rd_kafka_conf_t* conf) { rd_kafka_conf_set_rebalance_cb(conf, on_rebalance); }

}  // namespace

result<consumer> consumer::create(const client_config& config) {
    bool has_group = config.contains("group.id");
    auto group = std::make_unique<detail::consumer_group_state>();
    detail::client_options options;
    options.type = RD_KAFKA_CONSUMER;
    options.role = "consumer";
    options.customize = install_rebalance_callback;
    options.opaque = group.get();
    if (!has_group) {
        options.overrides = {{"group.id", assign_only_group}, {"enable.auto.commit", "false"}};
    }
    COPYCAT_TRY(auto handle, detail::create_client(config, options));
    // Route the handle's events (errors, logs when log.queue is set) to consumer poll().
    rd_kafka_poll_set_consumer(handle.get());
    return consumer(std::move(group), std::move(handle), has_group);
}

consumer::consumer(std::unique_ptr<detail::consumer_group_state> group, detail::handle_ptr handle, bool has_group)
    : group_(std::move(group)),
      handle_(std::move(handle)),
      poll_queue_(rd_kafka_queue_get_consumer(handle_.get())),
      has_group_(has_group) {}


consumer::consumer(consumer&& other) noexcept = default;

consumer& consumer::operator=(consumer&& other) noexcept {
    if (this != &other) {
        close_and_destroy();
        group_ = std::move(other.group_);
        handle_ = std::move(other.handle_);
        poll_queue_ = std::move(other.poll_queue_);
        ready_ = std::move(other.ready_);
        closing_ = std::move(other.closing_);
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
    ready_.stop();
    handle_.reset();
    group_.reset();
}

result<void> consumer::assign(const std::vector<topic_partition_offset>& partitions) {
    group_->reset_assignment(handle_.get());
    partition_list_ptr list = detail::to_list(partitions);
    if (rd_kafka_resp_err_t err = rd_kafka_assign(handle_.get(), list.get())) {
        return detail::kafka_error(err, "assign partitions");
    }
    return {};
}

result<void> consumer::unassign() {
    group_->reset_assignment(handle_.get());
    if (rd_kafka_resp_err_t err = rd_kafka_assign(handle_.get(), nullptr)) {
        return detail::kafka_error(err, "unassign partitions");
    }
    return {};
}

result<void> consumer::subscribe(const std::vector<std::string>& topics) { return subscribe_with(topics, nullptr); }

result<void> consumer::subscribe(const std::vector<std::string>& topics, rebalance_listener& listener) {
    return subscribe_with(topics, &listener);
}

result<void> consumer::subscribe_with(const std::vector<std::string>& topics, rebalance_listener* listener) {
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
    group_->listener = listener;
    return {};
}

result<void> consumer::unsubscribe() {
    if (rd_kafka_resp_err_t err = rd_kafka_unsubscribe(handle_.get())) {
        return detail::kafka_error(err, "unsubscribe");
    }
    return {};
}

void consumer::retry_pending_seeks() {
    auto& pending = group_->pending_seeks;
    if (pending.empty()) return;
    std::vector<topic_partition_offset> wanted;
    for (const auto& [key, offset] : pending) wanted.push_back({key.first, key.second, offset});
    partition_list_ptr list = detail::to_list(wanted);
    if (rd_kafka_error_t* e = rd_kafka_seek_partitions(handle_.get(), list.get(), seek_wait_ms())) {
        log::warn("rdkafka {}: {}", name(), detail::take_kafka_error(e, "seek").describe());
        return;
    }
    for (int i = 0; i < list->cnt; ++i) {
        const rd_kafka_topic_partition_t& p = list->elems[i];
        if (p.err == RD_KAFKA_RESP_ERR__STATE) continue;  // fetch still not started
        if (p.err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            group_->note_failure(handle_.get(), detail::kafka_error(p.err, fmt::format("seek {}[{}] to {}", p.topic,
                                                                                       p.partition, p.offset)));
        }
        pending.erase({p.topic, p.partition});
    }
}

void consumer::wake() {
    if (poll_queue_) rd_kafka_queue_yield(poll_queue_.get());
}

void consumer::on_ready(std::function<void()> ready) {
    if (closed_) return ready_.stop();
    // None for a consumer that is not a group consumer: it has no consumer queue.
    ready_.start(detail::queue_ptr(rd_kafka_queue_get_consumer(handle_.get())), std::move(ready));
}

result<std::optional<message>> consumer::poll(std::chrono::milliseconds timeout) {
    if (auto failed = std::exchange(group_->failure, std::nullopt)) return std::move(*failed);
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        retry_pending_seeks();
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        rd_kafka_message_t* raw =
            rd_kafka_consumer_poll(handle_.get(), static_cast<int>(std::max<std::int64_t>(left.count(), 0)));
        if (raw == nullptr) {
            if (auto failed = std::exchange(group_->failure, std::nullopt)) return std::move(*failed);
            return std::optional<message>();
        }
        detail::message_ptr owned(raw);
        if (raw->err == RD_KAFKA_RESP_ERR__PARTITION_EOF) return std::optional<message>();
        if (raw->err != RD_KAFKA_RESP_ERR_NO_ERROR) {
            std::string context =
                raw->rkt != nullptr ? fmt::format("consume from {}[{}]", rd_kafka_topic_name(raw->rkt), raw->partition)
                                    : std::string("consume");
            return detail::kafka_error(raw->err, context, rd_kafka_message_errstr(raw));
        }
        // A record fetched before a seek that is still to be applied: the seek refetches it.
        const bool superseded = !group_->pending_seeks.empty() &&
                                group_->pending_seeks.contains({rd_kafka_topic_name(raw->rkt), raw->partition});
        if (!superseded) return std::optional<message>(std::in_place, std::move(owned));
        if (std::chrono::steady_clock::now() >= deadline) return std::optional<message>();
    }
}

result<void> consumer::commit(const std::vector<topic_partition_offset>& offsets) {
    if (!has_group_) {
        return make_error(errc::invalid_argument, "commit needs group.id in the consumer config");
    }
    partition_list_ptr list = detail::to_list(offsets);
    if (rd_kafka_resp_err_t err = rd_kafka_commit(handle_.get(), list.get(), 0)) {
        return detail::kafka_error(err, "commit offsets");
    }
    return detail::first_partition_error(list.get(), "commit offset of");
}

result<std::vector<topic_partition>> consumer::assignment() const {
    rd_kafka_topic_partition_list_t* raw = nullptr;
    if (rd_kafka_resp_err_t err = rd_kafka_assignment(handle_.get(), &raw)) {
        return detail::kafka_error(err, "read the assignment");
    }
    partition_list_ptr owned(raw);
    auto out = detail::partitions_of(raw);
    for (const auto& tp : detail::partitions_of(group_->assigning)) {
        if (!contains(raw, {tp.topic, tp.partition})) out.push_back(tp);
    }
    return out;
}

result<void> consumer::pause(const std::vector<topic_partition>& partitions) {
    std::vector<topic_partition> now;
    for (const auto& tp : partitions) {
        if (contains(group_->assigning, {tp.topic, tp.partition})) {
            group_->pause_after_assign.push_back(tp);
        } else {
            now.push_back(tp);
        }
    }
    if (now.empty()) return {};
    COPYCAT_TRY(auto assigned, assignment());
    for (const auto& tp : now) {
        if (std::find(assigned.begin(), assigned.end(), tp) == assigned.end()) {
            return make_error(errc::invalid_argument,
                              fmt::format("cannot pause {}[{}]: not assigned", tp.topic, tp.partition));
        }
    }
    partition_list_ptr list = detail::to_list(now);
    if (rd_kafka_resp_err_t err = rd_kafka_pause_partitions(handle_.get(), list.get())) {
        return detail::kafka_error(err, "pause partitions");
    }
    COPYCAT_TRY_VOID(detail::first_partition_error(list.get(), "pause"));
    for (const auto& tp : now) group_->paused.emplace(tp.topic, tp.partition);
    return {};
}

result<void> consumer::resume(const std::vector<topic_partition>& partitions) {
    std::vector<topic_partition> paused;
    for (const auto& tp : partitions) {
        std::erase(group_->pause_after_assign, tp);
        if (group_->paused.contains({tp.topic, tp.partition})) paused.push_back(tp);
    }
    // Resuming a partition that is not paused would restart its fetch from a stale offset
    // (librdkafka #4686), so only paused ones go to librdkafka.
    if (paused.empty()) return {};
    partition_list_ptr list = detail::to_list(paused);
    if (rd_kafka_resp_err_t err = rd_kafka_resume_partitions(handle_.get(), list.get())) {
        return detail::kafka_error(err, "resume partitions");
    }
    for (const auto& tp : paused) group_->paused.erase({tp.topic, tp.partition});
    return detail::first_partition_error(list.get(), "resume");
}

result<void> consumer::seek(std::string_view topic, std::int32_t partition, std::int64_t offset) {
    std::string name(topic);
    if (group_->assigning != nullptr) {
        if (auto* p = rd_kafka_topic_partition_list_find(group_->assigning, name.c_str(), partition)) {
            p->offset = offset;  // the start offset of the assignment being made
            return {};
        }
    }
    const std::string context = fmt::format("seek {}[{}] to {}", name, partition, offset);
    partition_list_ptr list = detail::to_list(std::vector<topic_partition_offset>{{name, partition, offset}});
    if (rd_kafka_error_t* e = rd_kafka_seek_partitions(handle_.get(), list.get(), seek_wait_ms())) {
        return detail::take_kafka_error(e, context);
    }
    const rd_kafka_resp_err_t err = list->elems[0].err;
    if (err == RD_KAFKA_RESP_ERR__STATE) {
        // Not fetching: either assigned and about to start, or not assigned at all.
        COPYCAT_TRY(auto assigned, assignment());
        if (std::find(assigned.begin(), assigned.end(), topic_partition{name, partition}) == assigned.end()) {
            return make_error(errc::invalid_argument, context + ": not assigned");
        }
        group_->pending_seeks.insert_or_assign({name, partition}, offset);
        return {};
    }
    if (err != RD_KAFKA_RESP_ERR_NO_ERROR) return detail::kafka_error(err, context);
    group_->pending_seeks.erase({name, partition});
    return {};
}

result<std::vector<topic_partition_offset>> consumer::position(const std::vector<topic_partition>& partitions) const {
    partition_list_ptr list = detail::to_list(partitions);
    if (rd_kafka_resp_err_t err = rd_kafka_position(handle_.get(), list.get())) {
        return detail::kafka_error(err, "read positions");
    }
    auto out = detail::offsets_of(list.get());
    for (int i = 0; i < list->cnt; ++i) {
        if (list->elems[i].err != RD_KAFKA_RESP_ERR_NO_ERROR) out[static_cast<std::size_t>(i)].offset = no_offset;
    }
    return out;
}

result<std::vector<topic_partition_offset>> consumer::committed(const std::vector<topic_partition>& partitions,
                                                                std::chrono::milliseconds timeout) const {
    partition_list_ptr list = detail::to_list(partitions);
    if (rd_kafka_resp_err_t err = rd_kafka_committed(handle_.get(), list.get(), static_cast<int>(timeout.count()))) {
        return detail::kafka_error(err, "read committed offsets");
    }
    COPYCAT_TRY_VOID(detail::first_partition_error(list.get(), "read committed offset of"));
    return detail::offsets_of(list.get());
}

std::int64_t consumer::cached_high_watermark(std::string_view topic, std::int32_t partition) const {
    std::string name(topic);
    std::int64_t low = no_offset;
    std::int64_t high = no_offset;
    if (rd_kafka_get_watermark_offsets(handle_.get(), name.c_str(), partition, &low, &high) !=
        RD_KAFKA_RESP_ERR_NO_ERROR)
        return no_offset;
    return high;
}

result<watermarks> consumer::query_watermarks(std::string_view topic, std::int32_t partition,
                                              std::chrono::milliseconds timeout) {
    std::string name(topic);
    watermarks out;
    if (rd_kafka_resp_err_t err = rd_kafka_query_watermark_offsets(handle_.get(), name.c_str(), partition, &out.low,
                                                                   &out.high, static_cast<int>(timeout.count()))) {
        return detail::kafka_error(err, fmt::format("query watermarks of {}[{}]", name, partition));
    }
    return out;
}

result<std::int32_t> consumer::partition_count(std::string_view topic, std::chrono::milliseconds timeout) {
    std::string name(topic);
    std::string context = fmt::format("read metadata of topic '{}'", name);
    std::unique_ptr<rd_kafka_topic_t, topic_deleter> handle(rd_kafka_topic_new(handle_.get(), name.c_str(), nullptr));
    if (!handle) return detail::kafka_error(rd_kafka_last_error(), context);
    const rd_kafka_metadata_t* metadata = nullptr;
    if (rd_kafka_resp_err_t err =
            rd_kafka_metadata(handle_.get(), 0, handle.get(), &metadata, static_cast<int>(timeout.count()))) {
        return detail::kafka_error(err, context);
    }
    std::unique_ptr<const rd_kafka_metadata_t, void (*)(const rd_kafka_metadata_t*)> owned(metadata,
                                                                                           rd_kafka_metadata_destroy);
    if (metadata->topic_cnt != 1) {
        return make_error(errc::protocol_error,
                          fmt::format("{}: {} topics in the answer", context, metadata->topic_cnt));
    }
    const rd_kafka_metadata_topic_t& described = metadata->topics[0];
    if (described.err != RD_KAFKA_RESP_ERR_NO_ERROR) {
        return detail::kafka_error(described.err, context);
    }
    return described.partition_cnt;
}

// rd_kafka_consumer_close() is this in one call; here the steps are served by serve_close() for
// both forms, close() waiting in it.
result<void> consumer::close() {
    if (!closed_) COPYCAT_TRY_VOID(begin_close({}));
    while (!serve_close(std::chrono::milliseconds(100))) {
    }
    return {};
}

result<void> consumer::begin_close(std::function<void()> progress) {
    if (closed_) return {};
    closed_ = true;
    poll_queue_.reset();
    ready_.stop();  // librdkafka: the consumer queue's references go before the close
    // The queue is this object's: librdkafka forwards the consumer queue (the final rebalance,
    // records not polled) to it and posts the end of the close there.
    closing_.start(detail::queue_ptr(rd_kafka_queue_new(handle_.get())),
                   progress ? std::move(progress) : std::function<void()>([] {}));
    if (rd_kafka_error_t* error = rd_kafka_consumer_close_queue(handle_.get(), closing_.queue())) {
        closing_.stop();
        group_->listener = nullptr;
        return detail::take_kafka_error(error, "close consumer");
    }
    return {};
}

bool consumer::close_finished() { return serve_close(std::chrono::milliseconds(0)); }

bool consumer::serve_close(std::chrono::milliseconds wait) {
    if (closing_.queue() == nullptr) return true;
    // The close queue also gets the records fetched but not polled (librdkafka forwards the
    // consumer queue to it), which no callback serves: events, not rd_kafka_queue_poll_callback()
    // (it aborts on an op no callback takes). The final revocation runs the rebalance callback's
    // work here; the rest (records, errors) goes, as in rd_kafka_consumer_close(); the close's
    // last op only wakes.
    int timeout_ms = static_cast<int>(wait.count());
    while (rd_kafka_event_t* event = rd_kafka_queue_poll(closing_.queue(), timeout_ms)) {
        if (rd_kafka_event_type(event) == RD_KAFKA_EVENT_REBALANCE)
            group_->rebalance(handle_.get(), rd_kafka_event_error(event), rd_kafka_event_topic_partition_list(event));
        rd_kafka_event_destroy(event);
        timeout_ms = 0;
    }
    if (rd_kafka_consumer_closed(handle_.get()) == 0) return false;
    closing_.stop();  // librdkafka: the queue goes before the handle
    group_->listener = nullptr;
    return true;
}

std::string_view consumer::name() const { return detail::client_name(handle_.get()); }

}  // namespace copycat::rdkafka
