// A dynamically typed data value (Kafka: the java.lang.Object carried by records, structs and
// headers). A value is a std::variant: cheap to move, deep-copied (except struct, see below),
// compared by content.
//
// Which alternative a C++ literal selects:
//   value v;             null          value(nullptr)        null
//   value(true)          boolean       value(std::int8_t{1}) int8    value(std::int16_t{1}) int16
//   value(42)            int32 (int)   value(42L), value(std::int64_t{42})  int64
//   value(1.5f)          float32       value(1.5)            float64
//   value("x"), value(std::string), value(std::string_view)  string
//   value(bytes{...})    bytes         value(value_array{...}) array   value(value_map{...}) map
//   value(struct_value)  struct        value(decimal), value(date), value(time_of_day),
//                                      value(timestamp)      the logical types
// Every signed integer type maps by its width. Unsigned integers and char do not convert (cast
// to the signed type you mean), so value('a') or value(size_t) is a compile error.
//
// A struct is held through std::shared_ptr<const struct_value>: once inside a value it is
// immutable, and copies of the value share it (safe across threads). To change a field, copy the
// struct out (struct_value s = v.as_struct();), change it, and store it back.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "copycat/data/bytes.hpp"
#include "copycat/data/decimal.hpp"
#include "copycat/data/temporal.hpp"

namespace copycat {

class value;
class struct_value;

/// The elements of an ARRAY value (Kafka: java.util.List).
using value_array = std::vector<value>;

/// The entries of a MAP value, in insertion order (Kafka: java.util.Map). Keys are not
/// deduplicated by the container; value::map_get() finds the first entry with a key.
using value_map = std::vector<std::pair<value, value>>;

/// A shared immutable struct.
using struct_ptr = std::shared_ptr<const struct_value>;

/// Which alternative a value holds, in the order of value::variant_type.
// GCC's -Wshadow reports enumerators named like the copycat::bytes type; they are scoped.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
enum class value_kind {
    null,
    boolean,
    int8,
    int16,
    int32,
    int64,
    float32,
    float64,
    string,
    bytes,
    array,
    map,
    struct_,
    decimal,
    date,
    time,
    timestamp,
};
#pragma GCC diagnostic pop

/// "null", "boolean", "int8", ..., "struct", "decimal", "date", "time", "timestamp".
std::string_view value_kind_name(value_kind kind) noexcept;

class value {
public:
    using variant_type =
        std::variant<std::monostate, bool, std::int8_t, std::int16_t, std::int32_t, std::int64_t, float, double,
                     std::string, bytes, value_array, value_map, struct_ptr, decimal, date, time_of_day, timestamp>;

    value() noexcept = default;
    value(std::nullptr_t) noexcept {}
    value(std::monostate) noexcept {}
    value(bool b) noexcept : data_(b) {}

    /// Signed integers map to the alternative of their width (int -> int32, long -> int64).
    template <std::signed_integral T>
    requires(!std::same_as<T, char>) value(T i)
    noexcept : data_(from_integer(i)) {}

    template <std::unsigned_integral T>
    requires(!std::same_as<T, bool>) value(T)
    = delete;              // unsigned integers: cast to the signed width you mean
    value(char) = delete;  // a char is not a string: use value("x") or value(std::int8_t{...})

    value(float f) noexcept : data_(f) {}
    value(double d) noexcept : data_(d) {}
    value(std::string s) noexcept : data_(std::move(s)) {}
    value(std::string_view s) : data_(std::string(s)) {}
    /// A null pointer gives a null value.
    value(const char* s) : data_(s != nullptr ? variant_type(std::string(s)) : variant_type()) {}
    value(bytes b) noexcept : data_(std::move(b)) {}
    value(value_array a) noexcept : data_(std::move(a)) {}
    value(value_map m) noexcept : data_(std::move(m)) {}
    value(struct_value s);
    /// A null pointer gives a null value.
    value(struct_ptr s) noexcept;
    value(decimal d) noexcept : data_(std::move(d)) {}
    value(date d) noexcept : data_(d) {}
    value(time_of_day t) noexcept : data_(t) {}
    value(timestamp t) noexcept : data_(t) {}

    value_kind kind() const noexcept { return static_cast<value_kind>(data_.index()); }

