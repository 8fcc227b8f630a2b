#include "storage/storage_configs.hpp"

#include <charconv>
#include <utility>

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/range.hpp"
#include "copycat/config/string_validators.hpp"
#include "copycat/config/valid_string.hpp"
#include "copycat/errors.hpp"
#include "storage/time_path_format.hpp"

namespace copycat::storage {
namespace {

// Copycat's class names first (the defaults), then Confluent's, so that HDFS and S3 sink
// configurations move over unchanged.
const std::vector<std::pair<std::string, format_kind>>& format_classes() {
    static const std::vector<std::pair<std::string, format_kind>> classes = {
        {"io.copycat.connect.storage.format.json.JsonFormat", format_kind::json},
        {"io.copycat.connect.storage.format.bytearray.ByteArrayFormat", format_kind::bytes},
        {"io.copycat.connect.storage.format.string.StringFormat", format_kind::string},
        {"io.confluent.connect.s3.format.json.JsonFormat", format_kind::json},
        {"io.confluent.connect.hdfs.json.JsonFormat", format_kind::json},
        {"io.confluent.connect.s3.format.bytearray.ByteArrayFormat", format_kind::bytes},
        {"io.confluent.connect.hdfs.string.StringFormat", format_kind::string},
    };
    return classes;
}

// The partitioners by simple name; either package prefix names them.
enum class partitioner_class { default_, field, time_based, hourly, daily };
const std::vector<std::pair<std::string, partitioner_class>>& partitioner_names() {
    static const std::vector<std::pair<std::string, partitioner_class>> names = {
        {"DefaultPartitioner", partitioner_class::default_},     {"FieldPartitioner", partitioner_class::field},
        {"TimeBasedPartitioner", partitioner_class::time_based}, {"HourlyPartitioner", partitioner_class::hourly},
        {"DailyPartitioner", partitioner_class::daily},
    };
    return names;
}
constexpr std::string_view copycat_partitioner_package = "io.copycat.connect.storage.partitioner.";
constexpr std::string_view confluent_partitioner_package = "io.confluent.connect.storage.partitioner.";

std::vector<std::string> partitioner_classes() {
    std::vector<std::string> out;
    for (const auto& package : {copycat_partitioner_package, confluent_partitioner_package})
        for (const auto& [name, kind] : partitioner_names()) out.push_back(std::string(package) + name);
    return out;
}

// Confluent's extractor names: the short ones, or the nested classes of TimeBasedPartitioner.
extractor_kind parse_extractor(const std::string& name) {
    std::string_view simple = name;
    constexpr std::string_view nested = "io.confluent.connect.storage.partitioner.TimeBasedPartitioner$";
    if (simple.starts_with(nested)) simple.remove_prefix(nested.size());
    if (simple == "Wallclock") return extractor_kind::wallclock;
    if (simple == "Record") return extractor_kind::record;
    if (simple == "RecordField") return extractor_kind::record_field;
    throw setting_error(timestamp_extractor_config, "Invalid value " + name + " for configuration " +
                                                        std::string(timestamp_extractor_config) +
                                                        ": String must be one of: Wallclock, Record, RecordField");
}

std::vector<std::string> format_class_names() {
    std::vector<std::string> out;
    for (const auto& [name, kind] : format_classes()) out.push_back(name);
    return out;
}

// "file:///data/x" or "file:/data/x" -> "/data/x"; a plain path stays as it is.
std::string local_path(const std::string& url) {
    for (std::string_view scheme : {"file://", "file:"}) {
        if (url.starts_with(scheme)) return url.substr(scheme.size());
    }
    if (url.find("://") != std::string::npos)
        throw setting_error(store_url_config,
                            "Invalid value " + url + " for configuration " + std::string(store_url_config) +
                                ": only local (or mounted) directories are supported: a path or a file:// URL");
    return url;
}

std::int64_t digits_value(std::string_view digits, std::string_view timezone) {
    std::int64_t v = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size())
        throw config_error("Invalid time zone '" + std::string(timezone) + "'");
    return v;
}

}  // namespace

