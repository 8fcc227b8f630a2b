#include "copycat/data/records.hpp"

#include <string>

namespace copycat {
namespace {

std::string optional_text(const std::optional<std::int64_t>& v) { return v ? std::to_string(*v) : "null"; }

std::string schema_text(const schema_ptr& s) { return s ? s->to_string() : "null"; }

std::string map_text(const source_map& m) {
    std::string out = "{";
    bool first = true;
    for (const auto& [k, v] : m) {
        out += (first ? "" : ", ") + k + "=" + v.to_string();
        first = false;
    }
    return out + "}";
}

std::string headers_text(const headers& hs) {
    std::string out = "ConnectHeaders(headers=";
    bool first = true;
    for (const auto& h : hs) {
        out += (first ? "" : ", ") + h.key + "=" + h.val.to_string();
        first = false;
    }
    return out + ")";
}

// The fields of ConnectRecord.toString, shared by both record kinds.
std::string common_text(const connect_record& r) {
    return "topic='" + r.topic +
           "', kafkaPartition=" + (r.kafka_partition ? std::to_string(*r.kafka_partition) : std::string("null")) +
           ", key=" + r.key.to_string() + ", keySchema=" + schema_text(r.key_schema) + ", value=" + r.val.to_string() +
           ", valueSchema=" + schema_text(r.value_schema) + ", timestamp=" + optional_text(r.timestamp) +
           ", headers=" + headers_text(r.hdrs);
}

}  // namespace

connect_record::connect_record(std::string topic_name, std::optional<std::int32_t> partition, schema_ptr key_schema_in,
                               value key_in, schema_ptr value_schema_in, value val_in,
                               std::optional<std::int64_t> timestamp_ms, headers headers_in)
    : topic(std::move(topic_name)),
      kafka_partition(partition),
      key_schema(std::move(key_schema_in)),
      key(std::move(key_in)),
      value_schema(std::move(value_schema_in)),
      val(std::move(val_in)),
      timestamp(timestamp_ms),
      hdrs(std::move(headers_in)) {}

connect_record::~connect_record() = default;

std::unique_ptr<connect_record> connect_record::clone() const { return std::make_unique<connect_record>(*this); }

std::string connect_record::to_string() const { return "ConnectRecord{" + common_text(*this) + "}"; }

bool connect_record::base_equals(const connect_record& other) const noexcept {
    return topic == other.topic && kafka_partition == other.kafka_partition &&
           schemas_equal(key_schema, other.key_schema) && key == other.key &&
           schemas_equal(value_schema, other.value_schema) && val == other.val && timestamp == other.timestamp &&
           hdrs == other.hdrs;
}

source_record::source_record(source_map partition_map, source_map offset_map, std::string topic_name,
                             std::optional<std::int32_t> partition, schema_ptr value_schema_in, value val_in)
    : source_record(std::move(partition_map), std::move(offset_map), std::move(topic_name), partition, nullptr, value(),
                    std::move(value_schema_in), std::move(val_in)) {}

source_record::source_record(source_map partition_map, source_map offset_map, std::string topic_name,
                             std::optional<std::int32_t> partition, schema_ptr key_schema_in, value key_in,
                             schema_ptr value_schema_in, value val_in, std::optional<std::int64_t> timestamp_ms,
                             headers headers_in)
    : connect_record(std::move(topic_name), partition, std::move(key_schema_in), std::move(key_in),
                     std::move(value_schema_in), std::move(val_in), timestamp_ms, std::move(headers_in)),
      source_partition(std::move(partition_map)),
      source_offset(std::move(offset_map)) {}

std::unique_ptr<connect_record> source_record::clone() const { return std::make_unique<source_record>(*this); }

std::string source_record::to_string() const {
    return "SourceRecord{sourcePartition=" + map_text(source_partition) + ", sourceOffset=" + map_text(source_offset) +
           "} ConnectRecord{" + common_text(*this) + "}";
}

bool operator==(const source_record& a, const source_record& b) noexcept {
    return a.base_equals(b) && a.source_partition == b.source_partition && a.source_offset == b.source_offset;
}

const char* timestamp_type_name(timestamp_type t) noexcept {
    switch (t) {
        case timestamp_type::create_time:
            return "CreateTime";
        case timestamp_type::log_append_time:
            return "LogAppendTime";
        case timestamp_type::no_timestamp_type:
            break;
    }
    return "NoTimestampType";
}

sink_record::sink_record(std::string topic_name, std::int32_t partition, schema_ptr key_schema_in, value key_in,
                         schema_ptr value_schema_in, value val_in, std::int64_t offset,
                         std::optional<std::int64_t> timestamp_ms, timestamp_type type, headers headers_in)
    : connect_record(topic_name, partition, std::move(key_schema_in), std::move(key_in), std::move(value_schema_in),
                     std::move(val_in), timestamp_ms, std::move(headers_in)),
      kafka_offset(offset),
      ts_type(type),
      original_topic(std::move(topic_name)),
      original_kafka_partition(partition),
      original_kafka_offset(offset) {}

std::unique_ptr<connect_record> sink_record::clone() const { return std::make_unique<sink_record>(*this); }

std::string sink_record::to_string() const {
    return "SinkRecord{kafkaOffset=" + std::to_string(kafka_offset) +
           ", timestampType=" + timestamp_type_name(ts_type) + ", originalTopic=" + original_topic +
           ", originalKafkaPartition=" + std::to_string(original_kafka_partition) +
           ", originalKafkaOffset=" + std::to_string(original_kafka_offset) + "} ConnectRecord{" + common_text(*this) +
           "}";
}

bool operator==(const sink_record& a, const sink_record& b) noexcept {
    return a.base_equals(b) && a.kafka_offset == b.kafka_offset && a.ts_type == b.ts_type &&
           a.original_topic == b.original_topic && a.original_kafka_partition == b.original_kafka_partition &&
           a.original_kafka_offset == b.original_kafka_offset;
}

}  // namespace copycat
