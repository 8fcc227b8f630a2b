#include "converters/json_value_decoder.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "copycat/data/base64.hpp"
#include "converters/java_float_cast.hpp"
#include "copycat/data/java_number_text.hpp"
#include "copycat/data/decimal.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {
namespace {

[[noreturn]] void wrong_node(const schema& s, std::string_view expected, const json::value& node) {
    throw data_error(std::string(schema_type_name(s.type())) + " values should be encoded as " + std::string(expected) +
                     ", but found " + std::string(json_node_type_name(&node)));
}

// Jackson's JsonNode.longValue(): integers keep their low 64 bits (as BigInteger.longValue),
// other numbers are truncated toward zero.
std::int64_t long_value(const json::value& node) {
    if (node.type() == json::kind::int64 || node.type() == json::kind::uint64) {
        return node.as_int64();
    }
    const double d = node.as_double();
    constexpr double limit = 9223372036854775808.0;  // 2^63
    if (!(d >= -limit && d < limit)) {
        throw data_error("Numeric value (" + java_double_text(d) +
                         ") out of range of long (-9223372036854775808 - 9223372036854775807)");
    }
    return static_cast<std::int64_t>(std::trunc(d));
}

std::int64_t integer_of(const schema& s, const json::value& node) {
    if (!node.is_number()) {
        wrong_node(s, "JSON numbers", node);
    }
    return long_value(node);
}

// A float schema also accepts the strings Jackson writes for NaN and the infinities.
double floating_of(const schema& s, const json::value& node) {
    if (node.is_number()) {
        return node.as_double();
    }
    if (node.is_string()) {
        const std::string& text = node.as_string();
        if (text == "NaN") {
            return std::numeric_limits<double>::quiet_NaN();
        }
        if (text == "Infinity" || text == "-Infinity") {
            return text[0] == '-' ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
        }
    }
    wrong_node(s, "JSON numbers", node);
}

bool is_int(const json::value& node) noexcept {
    return node.type() == json::kind::int64 && node.as_int64() >= std::numeric_limits<std::int32_t>::min() &&
           node.as_int64() <= std::numeric_limits<std::int32_t>::max();
}

}  // namespace

const json::value* find_member(const json::value& object, std::string_view key) noexcept {
    if (!object.is_object()) {
        return nullptr;
    }
    const auto& members = object.as_object();
    for (auto it = members.rbegin(); it != members.rend(); ++it) {
        if (it->name == key) {
            return &it->val;
        }
    }
    return nullptr;
}

value json_value_decoder::read(const schema_ptr& sp, const json::value* node) {
    if (!sp) {
        return node == nullptr ? value() : read_schemaless(*node);
    }
    const schema& s = *sp;
    if (node == nullptr || node->is_null()) {
        if (!s.default_value().is_null() && options_.replace_null_with_default) {
            return s.default_value();
        }
        if (s.is_optional()) {
            return {};
        }
        throw data_error("Invalid null value for required " + std::string(schema_type_name(s.type())) + " field");
    }
    if (const logical_kind kind = logical_kind_of(s); kind != logical_kind::none) {
        return read_logical(s, kind, *node);
    }
    switch (s.type()) {
        case schema_type::int8:
            return static_cast<std::int8_t>(integer_of(s, *node));
        case schema_type::int16:
            return static_cast<std::int16_t>(integer_of(s, *node));
        case schema_type::int32:
            return static_cast<std::int32_t>(integer_of(s, *node));
        case schema_type::int64:
            return integer_of(s, *node);
        case schema_type::float32:
            return java_float_cast(floating_of(s, *node));
        case schema_type::float64:
            return floating_of(s, *node);
        case schema_type::boolean:
            if (!node->is_bool()) {
                wrong_node(s, "JSON booleans", *node);
            }
            return node->as_bool();
        case schema_type::string:
            if (!node->is_string()) {
                wrong_node(s, "JSON strings", *node);
            }
            return node->as_string();
        case schema_type::bytes: {
            if (!node->is_string()) {
                wrong_node(s, "base64 JSON strings", *node);
            }
            auto decoded = base64_decode(node->as_string(), base64_spaces::skip);
            if (!decoded) {
                throw data_error("Invalid bytes field");
            }
            return std::move(*decoded);
        }
        case schema_type::array: {
            if (!node->is_array()) {
                wrong_node(s, "JSON arrays", *node);
            }
            value_array out;
            out.reserve(node->as_array().size());
            for (const auto& element : node->as_array()) {
                out.push_back(read(s.value_schema(), &element));
            }
            return out;
        }
        case schema_type::map:
            return read_map(s, *node);
        case schema_type::struct_:
            return read_struct(sp, *node);
    }
    throw data_error("Unknown schema type: " + std::string(schema_type_name(s.type())));
}

