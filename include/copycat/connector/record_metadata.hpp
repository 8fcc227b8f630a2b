// Where the producer wrote a source record (Kafka: org.apache.kafka.clients.producer.RecordMetadata).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace copycat {

/// The topic, partition and offset a source record was written to, as acknowledged by Kafka.
struct record_metadata {
    std::string topic;
    std::int32_t partition = 0;
    std::int64_t offset = 0;
    /// The record's timestamp in milliseconds since the epoch, when known.
    std::optional<std::int64_t> timestamp;

    friend bool operator==(const record_metadata&, const record_metadata&) = default;
};

}  // namespace copycat
