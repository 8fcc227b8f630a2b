#include "converters/values_parser.hpp"

#include <string>

#include "converters/java_float_cast.hpp"
#include "converters/java_text.hpp"
#include "converters/values_literals.hpp"
#include "converters/values_tokenizer.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/validate_value.hpp"
#include "copycat/errors.hpp"

namespace copycat::converters {
namespace {

bool is_digit(char c) noexcept { return c >= '0' && c <= '9'; }

// Position of a plain numeric type in Kafka's widening order, or -1.
int numeric_rank(const schema& s) noexcept {
    if (s.name()) {
        return -1;  // logical types (Date, Time, Timestamp, Decimal) do not widen
    }
    switch (s.type()) {
        case schema_type::int8:
            return 0;
        case schema_type::int16:
            return 1;
        case schema_type::int32:
            return 2;
        case schema_type::int64:
            return 3;
        case schema_type::float32:
            return 4;
        case schema_type::float64:
            return 5;
        default:
            return -1;
    }
}

// Values.mergeSchemas: numbers widen (INT8 < INT16 < INT32 < INT64 < FLOAT32 < FLOAT64), equal
// schemas stay, anything else has no common schema.
schema_ptr merge_schemas(const schema_ptr& previous, const schema_ptr& latest) {
    if (schemas_equal(previous, latest)) {
        return previous;
    }
    const int a = numeric_rank(*previous);
    const int b = numeric_rank(*latest);
    if (a < 0 || b < 0) {
        return nullptr;
    }
    return a >= b ? previous : latest;
}

// Values.SchemaMerger: the schema common to every non-null element seen.
class schema_merger {
public:
    void merge(const parsed& latest) {
        if (!latest || !latest->schema || !compatible_) {
            return;
        }
        if (!common_) {
            common_ = latest->schema;
            return;
        }
        common_ = merge_schemas(common_, latest->schema);
        compatible_ = common_ != nullptr;
    }
    const schema_ptr& common() const noexcept { return common_; }

private:
    schema_ptr common_;
    bool compatible_ = true;
};

// Values.convertTo for the element schemas the merger produces.
value align(const schema& target, const value& v) {
    if (v.is_null()) {
        throw data_error("Unable to convert a null value to a schema that requires a value");
    }
    if (numeric_rank(target) >= 0) {
        if (!v.is_integer() && !v.is_floating()) {
            throw data_error("Unable to convert " + v.to_string() + " to a number");
        }
        if (target.type() == schema_type::float32) {
            return v.is_float32() ? v.as_float32() : java_float_cast(v.to_double());
        }
        if (target.type() == schema_type::float64) {
            return v.to_double();
        }
        if (!v.is_integer()) {
            // The merged schema is an integer type only when every element is an integer.
            throw data_error("Unable to convert " + v.to_string() + " to an integer");
        }
        const std::int64_t n = v.to_int64();
        switch (target.type()) {
            case schema_type::int8:
                return static_cast<std::int8_t>(n);
            case schema_type::int16:
                return static_cast<std::int16_t>(n);
            case schema_type::int32:
                return static_cast<std::int32_t>(n);
            default:
                return n;
        }
    }
    if (target.type() == schema_type::string && !v.is_string()) {
        return values_string_text(v);
    }
    return v;
}

// A container value with the schema built for it, or without schema when the elements do not
// fit it (elements without schema are not seen by the merger).
schema_and_value checked(schema_ptr s, value v) {
    if (s && !is_valid_value(*s, v)) {
        s = nullptr;
    }
    return {std::move(s), std::move(v)};
}

// Values.ValueParser.
class value_parser {
public:
    explicit value_parser(values_tokenizer& tokens) noexcept : p_(tokens) {}

    parsed parse(bool embedded) {
        if (!p_.has_next()) {
            return std::nullopt;
        }
        if (embedded && p_.can_consume("\"")) {
            return parse_quoted_string();
        }
        if (can_parse_literal(embedded, "null")) {
            return schema_and_value{};
        }
        if (can_parse_literal(embedded, "true")) {
            return schema_and_value{schema::boolean(), true};
        }
        if (can_parse_literal(embedded, "false")) {
            return schema_and_value{schema::boolean(), false};
        }
        const std::size_t start = p_.mark();
        try {
            if (p_.can_consume("[")) {
                return parse_array();
            }
            if (p_.can_consume("{")) {
                return parse_map();
            }
        } catch (const data_error&) {
            p_.rewind_to(start);  // not a container: read it as a token
        }
        const std::string_view token = p_.next();
        if (is_blank(token)) {
            return schema_and_value{schema::string(), std::string(token)};
        }
        return parse_next_token(embedded, trim(token));
    }

private:
    bool can_parse_literal(bool embedded, std::string_view literal) {
        const std::size_t start = p_.mark();
        if (p_.can_consume(literal) && (embedded || !p_.has_next())) {
            return true;
        }
        p_.rewind_to(start);
        return false;
    }

