#include "copycat/data/validate_value.hpp"

#include <string>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"

namespace copycat {
namespace {

// The value alternative a schema expects: the logical one when the schema is named like a
// logical type of the right primitive type, otherwise the one of the schema type.
value_kind expected_kind(const schema& s) noexcept {
    switch (s.type()) {
        case schema_type::int8:
            return value_kind::int8;
        case schema_type::int16:
            return value_kind::int16;
        case schema_type::int32:
            if (s.has_name(date_logical_name)) {
                return value_kind::date;
            }
            return s.has_name(time_logical_name) ? value_kind::time : value_kind::int32;
        case schema_type::int64:
            return s.has_name(timestamp_logical_name) ? value_kind::timestamp : value_kind::int64;
        case schema_type::float32:
            return value_kind::float32;
        case schema_type::float64:
            return value_kind::float64;
        case schema_type::boolean:
            return value_kind::boolean;
        case schema_type::string:
            return value_kind::string;
        case schema_type::bytes:
            return s.has_name(decimal_logical_name) ? value_kind::decimal : value_kind::bytes;
        case schema_type::array:
            return value_kind::array;
        case schema_type::map:
            return value_kind::map;
        case schema_type::struct_:
            return value_kind::struct_;
    }
    return value_kind::null;
}

std::string for_field(std::string_view field_name) {
    return field_name.empty() ? std::string() : " for field: \"" + std::string(field_name) + "\"";
}

}  // namespace

void validate_value(const schema& s, const value& v) { validate_value({}, s, v); }

void validate_value(std::string_view field_name, const schema& s, const value& v) {
    if (v.is_null()) {
        if (!s.is_optional()) {
            throw data_error("Invalid value: null used for required field: \"" + std::string(field_name) +
                             "\", schema type: " + std::string(schema_type_name(s.type())));
        }
        return;
    }
    const value_kind expected = expected_kind(s);
    if (v.kind() != expected) {
        throw data_error("Invalid value for schema" + (s.name() ? " \"" + *s.name() + "\"" : std::string()) +
                         " with type " + std::string(schema_type_name(s.type())) + ": expected " +
                         std::string(value_kind_name(expected)) + " but got " + std::string(value_kind_name(v.kind())) +
                         for_field(field_name));
    }
    switch (s.type()) {
        case schema_type::struct_: {
            const struct_value& st = v.as_struct();
            if (!(*st.schema() == s)) {
                throw data_error("Struct schemas do not match" + for_field(field_name) + ".");
            }
            st.validate();
            break;
        }
        case schema_type::array:
            for (const auto& element : v.as_array()) {
                validate_value(field_name, *s.value_schema(), element);
            }
            break;
        case schema_type::map:
            for (const auto& [k, item] : v.as_map()) {
                validate_value(field_name, *s.key_schema(), k);
                validate_value(field_name, *s.value_schema(), item);
            }
            break;
        default:
            break;
    }
}

bool is_valid_value(const schema& s, const value& v) noexcept {
    try {
        validate_value(s, v);
        return true;
    } catch (...) {
        return false;
    }
}

}  // namespace copycat
