#include "kafka/rdkafka/message.hpp"

#include <librdkafka/rdkafka.h>

namespace copycat::rdkafka {
namespace {

std::optional<std::string_view> bytes(const void* data, size_t size) {
    if (data == nullptr) return std::nullopt;
    return std::string_view(static_cast<const char*>(data), size);
}

}  // namespace

std::string_view message::topic() const { return rd_kafka_topic_name(raw_->rkt); }

std::int32_t message::partition() const { return raw_->partition; }

std::int64_t message::offset() const { return raw_->offset; }

std::optional<std::string_view> message::key() const { return bytes(raw_->key, raw_->key_len); }

std::optional<std::string_view> message::value() const { return bytes(raw_->payload, raw_->len); }

std::vector<header_view> message::headers() const {
    std::vector<header_view> out;
    rd_kafka_headers_t* parsed = nullptr;  // owned by the message
    if (rd_kafka_message_headers(raw_.get(), &parsed) != RD_KAFKA_RESP_ERR_NO_ERROR) return out;
    const char* name = nullptr;
    const void* value = nullptr;
    size_t size = 0;
    for (size_t i = 0; rd_kafka_header_get_all(parsed, i, &name, &value, &size) == RD_KAFKA_RESP_ERR_NO_ERROR; ++i) {
        out.push_back({name, bytes(value, size)});
    }
    return out;
}

std::optional<std::optional<std::string_view>> message::last_header(std::string_view key) const {
    std::optional<std::optional<std::string_view>> found;
    for (const auto& h : headers()) {
        if (h.key == key) found = h.value;
    }
    return found;
}

std::int64_t message::timestamp_ms() const {
    rd_kafka_timestamp_type_t type = RD_KAFKA_TIMESTAMP_NOT_AVAILABLE;
    return rd_kafka_message_timestamp(raw_.get(), &type);
}

timestamp_kind message::timestamp_type() const {
    rd_kafka_timestamp_type_t type = RD_KAFKA_TIMESTAMP_NOT_AVAILABLE;
    rd_kafka_message_timestamp(raw_.get(), &type);
    switch (type) {
        case RD_KAFKA_TIMESTAMP_CREATE_TIME:
            return timestamp_kind::create_time;
        case RD_KAFKA_TIMESTAMP_LOG_APPEND_TIME:
            return timestamp_kind::log_append_time;
        default:
            return timestamp_kind::none;
    }
}

}  // namespace copycat::rdkafka