    parsed parse_next_token(bool embedded, std::string_view token) {
        const char first = token.front();
        const bool digit = is_digit(first);
        if (digit) {
            if (auto temporal = parse_multiple_tokens_as_temporal(token)) {
                return temporal;
            }
        }
        if (digit || first == '+' || first == '-') {
            if (auto number = parse_as_number(token)) {
                return number;
            }
        }
        if (embedded) {
            throw data_error("Failed to parse embedded value");
        }
        return schema_and_value{schema::string(), std::string(p_.original())};
    }

    // Times and timestamps span five tokens, as an unescaped ':' is a delimiter.
    parsed parse_multiple_tokens_as_temporal(std::string_view token) {
        const std::size_t position = p_.mark();
        if (const auto remainder = p_.next(4)) {
            if (auto temporal = parse_as_temporal(std::string(token) + std::string(*remainder))) {
                return temporal;
            }
        }
        p_.rewind_to(position);
        return parse_as_temporal(token);
    }

    parsed parse_quoted_string() {
        std::string content;
        while (p_.has_next()) {
            if (p_.can_consume("\"")) {
                break;
            }
            content += p_.next();
        }
        if (auto temporal = parse_as_temporal(content)) {
            return temporal;
        }
        return schema_and_value{schema::string(), std::move(content)};
    }

    parsed parse_array() {
        value_array result;
        schema_merger elements;
        while (p_.has_next()) {
            if (p_.can_consume("]")) {
                if (!elements.common()) {
                    return schema_and_value{nullptr, std::move(result)};
                }
                for (value& e : result) {
                    e = align(*elements.common(), e);
                }
                return checked(schema_builder::array(elements.common()).build(), std::move(result));
            }
            if (p_.can_consume(",")) {
                throw data_error("Unable to parse an empty array element: " + std::string(p_.original()));
            }
            parsed element = parse(true);
            elements.merge(element);
            result.push_back(element ? std::move(element->val) : value());
            const std::size_t current = p_.mark();
            if (p_.can_consume("]")) {
                p_.rewind_to(current);
            } else if (!p_.can_consume(",")) {
                throw data_error("Array elements missing ',' delimiter");
            }
        }
        if (p_.previous() == ",") {
            throw data_error("Array is missing element after ',': " + std::string(p_.original()));
        }
        throw data_error("Array is missing terminating ']': " + std::string(p_.original()));
    }

    parsed parse_map() {
        value_map result;
        schema_merger keys;
        schema_merger values;
        while (p_.has_next()) {
            if (p_.can_consume("}")) {
                return finish_map(keys.common(), values.common(), std::move(result));
            }
            if (p_.can_consume(",")) {
                throw data_error("Unable to parse a map entry with no key or value: " + std::string(p_.original()));
            }
            parsed key = parse(true);
            if (!key || key->val.is_null()) {
                throw data_error("Map entry may not have a null key: " + std::string(p_.original()));
            }
            if (!p_.can_consume(":")) {
                throw data_error("Map entry is missing ':' at " + std::to_string(p_.position()) + " in " +
                                 std::string(p_.original()));
            }
            parsed item = parse(true);
            put(result, key->val, item ? item->val : value());
            p_.can_consume(",");
            keys.merge(key);
            values.merge(item);
        }
        if (p_.previous() == ",") {
            throw data_error("Map is missing element after ',': " + std::string(p_.original()));
        }
        throw data_error("Map is missing terminating '}': " + std::string(p_.original()));
    }

    static schema_and_value finish_map(const schema_ptr& key_schema, const schema_ptr& value_schema, value_map result) {
        if (!key_schema) {
            return {nullptr, std::move(result)};
        }
        for (auto& [k, item] : result) {
            k = align(*key_schema, k);
            if (value_schema) {
                item = align(*value_schema, item);
            }
        }
        if (!value_schema) {
            return {nullptr, std::move(result)};  // Kafka: a map schema with a null value schema
        }
        return checked(schema_builder::map(key_schema, value_schema).build(), std::move(result));
    }

    // LinkedHashMap.put: a repeated key keeps its place and takes the new value.
    static void put(value_map& m, const value& k, value v) {
        for (auto& entry : m) {
            if (entry.first == k) {
                entry.second = std::move(v);
                return;
            }
        }
        m.emplace_back(k, std::move(v));
    }

    values_tokenizer& p_;
};

}  // namespace

schema_and_value parse_values_string(std::string_view text) {
    if (text.empty()) {
        return {schema::string(), std::string()};
    }
    values_tokenizer tokens(text);
    value_parser parser(tokens);
    parsed result = parser.parse(false);
    // Text left after the value: the whole input is a string.
    while (tokens.has_next()) {
        if (!is_blank(tokens.next())) {
            return {schema::string(), std::string(text)};
        }
    }
    return result ? std::move(*result) : schema_and_value{};
}

}  // namespace copycat::converters
