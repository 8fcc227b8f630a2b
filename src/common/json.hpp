#pragma once
// The JSON facade: the only part of Copycat that includes RapidJSON.
//
//   json::value   a small DOM (objects keep insertion order, as Kafka's Jackson output does)
//   json::parse   text -> value, or an invalid_argument error naming the offset
//   json::dump    value -> compact text
//   json::writer  streaming writer for hot paths (converters) that need no DOM

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "common/result.hpp"

namespace copycat::json {

enum class kind { null, boolean, int64, uint64, number, string, array, object };

class value;
struct member;
using array = std::vector<value>;
using object = std::vector<member>;

class value {
public:
    value() = default;
    value(std::nullptr_t) {}
    value(bool b) : v_(b) {}
    value(int i) : v_(static_cast<std::int64_t>(i)) {}
    value(long i) : v_(static_cast<std::int64_t>(i)) {}
    value(long long i) : v_(static_cast<std::int64_t>(i)) {}
    value(unsigned u) : v_(static_cast<std::int64_t>(u)) {}
    value(unsigned long u);
    value(unsigned long long u);
    value(double d) : v_(d) {}
    value(const char* s) : v_(std::string(s)) {}
    value(std::string s) : v_(std::move(s)) {}
    value(std::string_view s) : v_(std::string(s)) {}
    value(array a);
    value(object o);

    static value make_array() { return value(array{}); }
    static value make_object() { return value(object{}); }

    kind type() const { return static_cast<kind>(v_.index()); }
    bool is_null() const { return type() == kind::null; }
    bool is_bool() const { return type() == kind::boolean; }
    // Any integer that fits an int64.
    bool is_int64() const;
    bool is_uint64() const;
    bool is_integer() const { return type() == kind::int64 || type() == kind::uint64; }
    bool is_number() const { return is_integer() || type() == kind::number; }
    bool is_string() const { return type() == kind::string; }
    bool is_array() const { return type() == kind::array; }
    bool is_object() const { return type() == kind::object; }

    // Accessors assert the kind; check first.
    bool as_bool() const { return std::get<bool>(v_); }
    std::int64_t as_int64() const;
    std::uint64_t as_uint64() const;
    double as_double() const;  // any number
    const std::string& as_string() const { return std::get<std::string>(v_); }
    std::string& as_string() { return std::get<std::string>(v_); }
    const array& as_array() const { return std::get<array>(v_); }
    array& as_array() { return std::get<array>(v_); }
    const object& as_object() const { return std::get<object>(v_); }
    object& as_object() { return std::get<object>(v_); }

    // Object helpers. find returns nullptr when absent (or when this is not an object).
    const value* find(std::string_view key) const;
    value* find(std::string_view key);
    // Sets key (replacing an existing one); this must be an object (a null becomes one).
    value& set(std::string_view key, value v);
    // Appends to an array (a null becomes one).
    value& push_back(value v);

    friend bool operator==(const value& a, const value& b);

private:
    std::variant<std::nullptr_t, bool, std::int64_t, std::uint64_t, double, std::string, array, object> v_;
};

struct member {
    std::string name;
    value val;
    friend bool operator==(const member&, const member&) = default;
};

struct parse_options {
    std::size_t max_depth = 512;
};

result<value> parse(std::string_view text, const parse_options& options = {});
std::string dump(const value& v);
std::string_view kind_name(kind k);

// A streaming writer producing compact JSON.
class writer {
public:
    writer();
    ~writer();
    writer(const writer&) = delete;
    writer& operator=(const writer&) = delete;

    writer& start_object();
    writer& end_object();
    writer& start_array();
    writer& end_array();
    writer& key(std::string_view k);
    writer& null();
    writer& boolean(bool b);
    writer& int64(std::int64_t i);
    writer& uint64(std::uint64_t u);
    writer& number(double d);
    // A number given as its decimal text (e.g. an arbitrary-precision decimal).
    writer& raw_number(std::string_view digits);
    writer& string(std::string_view s);
    writer& write(const value& v);

    std::string_view view() const;
    std::string take();  // the text so far; resets the writer

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace copycat::json