std::int64_t parse_utc_offset_ms(std::string_view timezone) {
    std::string_view rest = timezone;
    for (std::string_view prefix : {"UTC", "GMT", "Z"}) {
        if (rest.starts_with(prefix)) {
            rest.remove_prefix(prefix.size());
            break;
        }
    }
    if (rest.empty()) return 0;
    if (rest.front() != '+' && rest.front() != '-')
        throw config_error("Invalid time zone '" + std::string(timezone) +
                           "': use UTC or a fixed offset such as +02:00 (region names are not supported)");
    const std::int64_t sign = rest.front() == '-' ? -1 : 1;
    rest.remove_prefix(1);
    std::int64_t hours = 0;
    std::int64_t minutes = 0;
    if (const auto colon = rest.find(':'); colon != std::string_view::npos) {
        hours = digits_value(rest.substr(0, colon), timezone);
        minutes = digits_value(rest.substr(colon + 1), timezone);
    } else if (rest.size() == 4) {
        hours = digits_value(rest.substr(0, 2), timezone);
        minutes = digits_value(rest.substr(2), timezone);
    } else {
        hours = digits_value(rest, timezone);
    }
    if (hours > 18 || minutes > 59) throw config_error("Invalid time zone '" + std::string(timezone) + "'");
    return sign * (hours * 3'600'000 + minutes * 60'000);
}

const config_def& storage_config_def() {
    static const config_def def = [] {
        config_def d;
        d.define(std::string(store_url_config), config_type::string, no_default, non_empty_string::instance(),
                 importance::high,
                 "The directory files are written under: a path or a file:// URL on a local or mounted file system")
            .define(std::string(topics_dir_config), config_type::string, "topics", non_empty_string::instance(),
                    importance::high, "The directory below store.url that holds one directory per topic")
            .define(std::string(format_class_config), config_type::string, format_classes().front().first,
                    valid_string::in(format_class_names()), importance::high,
                    "How records are written: JsonFormat (one JSON value per line), ByteArrayFormat (raw bytes, "
                    "one value per line) or StringFormat (the value's text, one per line)")
            .define(std::string(flush_size_config), config_type::int_, no_default, range::at_least(1), importance::high,
                    "The number of records of a Kafka partition after which its files are committed")
            .define(std::string(rotate_interval_config), config_type::long_, -1L, importance::high,
                    "The time after which open files are committed even when flush.size was not reached; "
                    "-1 disables it")
            .define(std::string(partitioner_class_config), config_type::string,
                    std::string(copycat_partitioner_package) + "DefaultPartitioner",
                    valid_string::in(partitioner_classes()), importance::high,
                    "How records are spread over directories: by Kafka partition, by field or by time")
            .define(std::string(partition_field_config), config_type::list, "", importance::medium,
                    "FieldPartitioner: the value fields whose values name the directories")
            .define(std::string(path_format_config), config_type::string, "", importance::medium,
                    "TimeBasedPartitioner: the directory pattern, e.g. 'year'=YYYY/'month'=MM/'day'=dd/'hour'=HH")
            .define(std::string(partition_duration_config), config_type::long_, -1L, importance::medium,
                    "TimeBasedPartitioner: the length of a time partition in milliseconds")
            .define(std::string(locale_config), config_type::string, "", importance::medium,
                    "TimeBasedPartitioner: the locale of path.format (accepted for compatibility: only numeric "
                    "fields are supported, which read the same in every locale)")
            .define(std::string(timezone_config), config_type::string, "", importance::medium,
                    "TimeBasedPartitioner: UTC or a fixed offset such as +02:00")
            .define(std::string(timestamp_extractor_config), config_type::string, "Wallclock", importance::medium,
                    "TimeBasedPartitioner: Wallclock, Record (the Kafka timestamp) or RecordField")
            .define(std::string(timestamp_field_config), config_type::string, "timestamp", importance::medium,
                    "RecordField: the value field with the time (int64 milliseconds, Timestamp or Date)")
            .define(std::string(zero_pad_width_config), config_type::int_, 10, range::between(0, 19), importance::low,
                    "The width offsets in file names are zero-padded to")
            .define(std::string(null_values_config), config_type::string, "fail", valid_string::in({"fail", "ignore"}),
                    importance::low, "What to do with a record whose value is null: fail the task, or ignore it");
        return d;
    }();
    return def;
}

storage_settings parse_storage_settings(const std::map<std::string, std::string>& props) {
    const abstract_config config(storage_config_def(), props);
    storage_settings s;
    std::string root = local_path(config.get_string(store_url_config));
    const std::string& topics_dir = config.get_string(topics_dir_config);
    if (topics_dir.starts_with('/')) {
        root = topics_dir;  // an absolute topics.dir stands alone
    } else {
        if (!root.empty() && root.back() != '/') root += '/';
        root += topics_dir;
    }
    s.topics_root = root;
    for (const auto& [name, kind] : format_classes())
        if (name == config.get_string(format_class_config)) s.format = kind;
    s.flush_size = config.get_int(flush_size_config);
    s.rotate_interval_ms = config.get_long(rotate_interval_config);
    s.zero_pad_width = config.get_int(zero_pad_width_config);
    s.ignore_null_values = config.get_string(null_values_config) == "ignore";

    std::string_view partitioner = config.get_string(partitioner_class_config);
    partitioner.remove_prefix(partitioner.rfind('.') + 1);
    partitioner_class chosen = partitioner_class::default_;
    for (const auto& [name, kind] : partitioner_names())
        if (name == partitioner) chosen = kind;
    s.path_format = config.get_string(path_format_config);
    s.partition_duration_ms = config.get_long(partition_duration_config);
    switch (chosen) {
        case partitioner_class::default_:
            return s;
        case partitioner_class::field:
            s.partitioner = partitioner_kind::field;
            s.partition_fields = config.get_list(partition_field_config);
            if (s.partition_fields.empty())
                throw setting_error(partition_field_config,
                                    "FieldPartitioner needs " + std::string(partition_field_config));
            return s;
        case partitioner_class::hourly:
            s.path_format = "'year'=YYYY/'month'=MM/'day'=dd/'hour'=HH";
            s.partition_duration_ms = 3'600'000;
            break;
        case partitioner_class::daily:
            s.path_format = "'year'=YYYY/'month'=MM/'day'=dd";
            s.partition_duration_ms = 86'400'000;
            break;
        case partitioner_class::time_based:
            if (s.path_format.empty())
                throw setting_error(path_format_config,
                                    "TimeBasedPartitioner needs " + std::string(path_format_config));
            if (s.partition_duration_ms <= 0)
                throw setting_error(partition_duration_config,
                                    "TimeBasedPartitioner needs a positive " + std::string(partition_duration_config));
            break;
    }
    s.partitioner = partitioner_kind::time_based;
    try {
        (void)time_path_format(s.path_format);  // refuses what it cannot format
    } catch (const config_error& e) {
        throw setting_error(path_format_config, e.what());
    }
    // Confluent's time-based partitioners insist on both; so does Copycat, so that a
    // configuration valid here is valid there.
    if (config.get_string(locale_config).empty())
        throw setting_error(locale_config, "Time-based partitioners need " + std::string(locale_config));
    const std::string& timezone = config.get_string(timezone_config);
    if (timezone.empty())
        throw setting_error(timezone_config, "Time-based partitioners need " + std::string(timezone_config));
    try {
        s.utc_offset_ms = parse_utc_offset_ms(timezone);
    } catch (const config_error& e) {
        throw setting_error(timezone_config, e.what());
    }
    s.extractor = parse_extractor(config.get_string(timestamp_extractor_config));
    s.timestamp_field = config.get_string(timestamp_field_config);
    return s;
}

}  // namespace copycat::storage
