#include "transforms/requirements.hpp"

#include "copycat/errors.hpp"

namespace copycat::transforms {

std::string java_class_name(const value& v) {
    switch (v.kind()) {
        case value_kind::null:
            return "null";
        case value_kind::boolean:
            return "java.lang.Boolean";
        case value_kind::int8:
            return "java.lang.Byte";
        case value_kind::int16:
            return "java.lang.Short";
        case value_kind::int32:
            return "java.lang.Integer";
        case value_kind::int64:
            return "java.lang.Long";
        case value_kind::float32:
            return "java.lang.Float";
        case value_kind::float64:
            return "java.lang.Double";
        case value_kind::string:
            return "java.lang.String";
        case value_kind::bytes:
            return "[B";
        case value_kind::array:
            return "java.util.ArrayList";
        case value_kind::map:
            return "java.util.HashMap";
        case value_kind::struct_:
            return "org.apache.kafka.connect.data.Struct";
        case value_kind::decimal:
            return "java.math.BigDecimal";
        case value_kind::date:
        case value_kind::time:
        case value_kind::timestamp:
            return "java.util.Date";
    }
    return "java.lang.Object";
}

std::string java_class_text(const value& v) { return v.is_null() ? "null" : "class " + java_class_name(v); }

void require_schema(const schema_ptr& s, std::string_view purpose) {
    if (!s) {
        throw data_error("Schema required for [" + std::string(purpose) + "]");
    }
}

const value_map& require_map(const value& v, std::string_view purpose) {
    if (!v.is_map()) {
        throw data_error("Only Map objects supported in absence of schema for [" + std::string(purpose) +
                         "], found: " + java_class_name(v));
    }
    return v.as_map();
}

const struct_value& require_struct(const value& v, std::string_view purpose) {
    if (!v.is_struct()) {
        throw data_error("Only Struct objects supported for [" + std::string(purpose) +
                         "], found: " + java_class_name(v));
    }
    return v.as_struct();
}

const struct_value* require_struct_or_null(const value& v, std::string_view purpose) {
    return v.is_null() ? nullptr : &require_struct(v, purpose);
}

const value_map* require_map_or_null(const value& v, std::string_view purpose) {
    return v.is_null() ? nullptr : &require_map(v, purpose);
}

const sink_record& require_sink_record(const connect_record& record, std::string_view purpose) {
    const auto* sink = dynamic_cast<const sink_record*>(&record);
    if (sink == nullptr) {
        const char* found = dynamic_cast<const source_record*>(&record) != nullptr
                                ? "org.apache.kafka.connect.source.SourceRecord"
                                : "org.apache.kafka.connect.connector.ConnectRecord";
        throw data_error("Only SinkRecord supported for [" + std::string(purpose) + "], found: " + found);
    }
    return *sink;
}

}  // namespace copycat::transforms
