#include "copycat/data/value.hpp"

#include <array>
#include <bit>
#include <cstdio>
#include <string>

#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "api/data/value_text.hpp"

namespace copycat {
namespace {

constexpr std::array<std::string_view, 17> kind_names = {
    "null",  "boolean", "int8", "int16",  "int32",   "int64", "float32", "float64",   "string",
    "bytes", "array",   "map",  "struct", "decimal", "date",  "time",    "timestamp",
};

[[noreturn]] void wrong_kind(value_kind expected, value_kind actual) {
    throw data_error("Expected a value of type " + std::string(value_kind_name(expected)) + " but got " +
                     std::string(value_kind_name(actual)));
}

template <class T>
const T& get_checked(const value::variant_type& data, value_kind expected) {
    if (const T* p = std::get_if<T>(&data)) {
        return *p;
    }
    wrong_kind(expected, static_cast<value_kind>(data.index()));
}

template <class T>
T& get_checked(value::variant_type& data, value_kind expected) {
    if (T* p = std::get_if<T>(&data)) {
        return *p;
    }
    wrong_kind(expected, static_cast<value_kind>(data.index()));
}

// Java's Float.equals/Double.equals: bitwise on the canonical NaN, so NaN == NaN and 0.0 != -0.0.
bool floats_equal(float a, float b) noexcept {
    if (a != a && b != b) {
        return true;
    }
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

bool floats_equal(double a, double b) noexcept {
    if (a != a && b != b) {
        return true;
    }
    return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

}  // namespace

std::string_view value_kind_name(value_kind kind) noexcept { return kind_names.at(static_cast<std::size_t>(kind)); }

value::value(struct_value s) : data_(std::make_shared<const struct_value>(std::move(s))) {}

value::value(struct_ptr s) noexcept {
    if (s) {
        data_ = std::move(s);
    }
}

bool value::is_integer() const noexcept { return is_int8() || is_int16() || is_int32() || is_int64(); }

bool value::as_bool() const { return get_checked<bool>(data_, value_kind::boolean); }
std::int8_t value::as_int8() const { return get_checked<std::int8_t>(data_, value_kind::int8); }
std::int16_t value::as_int16() const { return get_checked<std::int16_t>(data_, value_kind::int16); }
std::int32_t value::as_int32() const { return get_checked<std::int32_t>(data_, value_kind::int32); }
std::int64_t value::as_int64() const { return get_checked<std::int64_t>(data_, value_kind::int64); }
float value::as_float32() const { return get_checked<float>(data_, value_kind::float32); }
double value::as_float64() const { return get_checked<double>(data_, value_kind::float64); }
const std::string& value::as_string() const { return get_checked<std::string>(data_, value_kind::string); }
std::string& value::as_string() { return get_checked<std::string>(data_, value_kind::string); }
const bytes& value::as_bytes() const { return get_checked<bytes>(data_, value_kind::bytes); }
bytes& value::as_bytes() { return get_checked<bytes>(data_, value_kind::bytes); }
const value_array& value::as_array() const { return get_checked<value_array>(data_, value_kind::array); }
value_array& value::as_array() { return get_checked<value_array>(data_, value_kind::array); }
const value_map& value::as_map() const { return get_checked<value_map>(data_, value_kind::map); }
value_map& value::as_map() { return get_checked<value_map>(data_, value_kind::map); }
const struct_value& value::as_struct() const { return *as_struct_ptr(); }
const struct_ptr& value::as_struct_ptr() const { return get_checked<struct_ptr>(data_, value_kind::struct_); }
const decimal& value::as_decimal() const { return get_checked<decimal>(data_, value_kind::decimal); }
date value::as_date() const { return get_checked<date>(data_, value_kind::date); }
time_of_day value::as_time() const { return get_checked<time_of_day>(data_, value_kind::time); }
timestamp value::as_timestamp() const { return get_checked<timestamp>(data_, value_kind::timestamp); }

std::int64_t value::to_int64() const {
    switch (kind()) {
        case value_kind::int8:
            return as_int8();
        case value_kind::int16:
            return as_int16();
        case value_kind::int32:
            return as_int32();
        case value_kind::int64:
            return as_int64();
        default:
            wrong_kind(value_kind::int64, kind());
    }
}

double value::to_double() const {
    switch (kind()) {
        case value_kind::float32:
            return as_float32();
        case value_kind::float64:
            return as_float64();
        case value_kind::int8:
        case value_kind::int16:
        case value_kind::int32:
        case value_kind::int64:
            return static_cast<double>(to_int64());
        default:
            wrong_kind(value_kind::float64, kind());
    }
}

const value* value::map_get(const value& key) const {
    const auto* entries = get_if<value_map>();
    if (entries == nullptr) {
        return nullptr;
    }
    for (const auto& [k, v] : *entries) {
        if (k == key) {
            return &v;
        }
    }
    return nullptr;
}

std::string value::to_string() const { return detail::value_to_text(*this, false); }

bool operator==(const value& a, const value& b) noexcept {
    if (a.data_.index() != b.data_.index()) {
        return false;
    }
    return std::visit(
        [&b](const auto& x) -> bool {
            using T = std::decay_t<decltype(x)>;
            const T& y = *std::get_if<T>(&b.data_);
            if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
                return floats_equal(x, y);
            } else if constexpr (std::is_same_v<T, struct_ptr>) {
                return x == y || *x == *y;
            } else {
                return x == y;
            }
        },
        a.data_);
}

}  // namespace copycat