    bool is_null() const noexcept { return kind() == value_kind::null; }
    bool is_bool() const noexcept { return kind() == value_kind::boolean; }
    bool is_int8() const noexcept { return kind() == value_kind::int8; }
    bool is_int16() const noexcept { return kind() == value_kind::int16; }
    bool is_int32() const noexcept { return kind() == value_kind::int32; }
    bool is_int64() const noexcept { return kind() == value_kind::int64; }
    bool is_float32() const noexcept { return kind() == value_kind::float32; }
    bool is_float64() const noexcept { return kind() == value_kind::float64; }
    bool is_string() const noexcept { return kind() == value_kind::string; }
    bool is_bytes() const noexcept { return kind() == value_kind::bytes; }
    bool is_array() const noexcept { return kind() == value_kind::array; }
    bool is_map() const noexcept { return kind() == value_kind::map; }
    bool is_struct() const noexcept { return kind() == value_kind::struct_; }
    bool is_decimal() const noexcept { return kind() == value_kind::decimal; }
    bool is_date() const noexcept { return kind() == value_kind::date; }
    bool is_time() const noexcept { return kind() == value_kind::time; }
    bool is_timestamp() const noexcept { return kind() == value_kind::timestamp; }
    /// int8, int16, int32 or int64.
    bool is_integer() const noexcept;
    /// float32 or float64.
    bool is_floating() const noexcept { return is_float32() || is_float64(); }

    // Typed accessors: each throws data_error when the value holds another alternative.
    bool as_bool() const;
    std::int8_t as_int8() const;
    std::int16_t as_int16() const;
    std::int32_t as_int32() const;
    std::int64_t as_int64() const;
    float as_float32() const;
    double as_float64() const;
    const std::string& as_string() const;
    std::string& as_string();
    const bytes& as_bytes() const;
    bytes& as_bytes();
    const value_array& as_array() const;
    value_array& as_array();
    const value_map& as_map() const;
    value_map& as_map();
    const struct_value& as_struct() const;
    const struct_ptr& as_struct_ptr() const;
    const decimal& as_decimal() const;
    date as_date() const;
    time_of_day as_time() const;
    timestamp as_timestamp() const;

    /// Any integer alternative widened to int64; throws data_error for anything else.
    std::int64_t to_int64() const;
    /// Any integer or floating alternative as a double; throws data_error for anything else.
    double to_double() const;

    /// The first entry of a map value whose key equals `key`, or nullptr (also when the value
    /// is not a map).
    const value* map_get(const value& key) const;

    /// Pointer to the alternative T, or nullptr (like std::get_if).
    template <class T>
    const T* get_if() const noexcept {
        return std::get_if<T>(&data_);
    }
    template <class T>
    T* get_if() noexcept {
        return std::get_if<T>(&data_);
    }

    /// The underlying variant, for std::visit.
    const variant_type& data() const noexcept { return data_; }
    variant_type& data() noexcept { return data_; }

    /// Readable text for logs and error messages (not a serialization format): strings as-is at
    /// the top level and quoted inside containers, bytes as base64, arrays "[1, 2]", maps
    /// "{k=v, ...}", structs "Struct{a=1,b=x}", dates "2024-01-31", times "13:45:00.250",
    /// timestamps "2024-01-31T13:45:00.250Z", decimals as plain text.
    std::string to_string() const;

    /// Deep equality. Structs compare schema and field values; floats compare like Java's
    /// Float.equals (NaN equals NaN; 0.0 differs from -0.0); decimals compare unscaled and scale.
    friend bool operator==(const value& a, const value& b) noexcept;

private:
    template <class T>
    static variant_type from_integer(T i) noexcept {
        if constexpr (sizeof(T) == 1) {
            return static_cast<std::int8_t>(i);
        } else if constexpr (sizeof(T) == 2) {
            return static_cast<std::int16_t>(i);
        } else if constexpr (sizeof(T) == 4) {
            return static_cast<std::int32_t>(i);
        } else {
            static_assert(sizeof(T) == 8, "integers wider than 64 bits are not supported");
            return static_cast<std::int64_t>(i);
        }
    }

    variant_type data_;
};

}  // namespace copycat