value json_value_decoder::read_schemaless(const json::value& node) {
    switch (node.type()) {
        case json::kind::null:
            return {};
        case json::kind::boolean:
            return node.as_bool();
        case json::kind::int64:
        case json::kind::uint64:
            return node.as_int64();
        case json::kind::number:
            return node.as_double();
        case json::kind::string:
            return node.as_string();
        case json::kind::array: {
            value_array out;
            out.reserve(node.as_array().size());
            for (const auto& element : node.as_array()) {
                out.push_back(read_schemaless(element));
            }
            return out;
        }
        case json::kind::object: {
            value_map out;
            out.reserve(node.as_object().size());
            for (const auto& m : node.as_object()) {
                out.emplace_back(m.name, read_schemaless(m.val));
            }
            return out;
        }
    }
    return {};
}

value json_value_decoder::read_logical(const schema& s, logical_kind kind, const json::value& node) {
    switch (kind) {
        case logical_kind::decimal:
            return read_decimal(s, node);
        case logical_kind::date:
            if (!is_int(node)) {
                throw data_error("Invalid type for Date, underlying representation should be integer but was " +
                                 std::string(json_node_type_name(&node)));
            }
            return date_from_int32(s, static_cast<std::int32_t>(node.as_int64()));
        case logical_kind::time:
            if (!is_int(node)) {
                throw data_error("Invalid type for Time, underlying representation should be integer but was " +
                                 std::string(json_node_type_name(&node)));
            }
            return time_from_int32(s, static_cast<std::int32_t>(node.as_int64()));
        case logical_kind::timestamp:
            if (!node.is_integer()) {
                throw data_error("Invalid type for Timestamp, underlying representation should be integral but was " +
                                 std::string(json_node_type_name(&node)));
            }
            return timestamp_from_int64(s, node.as_int64());
        case logical_kind::none:
            break;
    }
    return {};
}

value json_value_decoder::read_decimal(const schema& s, const json::value& node) {
    if (node.is_number()) {
        // Jackson's decimalValue(): the number exactly as written, with the scale of its text.
        if (numbers_ != nullptr) {
            if (const auto text = numbers_->text_of(node)) {
                if (auto d = decimal::try_parse(*text)) {
                    return std::move(*d);
                }
            }
        }
        if (node.type() == json::kind::int64) {
            return decimal(node.as_int64(), 0);
        }
        if (node.type() == json::kind::uint64) {
            return decimal::parse(std::to_string(node.as_uint64()));
        }
        return decimal::from_double(node.as_double());
    }
    if (node.is_string()) {
        auto decoded = base64_decode(node.as_string(), base64_spaces::skip);
        if (!decoded || decoded->empty()) {
            throw data_error("Invalid bytes for Decimal field");
        }
        return decimal_from_bytes(s, *decoded);
    }
    throw data_error("Invalid type for Decimal, underlying representation should be numeric or bytes but was " +
                     std::string(json_node_type_name(&node)));
}

value json_value_decoder::read_map(const schema& s, const json::value& node) {
    value_map out;
    if (s.key_schema()->type() == schema_type::string) {
        if (!node.is_object()) {
            throw data_error("Maps with string fields should be encoded as JSON objects, but found " +
                             std::string(json_node_type_name(&node)));
        }
        out.reserve(node.as_object().size());
        for (const auto& m : node.as_object()) {
            out.emplace_back(m.name, read(s.value_schema(), &m.val));
        }
        return out;
    }
    if (!node.is_array()) {
        throw data_error("Maps with non-string fields should be encoded as JSON array of tuples, but found " +
                         std::string(json_node_type_name(&node)));
    }
    out.reserve(node.as_array().size());
    for (const auto& entry : node.as_array()) {
        if (!entry.is_array()) {
            throw data_error("Found invalid map entry instead of array tuple: " +
                             std::string(json_node_type_name(&entry)));
        }
        if (entry.as_array().size() != 2) {
            throw data_error("Found invalid map entry, expected length 2 but found :" +
                             std::to_string(entry.as_array().size()));
        }
        out.emplace_back(read(s.key_schema(), &entry.as_array()[0]), read(s.value_schema(), &entry.as_array()[1]));
    }
    return out;
}

value json_value_decoder::read_struct(const schema_ptr& s, const json::value& node) {
    if (!node.is_object()) {
        throw data_error("Structs should be encoded as JSON objects, but found " +
                         std::string(json_node_type_name(&node)));
    }
    const auto& members = node.as_object();
    struct_value out(s);
    const auto& fields = s->fields();
    for (std::size_t i = 0; i < fields.size(); ++i) {
        const field& f = fields[i];
        // Objects written by a converter list the fields in schema order: try that position first.
        const json::value* member =
            i < members.size() && members[i].name == f.name ? &members[i].val : find_member(node, f.name);
        out.put(f, read(f.schema, member));
    }
    return out;
}

}  // namespace copycat::converters
