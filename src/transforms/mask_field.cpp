#include "transforms/mask_field.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/string_validators.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "transforms/java_numbers.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/non_empty_list.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view purpose = "mask fields";

// A decimal in the scale of its schema when that is exact, as the Decimal logical type needs.
decimal in_scale_of(decimal d, const schema* field_schema) {
    if (field_schema != nullptr && field_schema->has_name(decimal_logical_name)) {
        try {
            return d.with_scale(decimal_scale(*field_schema));
        } catch (const data_error&) {}
    }
    return d;
}

value null_mask(const value& v, const schema* field_schema) {
    switch (v.kind()) {
        case value_kind::boolean:
            return false;
        case value_kind::int8:
            return std::int8_t{0};
        case value_kind::int16:
            return std::int16_t{0};
        case value_kind::int32:
            return std::int32_t{0};
        case value_kind::int64:
            return std::int64_t{0};
        case value_kind::float32:
            return 0.0F;
        case value_kind::float64:
            return 0.0;
        case value_kind::string:
            return std::string();
        case value_kind::decimal:
            return in_scale_of(decimal(0), field_schema);
        case value_kind::date:
            return date(0);
        case value_kind::time:
            return time_of_day(0);
        case value_kind::timestamp:
            return timestamp(0);
        case value_kind::array:
            return value_array{};
        case value_kind::map:
            return value_map{};
        default:
            throw data_error("Cannot mask value of type: " + java_class_text(v));
    }
}

std::int64_t replacement_long(const std::string& replacement) {
    const auto n = java_decimal_text_long_value(replacement);
    if (!n) {
        throw data_error("Unable to convert " + replacement + " (class java.lang.String) to a number");
    }
    return *n;
}

double replacement_double(const std::string& replacement) {
    const auto d = decimal::try_parse(replacement);
    if (!d) {
        throw data_error("Unable to convert " + replacement + " (class java.lang.String) to a number");
    }
    return d->to_double();
}

value custom_mask(const value& v, const std::string& replacement, const schema* field_schema) {
    switch (v.kind()) {
        case value_kind::int8:
            return static_cast<std::int8_t>(replacement_long(replacement));
        case value_kind::int16:
            return static_cast<std::int16_t>(replacement_long(replacement));
        case value_kind::int32:
            return static_cast<std::int32_t>(replacement_long(replacement));
        case value_kind::int64:
            return replacement_long(replacement);
        case value_kind::float32:
            return java_float_value(value(replacement_double(replacement)));
        case value_kind::float64:
            return replacement_double(replacement);
        case value_kind::string:
            return replacement;
        case value_kind::decimal: {
            const auto d = decimal::try_parse(replacement);
            if (!d) {
                throw data_error("Unable to convert " + replacement + " (class java.lang.String) to number");
            }
            return in_scale_of(*d, field_schema);
        }
        default:
            throw data_error("Cannot mask value of type " + java_class_text(v) + " with custom replacement.");
    }
}

}  // namespace

const config_def& mask_field::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("fields", config_type::list, no_default, non_empty_list(), importance::high,
                 "Names of fields to mask.")
            .define("replacement", config_type::string, nullptr, non_empty_string::instance(), importance::low,
                    "Custom value replacement, that will be applied to all 'fields' values (numeric or non-empty "
                    "string values only).")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return d;
    }();
    return def;
}

void mask_field::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    const config_list& fields = cfg.get_list("fields");
    fields_ = {fields.begin(), fields.end()};
    replacement_ =
        cfg.is_null("replacement") ? std::nullopt : std::optional<std::string>(cfg.get_string("replacement"));
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);
}

value mask_field::masked(const value& original, const schema* field_schema) const {
    if (original.is_null()) {
        return {};
    }
    return replacement_ ? custom_mask(original, *replacement_, field_schema) : null_mask(original, field_schema);
}

bool mask_field::apply(connect_record& record) {
    value& operating = operating_value(record, part_);
    if (!operating_schema(record, part_)) {
        value_map updated = require_map(operating, purpose);
        for (const std::string& name : fields_) {
            map_put(updated, name, masked(map_get(updated, name), nullptr));
        }
        operating = std::move(updated);
        return true;
    }
    const struct_value& original = require_struct(operating, purpose);
    struct_value updated(original.schema());
    for (const field& f : original.schema()->fields()) {
        const value& v = read_field(original, f.name, replace_null_with_default_);
        put_unless_null(updated, f.name, fields_.contains(f.name) ? masked(v, f.schema.get()) : v);
    }
    operating = std::move(updated);
    return true;
}

}  // namespace copycat::transforms
