// Records exchanged between the worker and plugins (Kafka: ConnectRecord, SourceRecord,
// SinkRecord).
//
// Records are plain structs with public members: copy, move and change them freely. The base
// has a virtual destructor so that code holding a connect_record& can dynamic_cast to the
// concrete kind. Schemas are compared structurally by operator==.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "copycat/api.hpp"
#include "copycat/data/headers.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

/// Fields common to source and sink records (Kafka: ConnectRecord).
struct COPYCAT_API connect_record {
    std::string topic;
    /// Kafka partition; nullopt lets the producer's partitioner choose (source records).
    std::optional<std::int32_t> kafka_partition;
    schema_ptr key_schema;
    value key;
    schema_ptr value_schema;
    value val;
    /// Milliseconds since the epoch; nullopt when the record has none.
    std::optional<std::int64_t> timestamp;
    headers hdrs;

    connect_record() = default;
    connect_record(std::string topic_name, std::optional<std::int32_t> partition, schema_ptr key_schema_in,
                   value key_in, schema_ptr value_schema_in, value val_in,
                   std::optional<std::int64_t> timestamp_ms = std::nullopt, headers headers_in = {});
    connect_record(const connect_record&) = default;
    connect_record(connect_record&&) noexcept = default;
    connect_record& operator=(const connect_record&) = default;
    connect_record& operator=(connect_record&&) noexcept = default;
    virtual ~connect_record();

    /// A heap copy of the most derived record.
    virtual std::unique_ptr<connect_record> clone() const;

    /// Readable description for logs, e.g. "SourceRecord{topic='t', kafkaPartition=0, ...}".
    virtual std::string to_string() const;

protected:
    bool base_equals(const connect_record& other) const noexcept;
};

/// Partition/offset maps of a source system (Kafka: Map<String, ?>): string keys, primitive
/// values (string, integers, floats, boolean, null).
using source_map = std::map<std::string, value>;

/// A record produced by a source task (Kafka: SourceRecord).
struct COPYCAT_API source_record : connect_record {
    /// Where in the source system the record comes from, e.g. {"filename": "/var/log/app.log"}.
    source_map source_partition;
    /// The position of the record within source_partition, e.g. {"position": 1024}.
    source_map source_offset;

    source_record() = default;
    /// Value-only record; partition chosen by the producer unless given.
    source_record(source_map partition_map, source_map offset_map, std::string topic_name,
                  std::optional<std::int32_t> partition, schema_ptr value_schema_in, value val_in);
    /// Keyed record with optional timestamp and headers.
    source_record(source_map partition_map, source_map offset_map, std::string topic_name,
                  std::optional<std::int32_t> partition, schema_ptr key_schema_in, value key_in,
                  schema_ptr value_schema_in, value val_in, std::optional<std::int64_t> timestamp_ms = std::nullopt,
                  headers headers_in = {});

    std::unique_ptr<connect_record> clone() const override;
    std::string to_string() const override;

    friend bool operator==(const source_record& a, const source_record& b) noexcept;
};

/// How the timestamp of a consumed record was set (Kafka: TimestampType).
enum class timestamp_type { no_timestamp_type, create_time, log_append_time };

/// Kafka's names: "NoTimestampType", "CreateTime", "LogAppendTime".
const char* timestamp_type_name(timestamp_type t) noexcept;

/// A record delivered to a sink task (Kafka: SinkRecord).
struct COPYCAT_API sink_record : connect_record {
    std::int64_t kafka_offset = 0;
    timestamp_type ts_type = timestamp_type::no_timestamp_type;
    /// Topic, partition and offset the record was consumed from, before any transformation
    /// (KIP-793). Use these, not topic/kafka_partition/kafka_offset, when reporting offsets.
    std::string original_topic;
    std::int32_t original_kafka_partition = 0;
    std::int64_t original_kafka_offset = 0;

    sink_record() = default;
    /// The original_* fields are set to topic_name, partition and offset.
    sink_record(std::string topic_name, std::int32_t partition, schema_ptr key_schema_in, value key_in,
                schema_ptr value_schema_in, value val_in, std::int64_t offset,
                std::optional<std::int64_t> timestamp_ms = std::nullopt,
                timestamp_type type = timestamp_type::no_timestamp_type, headers headers_in = {});

    std::unique_ptr<connect_record> clone() const override;
    std::string to_string() const override;

    friend bool operator==(const sink_record& a, const sink_record& b) noexcept;
};

}  // namespace copycat
