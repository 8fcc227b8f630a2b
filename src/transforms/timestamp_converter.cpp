#include "transforms/timestamp_converter.hpp"

#include <stdexcept>

#include "common/strings.hpp"
#include "copycat/config/abstract_config.hpp"
#include "copycat/config/valid_string.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view purpose = "converting timestamp formats";

// Kafka's Utils.isBlank: empty after String.trim().
bool is_blank(std::string_view s) noexcept { return trim(s).empty(); }

}  // namespace

const config_def& timestamp_converter::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("field", config_type::string, "", importance::high,
                 "The field containing the timestamp, or empty if the entire value is a timestamp")
            .define("target.type", config_type::string, no_default,
                    valid_string::in({"string", "unix", "Date", "Time", "Timestamp"}), importance::high,
                    "The desired timestamp representation: string, unix, Date, Time, or Timestamp")
            .define("format", config_type::string, "", importance::medium,
                    "A SimpleDateFormat-compatible format for the timestamp. Used to generate the output when "
                    "type=string or used to parse the input if the input is a string.")
            .define("unix.precision", config_type::string, "milliseconds",
                    valid_string::in({"nanoseconds", "microseconds", "milliseconds", "seconds"}), importance::low,
                    "The desired Unix precision for the timestamp: seconds, milliseconds, microseconds, or "
                    "nanoseconds. Used to generate the output when type=unix or used to parse the input if the input "
                    "is a Long.Note: This SMT will cause precision loss during conversions from, and to, values with "
                    "sub-millisecond components.")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return d;
    }();
    return def;
}

void timestamp_converter::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    field_ = cfg.get_string("field");
    target_ = *parse_timestamp_kind(cfg.get_string("target.type"));
    const std::string& pattern = cfg.get_string("format");
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);
    if (target_ == timestamp_kind::string && is_blank(pattern)) {
        throw config_error("TimestampConverter requires format option to be specified when using string timestamps");
    }
    format_.reset();
    if (!is_blank(pattern)) {
        try {
            format_.emplace(pattern);
        } catch (const std::invalid_argument&) {
            throw config_error(
                "TimestampConverter requires a SimpleDateFormat-compatible pattern for string timestamps: " + pattern);
        }
    }
    translation_ = {format_ ? &*format_ : nullptr, *parse_unix_precision(cfg.get_string("unix.precision"))};
    schema_updates_.clear();
}

value timestamp_converter::convert(const value& v, std::optional<timestamp_kind> source_kind) const {
    if (v.is_null()) {
        return {};
    }
    const timestamp_kind source = source_kind ? *source_kind : infer_timestamp_kind(v);
    return translation_.from_millis(target_, translation_.to_millis(source, v));
}

bool timestamp_converter::apply(connect_record& record) {
    if (!operating_schema(record, part_)) {
        apply_schemaless(record);
    } else {
        apply_with_schema(record);
    }
    return true;
}

void timestamp_converter::apply_with_schema(connect_record& record) {
    schema_ptr& schema = operating_schema(record, part_);
    value& operating = operating_value(record, part_);
    if (field_.empty()) {
        const timestamp_kind source = timestamp_kind_of(*schema);
        operating = convert(operating, source);
        schema = timestamp_kind_schema(target_, schema->is_optional());
        return;
    }
    const struct_value* original = require_struct_or_null(operating, purpose);
    const schema_ptr updated_schema =
        schema_updates_.get_or_build(schema, [this](const schema_ptr& s) { return build_updated_schema(*s); });
    operating = convert_struct(original, updated_schema);
    schema = updated_schema;
}

schema_ptr timestamp_converter::build_updated_schema(const schema& original) const {
    schema_builder builder = schema_builder::struct_();
    copy_schema_basics(original, builder);
    for (const field& f : original.fields()) {
        builder.field(f.name, f.name == field_ ? timestamp_kind_schema(target_, f.schema->is_optional()) : f.schema);
    }
    if (original.is_optional()) {
        builder.optional();
    }
    if (original.default_value().is_struct()) {
        builder.default_value(convert_struct(&original.default_value().as_struct(), builder.build()));
    }
    return builder.build();
}

value timestamp_converter::convert_struct(const struct_value* original, const schema_ptr& updated_schema) const {
    if (original == nullptr) {
        return {};
    }
    struct_value updated(updated_schema);
    for (const field& f : original->schema()->fields()) {
        const value& v = read_field(*original, f.name, replace_null_with_default_);
        put_unless_null(updated, f.name, f.name == field_ ? convert(v, timestamp_kind_of(*f.schema)) : v);
    }
    return updated;
}

void timestamp_converter::apply_schemaless(connect_record& record) {
    value& operating = operating_value(record, part_);
    if (operating.is_null() || field_.empty()) {
        operating = convert(operating, std::nullopt);
        return;
    }
    value_map updated = require_map(operating, purpose);
    map_put(updated, field_, convert(map_get(updated, field_), std::nullopt));
    operating = std::move(updated);
}

}  // namespace copycat::transforms
