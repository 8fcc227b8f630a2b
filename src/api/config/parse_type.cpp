// config_def's value conversions: parse_type (string -> typed), coerce (typed default -> the
// key's type) and convert_to_string (typed -> the REST API's string).
#include <cstdint>
#include <limits>
#include <type_traits>

#include "copycat/config/config_def.hpp"
#include "copycat/errors.hpp"
#include "api/config/java_format.hpp"

namespace copycat {

namespace {

[[noreturn]] void fail(std::string_view name, std::string_view text, std::string_view reason) {
    throw config_error(invalid_value_message(name, text, reason));
}

std::string not_a_number(config_type type) { return "Not a number of type " + std::string(config_type_name(type)); }

template <class T>
T parse_integer(std::string_view name, std::string_view text, std::string_view trimmed, config_type type) {
    auto n = java::parse_integer(trimmed, std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
    if (!n) fail(name, text, not_a_number(type));
    return static_cast<T>(*n);
}

// Java's split("\\s*,\\s*", -1) on an already trimmed, non-empty string.
config_list split_list(std::string_view trimmed) {
    auto is_space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\x0B' || c == '\f' || c == '\r'; };
    config_list items;
    std::size_t start = 0;
    while (true) {
        auto comma = trimmed.find(',', start);
        auto item = trimmed.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        while (!item.empty() && is_space(item.front())) item.remove_prefix(1);
        while (!item.empty() && is_space(item.back())) item.remove_suffix(1);
        items.emplace_back(item);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return items;
}

// The Java class of a value, for messages about defaults of the wrong type.
std::string_view java_class(const parsed_value& v) {
    switch (v.index()) {
        case 1:
            return "java.lang.Boolean";
        case 2:
            return "java.lang.Short";
        case 3:
            return "java.lang.Integer";
        case 4:
            return "java.lang.Long";
        case 5:
            return "java.lang.Double";
        case 6:
            return "java.lang.String";
        case 7:
            return "java.util.List";
        case 8:
            return "org.apache.kafka.common.config.types.Password";
        default:
            return "null";
    }
}

std::optional<std::int64_t> integer_of(const parsed_value& v) {
    if (auto* s = std::get_if<std::int16_t>(&v)) return *s;
    if (auto* i = std::get_if<std::int32_t>(&v)) return *i;
    if (auto* l = std::get_if<std::int64_t>(&v)) return *l;
    return std::nullopt;
}

template <class T>
parsed_value coerce_integer(std::string_view name, const parsed_value& v, std::string_view expected) {
    auto n = integer_of(v);
    if (!n || *n < std::numeric_limits<T>::min() || *n > std::numeric_limits<T>::max()) {
        fail(name, parsed_value_to_string(v),
             "Expected value to be " + std::string(expected) + ", but it was a " + std::string(java_class(v)));
    }
    return static_cast<T>(*n);
}

}  // namespace

parsed_value config_def::parse_type(std::string_view name, std::string_view text, config_type type) {
    std::string_view trimmed = java::trim(text);
    switch (type) {
        case config_type::boolean:
            if (java::equals_ignore_case(trimmed, "true")) return true;
            if (java::equals_ignore_case(trimmed, "false")) return false;
            fail(name, text, "Expected value to be either true or false");
        case config_type::password:
            return password(std::string(trimmed));
        case config_type::string:
            return std::string(trimmed);
        case config_type::int_:
            return parse_integer<std::int32_t>(name, text, trimmed, type);
        case config_type::short_:
            return parse_integer<std::int16_t>(name, text, trimmed, type);
        case config_type::long_:
            return parse_integer<std::int64_t>(name, text, trimmed, type);
        case config_type::double_:
            if (auto d = java::parse_double(trimmed)) return *d;
            fail(name, text, not_a_number(type));
        case config_type::list:
            if (trimmed.empty()) return config_list{};
            return split_list(trimmed);
        case config_type::class_:
            if (trimmed.empty()) fail(name, text, "Class " + std::string(text) + " could not be found.");
            return std::string(trimmed);
    }
    fail(name, text, "Unknown type.");
}

parsed_value config_def::coerce(std::string_view name, const parsed_value& v, config_type type) {
    if (is_null(v)) return v;
    if (auto* s = std::get_if<std::string>(&v)) return parse_type(name, *s, type);
    auto wrong = [&](std::string_view expected) -> parsed_value {
        fail(name, parsed_value_to_string(v), std::string(expected) + ", but it was a " + std::string(java_class(v)));
    };
    switch (type) {
        case config_type::boolean:
            if (std::holds_alternative<bool>(v)) return v;
            fail(name, parsed_value_to_string(v), "Expected value to be either true or false");
        case config_type::password:
            if (std::holds_alternative<password>(v)) return v;
            return wrong("Expected value to be a string");
        case config_type::string:
        case config_type::class_:
            return wrong("Expected value to be a string");
        case config_type::int_:
            return coerce_integer<std::int32_t>(name, v, "a 32-bit integer");
        case config_type::short_:
            return coerce_integer<std::int16_t>(name, v, "a 16-bit integer (short)");
        case config_type::long_:
            return coerce_integer<std::int64_t>(name, v, "a 64-bit integer (long)");
        case config_type::double_:
            if (auto* d = std::get_if<double>(&v)) return *d;
            if (auto n = integer_of(v)) return static_cast<double>(*n);
            return wrong("Expected value to be a double");
        case config_type::list:
            if (std::holds_alternative<config_list>(v)) return v;
            fail(name, parsed_value_to_string(v), "Expected a comma separated list.");
    }
    fail(name, parsed_value_to_string(v), "Unknown type.");
}

std::optional<std::string> config_def::convert_to_string(const parsed_value& v, std::optional<config_type> type) {
    if (is_null(v)) return std::nullopt;
    if (type == config_type::list) {
        if (const auto* list = std::get_if<config_list>(&v)) {
            std::string out;
            for (std::size_t i = 0; i < list->size(); ++i) {
                if (i > 0) out += ',';
                out += (*list)[i];
            }
            return out;
        }
    }
    return parsed_value_to_string(v);
}

}  // namespace copycat
