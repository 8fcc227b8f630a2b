#include "converters/json_value_encoder.hpp"

#include <cmath>

#include "copycat/data/base64.hpp"
#include "copycat/data/java_number_text.hpp"
#include "converters/java_text.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {
namespace {

[[noreturn]] void invalid_type(const schema* s, const value& v) {
    const std::string type = s != nullptr ? std::string(schema_type_name(s->type())) : "unknown schema";
    throw data_error("Invalid type for " + type + ": " + std::string(java_class_of(v.kind())));
}

[[noreturn]] void invalid_logical(std::string_view logical, std::string_view expected, const value& v) {
    throw data_error("Invalid type for " + std::string(logical) + ", expected " + std::string(expected) + " but was " +
                     std::string(java_class_of(v.kind())));
}

}  // namespace

void json_value_encoder::write(json::writer& w, const schema* s, const value& v) {
    if (v.is_null()) {
        if (s == nullptr) {
            w.null();
            return;
        }
        if (!s->default_value().is_null() && options_.replace_null_with_default) {
            write(w, s, s->default_value());
            return;
        }
        if (s->is_optional()) {
            w.null();
            return;
        }
        throw data_error("Conversion error: null value for field that is required and has no default value");
    }
    if (s == nullptr) {
        write_schemaless(w, v);
        return;
    }
    if (const logical_kind kind = logical_kind_of(*s); kind != logical_kind::none) {
        write_logical(w, *s, kind, v);
        return;
    }
    const value_kind k = v.kind();
    const auto require = [&](value_kind expected) {
        if (k != expected) {
            invalid_type(s, v);
        }
    };
    switch (s->type()) {
        case schema_type::int8:
            require(value_kind::int8);
            w.int64(v.as_int8());
            return;
        case schema_type::int16:
            require(value_kind::int16);
            w.int64(v.as_int16());
            return;
        case schema_type::int32:
            require(value_kind::int32);
            w.int64(v.as_int32());
            return;
        case schema_type::int64:
            require(value_kind::int64);
            w.int64(v.as_int64());
            return;
        case schema_type::float32:
            require(value_kind::float32);
            write_float32(w, v.as_float32());
            return;
        case schema_type::float64:
            require(value_kind::float64);
            write_float64(w, v.as_float64());
            return;
        case schema_type::boolean:
            require(value_kind::boolean);
            w.boolean(v.as_bool());
            return;
        case schema_type::string:
            require(value_kind::string);
            w.string(v.as_string());
            return;
        case schema_type::bytes:
            if (k != value_kind::bytes) {
                throw data_error("Invalid type for bytes type: " + std::string(java_class_of(k)));
            }
            write_bytes(w, v.as_bytes());
            return;
        case schema_type::array:
            require(value_kind::array);
            write_array(w, s->value_schema().get(), v.as_array());
            return;
        case schema_type::map:
            require(value_kind::map);
            write_map(w, s, v.as_map());
            return;
        case schema_type::struct_:
            require(value_kind::struct_);
            write_struct(w, *s, v);
            return;
    }
    throw data_error("Couldn't convert " + v.to_string() + " to JSON.");
}

void json_value_encoder::write_schemaless(json::writer& w, const value& v) {
    switch (v.kind()) {
        case value_kind::null:
            w.null();
            return;
        case value_kind::boolean:
            w.boolean(v.as_bool());
            return;
        case value_kind::int8:
            w.int64(v.as_int8());
            return;
        case value_kind::int16:
            w.int64(v.as_int16());
            return;
        case value_kind::int32:
            w.int64(v.as_int32());
            return;
        case value_kind::int64:
            w.int64(v.as_int64());
            return;
        case value_kind::float32:
            write_float32(w, v.as_float32());
            return;
        case value_kind::float64:
            write_float64(w, v.as_float64());
            return;
        case value_kind::string:
            w.string(v.as_string());
            return;
        case value_kind::bytes:
            write_bytes(w, v.as_bytes());
            return;
        case value_kind::array:
            write_array(w, nullptr, v.as_array());
            return;
        case value_kind::map:
            write_map(w, nullptr, v.as_map());
            return;
        case value_kind::struct_:
            throw data_error("Mismatching schema.");
        case value_kind::decimal:
        case value_kind::date:
        case value_kind::time:
        case value_kind::timestamp:
            throw data_error("Java class " + std::string(java_class_of(v.kind())) +
                             " does not have corresponding schema type.");
    }
}

