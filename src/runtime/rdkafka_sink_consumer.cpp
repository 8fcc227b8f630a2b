#include "runtime/rdkafka_sink_consumer.hpp"

#include <algorithm>
#include <utility>

#include "common/logging.hpp"

namespace copycat::runtime {
namespace {

using clock = std::chrono::steady_clock;

timestamp_type to_timestamp_type(rdkafka::timestamp_kind kind) {
    switch (kind) {
        case rdkafka::timestamp_kind::create_time:
            return timestamp_type::create_time;
        case rdkafka::timestamp_kind::log_append_time:
            return timestamp_type::log_append_time;
        case rdkafka::timestamp_kind::none:
            break;
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

std::vector<rdkafka::topic_partition> to_rdkafka(const std::vector<topic_partition>& partitions) {
    std::vector<rdkafka::topic_partition> out;
    out.reserve(partitions.size());
    for (const auto& tp : partitions) out.push_back({tp.topic, tp.partition});
    return out;
}

std::vector<topic_partition> from_rdkafka(const std::vector<rdkafka::topic_partition>& partitions) {
    std::vector<topic_partition> out;
    out.reserve(partitions.size());
    for (const auto& tp : partitions) out.push_back({tp.topic, tp.partition});
    return out;
}

std::string describe(const std::vector<topic_partition>& partitions) {
    std::string out;
    for (const auto& tp : partitions) out += (out.empty() ? "" : ", ") + tp.to_string();
    return "[" + out + "]";
}

}  // namespace

rdkafka_sink_consumer::~rdkafka_sink_consumer() {
    listener_ = nullptr;  // the final revocation in consumer_'s close must not reach the task
}

result<void> rdkafka_sink_consumer::subscribe(const std::vector<std::string>& topics, rebalance_listener& listener) {
    listener_ = &listener;
    return consumer_.subscribe(topics, bridge_);
}

result<std::vector<consumed_record>> rdkafka_sink_consumer::poll(std::chrono::milliseconds timeout,
                                                                 std::size_t max_records) {
    std::vector<consumed_record> out;
    if (closed_) return out;
    gathering_ = &out;
    const auto deadline = clock::now() + timeout;
    while (out.size() < max_records) {
        auto wait = out.empty() ? std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock::now())
                                : std::chrono::milliseconds(0);
        auto polled = consumer_.poll(std::max(wait, std::chrono::milliseconds(0)));
        if (!polled) {
            if (!out.empty()) break;
            gathering_ = nullptr;
            return polled.err();
        }
        if (!polled->has_value()) {
            // Nothing within the wait. A rebalance may have emptied the batch: wait on until the
            // deadline then.
            if (!out.empty() || clock::now() >= deadline) break;
            continue;
        }
        out.push_back(to_record(std::move(**polled)));
    }
    gathering_ = nullptr;
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
    auto assigned = consumer_.assignment();
    if (!assigned) {
        log::warn("{}: {}", consumer_.name(), assigned.err().describe());
        return {};
    }
    auto partitions = from_rdkafka(*assigned);
    return {partitions.begin(), partitions.end()};
}

std::optional<std::int64_t> rdkafka_sink_consumer::position(const topic_partition& partition) const {
    auto positions = consumer_.position({{partition.topic, partition.partition}});
    if (positions && positions->front().offset >= 0) return positions->front().offset;
    if (auto it = start_offsets_.find(partition); it != start_offsets_.end()) return it->second;
    return std::nullopt;
}

std::optional<std::int64_t> rdkafka_sink_consumer::end_offset(const topic_partition& partition) {
    if (paused_.count(partition)) {
        constexpr auto ask_timeout = std::chrono::milliseconds(500);
        auto asked = consumer_.query_watermarks(partition.topic, partition.partition, ask_timeout);
        if (!asked) return std::nullopt;
        return asked->high;
    }
    const auto high = consumer_.cached_high_watermark(partition.topic, partition.partition);
    if (high < 0) return std::nullopt;
    return high;
}

result<void> rdkafka_sink_consumer::seek(const topic_partition& partition, std::int64_t offset) {
    COPYCAT_TRY_VOID(consumer_.seek(partition.topic, partition.partition, offset));
    if (offset >= 0) {
        start_offsets_.insert_or_assign(partition, offset);
    } else {
        start_offsets_.erase(partition);  // a logical offset: known once a record arrives
    }
    return {};
}

result<void> rdkafka_sink_consumer::pause(const std::vector<topic_partition>& partitions) {
    if (partitions.empty()) return {};
    auto paused = consumer_.pause(to_rdkafka(partitions));
    if (paused) paused_.insert(partitions.begin(), partitions.end());
    return paused;
}

result<void> rdkafka_sink_consumer::resume(const std::vector<topic_partition>& partitions) {
    if (partitions.empty()) return {};
    for (const auto& tp : partitions) paused_.erase(tp);
    return consumer_.resume(to_rdkafka(partitions));
}

void rdkafka_sink_consumer::on_ready(std::function<void()> ready) {
    if (!closed_) consumer_.on_ready(std::move(ready));
}

void rdkafka_sink_consumer::close() {
    closed_ = true;
    if (auto closed = consumer_.close(); !closed) {  // waits for a close begun before
        log::warn("{}: close failed: {}", consumer_.name(), closed.err().describe());
    }
    start_offsets_.clear();
}

void rdkafka_sink_consumer::begin_close(std::function<void()> progress) {
    if (std::exchange(closed_, true)) return;
    if (auto begun = consumer_.begin_close(std::move(progress)); !begun) {
        log::warn("{}: close failed: {}", consumer_.name(), begun.err().describe());
    }
}

bool rdkafka_sink_consumer::close_finished() {
    if (!consumer_.close_finished()) return false;
    start_offsets_.clear();
    return true;
}

void rdkafka_sink_consumer::forget(const std::vector<topic_partition>& partitions) {
    for (const auto& tp : partitions) {
        start_offsets_.erase(tp);
        paused_.erase(tp);
    }
    if (gathering_ == nullptr) return;
    std::erase_if(*gathering_, [&](const consumed_record& r) {
        return std::find(partitions.begin(), partitions.end(), topic_partition{std::string(r.topic), r.partition}) !=
               partitions.end();
    });
}

void rdkafka_sink_consumer::bridge::on_partitions_assigned(const std::vector<rdkafka::topic_partition>& partitions) {
    const auto assigned = from_rdkafka(partitions);
    if (!partitions.empty()) {
        // librdkafka knows a partition's position only after consuming from it; the group's
        // committed offset is where it will start (unless the task seeks).
        auto committed = owner_.consumer_.committed(partitions, owner_.request_timeout_);
        if (committed) {
            for (const auto& c : *committed) {
                if (c.offset >= 0)
                    owner_.start_offsets_.insert_or_assign(topic_partition{c.topic, c.partition}, c.offset);
            }
        } else {
            log::warn("{}: could not read committed offsets of {}: {}", owner_.consumer_.name(), describe(assigned),
                      committed.err().describe());
        }
    }
    if (owner_.listener_ != nullptr) owner_.listener_->on_partitions_assigned(assigned);
}

void rdkafka_sink_consumer::bridge::on_partitions_revoked(const std::vector<rdkafka::topic_partition>& partitions) {
    const auto revoked = from_rdkafka(partitions);
    if (owner_.listener_ != nullptr) owner_.listener_->on_partitions_revoked(revoked);
    owner_.forget(revoked);
}

void rdkafka_sink_consumer::bridge::on_partitions_lost(const std::vector<rdkafka::topic_partition>& partitions) {
    const auto lost = from_rdkafka(partitions);
    if (owner_.listener_ != nullptr) owner_.listener_->on_partitions_lost(lost);
    owner_.forget(lost);
}

}  // namespace copycat::runtime
