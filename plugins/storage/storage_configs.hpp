// The configuration of PartitionedFileSink: the keys of Confluent's HDFS and S3 sink connectors
// that apply to a local (or mounted) file system, parsed into one settings value that the
// connector checks at start and each task reads.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/config/config_def.hpp"
#include "copycat/errors.hpp"

namespace copycat::storage {

/// The version reported by the connector and its tasks.
inline constexpr const char* plugin_version = "1.0.0";

inline constexpr std::string_view store_url_config = "store.url";
inline constexpr std::string_view topics_dir_config = "topics.dir";
inline constexpr std::string_view format_class_config = "format.class";
inline constexpr std::string_view flush_size_config = "flush.size";
inline constexpr std::string_view rotate_interval_config = "rotate.interval.ms";
inline constexpr std::string_view partitioner_class_config = "partitioner.class";
inline constexpr std::string_view partition_field_config = "partition.field.name";
inline constexpr std::string_view path_format_config = "path.format";
inline constexpr std::string_view partition_duration_config = "partition.duration.ms";
inline constexpr std::string_view locale_config = "locale";
inline constexpr std::string_view timezone_config = "timezone";
inline constexpr std::string_view timestamp_extractor_config = "timestamp.extractor";
inline constexpr std::string_view timestamp_field_config = "timestamp.field";
inline constexpr std::string_view zero_pad_width_config = "filename.offset.zero.pad.width";
inline constexpr std::string_view null_values_config = "behavior.on.null.values";

/// How records become file contents (format.class).
enum class format_kind { json, bytes, string };
/// How a record's directory below <topics.dir>/<topic>/ is chosen (partitioner.class).
enum class partitioner_kind { kafka_partition, field, time_based };
/// Where the time of a time-based partition comes from (timestamp.extractor).
enum class extractor_kind { wallclock, record, record_field };

/// Everything a task needs, checked together (including the rules that span keys).
struct storage_settings {
    std::string topics_root;  // <store.url>/<topics.dir>, a plain path
    format_kind format = format_kind::json;
    std::int32_t flush_size = 1;
    std::int64_t rotate_interval_ms = -1;  // <= 0: off
    partitioner_kind partitioner = partitioner_kind::kafka_partition;
    std::vector<std::string> partition_fields;
    std::string path_format;
    std::int64_t partition_duration_ms = -1;
    std::int64_t utc_offset_ms = 0;  // the fixed offset the timezone names
    extractor_kind extractor = extractor_kind::wallclock;
    std::string timestamp_field;
    int zero_pad_width = 10;
    bool ignore_null_values = false;
};

/// A configuration error that belongs to one key (rules that span keys included), so that
/// validation can report it on that key.
class setting_error : public config_error {
public:
    setting_error(std::string_view key, const std::string& message) : config_error(message), key_(key) {}
    const std::string& key() const noexcept { return key_; }

private:
    std::string key_;
};

/// The definition of the connector's keys (types, defaults, single-key validators).
const config_def& storage_config_def();

/// Parses and checks a connector or task configuration; throws config_error (setting_error for
/// the rules beyond single keys) naming the key.
storage_settings parse_storage_settings(const std::map<std::string, std::string>& props);

/// The offset of a time zone given as "UTC", "GMT", "Z", or a fixed offset "+HH:MM", "-HHMM",
/// "UTC+HH:MM", "GMT-H"; throws config_error for anything else (region names such as
/// "Europe/Paris" are not supported).
std::int64_t parse_utc_offset_ms(std::string_view timezone);

}  // namespace copycat::storage