void json_value_encoder::write_logical(json::writer& w, const schema& s, logical_kind kind, const value& v) {
    switch (kind) {
        case logical_kind::decimal: {
            if (!v.is_decimal()) {
                invalid_logical("Decimal", "BigDecimal", v);
            }
            if (options_.decimals == decimal_format::numeric) {
                w.raw_number(java_decimal_text(v.as_decimal()));
            } else {
                write_bytes(w, decimal_to_bytes(s, v.as_decimal()));
            }
            return;
        }
        case logical_kind::date:
            if (!v.is_date()) {
                invalid_logical("Date", "Date", v);
            }
            w.int64(date_to_int32(s, v.as_date()));
            return;
        case logical_kind::time:
            if (!v.is_time()) {
                invalid_logical("Time", "Date", v);
            }
            w.int64(time_to_int32(s, v.as_time()));
            return;
        case logical_kind::timestamp:
            if (!v.is_timestamp()) {
                invalid_logical("Timestamp", "Date", v);
            }
            w.int64(timestamp_to_int64(s, v.as_timestamp()));
            return;
        case logical_kind::none:
            break;
    }
}

void json_value_encoder::write_float32(json::writer& w, float f) {
    scratch_.clear();
    append_java_float_text(scratch_, f);
    if (std::isfinite(f)) {
        w.raw_number(scratch_);
    } else {
        w.string(scratch_);  // Jackson quotes NaN and the infinities
    }
}

void json_value_encoder::write_float64(json::writer& w, double d) {
    scratch_.clear();
    append_java_double_text(scratch_, d);
    if (std::isfinite(d)) {
        w.raw_number(scratch_);
    } else {
        w.string(scratch_);
    }
}

void json_value_encoder::write_bytes(json::writer& w, bytes_view b) {
    scratch_.clear();
    append_base64(scratch_, b);
    w.string(scratch_);
}

void json_value_encoder::write_array(json::writer& w, const schema* element_schema, const value_array& a) {
    w.start_array();
    for (const value& element : a) {
        write(w, element_schema, element);
    }
    w.end_array();
}

void json_value_encoder::write_map(json::writer& w, const schema* s, const value_map& m) {
    bool object_mode = true;
    if (s != nullptr) {
        object_mode = s->key_schema()->type() == schema_type::string;
    } else {
        for (const auto& entry : m) {
            if (!entry.first.is_string()) {
                object_mode = false;
                break;
            }
        }
    }
    const schema* key_schema = s != nullptr ? s->key_schema().get() : nullptr;
    const schema* value_schema = s != nullptr ? s->value_schema().get() : nullptr;
    if (object_mode) {
        w.start_object();
        for (const auto& [k, item] : m) {
            if (k.is_string()) {
                w.key(k.as_string());
            } else {
                // A null key of an optional STRING key schema: Jackson's NullNode.asText().
                json::writer key_writer;
                write(key_writer, key_schema, k);
                w.key(key_writer.view());
            }
            write(w, value_schema, item);
        }
        w.end_object();
        return;
    }
    w.start_array();
    for (const auto& [k, item] : m) {
        w.start_array();
        write(w, key_schema, k);
        write(w, value_schema, item);
        w.end_array();
    }
    w.end_array();
}

void json_value_encoder::write_struct(json::writer& w, const schema& s, const value& v) {
    const struct_value& st = v.as_struct();
    if (st.schema().get() != &s && !(*st.schema() == s)) {
        throw data_error("Mismatching schema.");
    }
    w.start_object();
    for (const field& f : st.schema()->fields()) {
        w.key(f.name);
        write(w, f.schema.get(), options_.replace_null_with_default ? st.get(f) : st.get_without_default(f));
    }
    w.end_object();
}

}  // namespace copycat::converters
