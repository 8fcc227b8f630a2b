// org.apache.kafka.connect.transforms.TimestampConverter$Key / $Value.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/data/struct_value.hpp"
#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"
#include "transforms/schema_cache.hpp"
#include "transforms/simple_date_format.hpp"
#include "transforms/timestamp_translation.hpp"

namespace copycat::transforms {

/// Converts a timestamp field ("field"), or the whole key or value when "field" is empty,
/// between "string" (a SimpleDateFormat "format", UTC), "unix" (a number in "unix.precision"),
/// and the Date, Time and Timestamp logical types ("target.type"). With a schema the source
/// kind comes from the schema; without one it is inferred from the value. Null values stay
/// null.
///
/// Configuration: "field" (default ""), "target.type" (required: string, unix, Date, Time,
/// Timestamp), "format" (required for string), "unix.precision" (seconds, milliseconds
/// (default), microseconds, nanoseconds), "replace.null.with.default" (default true).
class timestamp_converter final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.TimestampConverter$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.TimestampConverter$Value";

    static const config_def& definition();

    explicit timestamp_converter(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;
    void close() override { schema_updates_.clear(); }

private:
    value convert(const value& v, std::optional<timestamp_kind> source_kind) const;
    void apply_with_schema(connect_record& record);
    void apply_schemaless(connect_record& record);
    schema_ptr build_updated_schema(const schema& original) const;
    value convert_struct(const struct_value* original, const schema_ptr& updated_schema) const;

    record_part part_;
    std::string field_;
    timestamp_kind target_ = timestamp_kind::timestamp;
    std::optional<simple_date_format> format_;
    timestamp_translation translation_;
    bool replace_null_with_default_ = true;
    schema_cache schema_updates_;
};

}  // namespace copycat::transforms
