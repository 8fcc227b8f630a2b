#pragma once
// message: one consumed record, owning librdkafka's buffer (no copy of key, value or headers).

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "kafka/rdkafka/handle.hpp"
#include "kafka/rdkafka/types.hpp"

namespace copycat::rdkafka {

enum class timestamp_kind { none, create_time, log_append_time };

// A record returned by consumer::poll(). Move-only. Views it returns (topic, key, value,
// headers) stay valid while the message lives. A message must be destroyed before the consumer
// that returned it (librdkafka's handle waits for its messages when it is destroyed). It may
// be handed to and read from another thread.
class message {
public:
    explicit message(detail::message_ptr raw) : raw_(std::move(raw)) {}

    std::string_view topic() const;
    std::int32_t partition() const;
    std::int64_t offset() const;
    std::optional<std::string_view> key() const;    // nullopt: a null key
    std::optional<std::string_view> value() const;  // nullopt: a null value (tombstone)
    // All headers in record order; a key may repeat. Parsed on each call.
    std::vector<header_view> headers() const;
    // The last header with this key, as Kafka's Headers.lastHeader(); outer nullopt: no such key.
    std::optional<std::optional<std::string_view>> last_header(std::string_view key) const;
    std::int64_t timestamp_ms() const;  // -1 when the record has none
    timestamp_kind timestamp_type() const;

private:
    detail::message_ptr raw_;
};

}  // namespace copycat::rdkafka
