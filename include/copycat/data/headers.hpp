// Record headers (Kafka: Header / ConnectHeaders): an ordered list of (key, schema, value)
// entries. Keys may repeat; order is preserved.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/data/schema.hpp"
#include "copycat/data/schema_and_value.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

/// One header of a record.
struct header {
    std::string key;
    /// Null when the header is schemaless.
    schema_ptr schema;
    value val;

    /// Same key, structurally equal schemas, equal values.
    friend bool operator==(const header& a, const header& b) noexcept;
};

class headers {
public:
    using const_iterator = std::vector<header>::const_iterator;

    headers() = default;

    /// Appends a header. When `schema` is not null the value is validated against it
    /// (throws data_error on mismatch).
    headers& add(std::string key, value val, schema_ptr schema = nullptr);
    headers& add(std::string key, schema_and_value sv);
    headers& add(header h);

    // Typed shortcuts (Kafka: addString, addInt, ...) using the predefined schemas; the value
    // null is stored with the optional schema.
    headers& add_string(std::string key, std::string v);
    headers& add_bool(std::string key, bool v);
    headers& add_int8(std::string key, std::int8_t v);
    headers& add_int16(std::string key, std::int16_t v);
    headers& add_int32(std::string key, std::int32_t v);
    headers& add_int64(std::string key, std::int64_t v);
    headers& add_float32(std::string key, float v);
    headers& add_float64(std::string key, double v);
    headers& add_bytes(std::string key, bytes v);
    headers& add_decimal(std::string key, decimal v);
    headers& add_date(std::string key, date v);
    headers& add_time(std::string key, time_of_day v);
    headers& add_timestamp(std::string key, timestamp v);

    /// The last header with this key, or nullptr. Invalidated by any change to the headers.
    const header* last_with_name(std::string_view key) const noexcept;
    /// Every header with this key, in order. Invalidated by any change to the headers.
    std::vector<const header*> all_with_name(std::string_view key) const;

    /// Removes every header with this key.
    headers& remove(std::string_view key);
    /// Keeps only the last header with this key.
    headers& retain_latest(std::string_view key);
    /// Keeps only the last header of every key (relative order of the kept headers is kept).
    headers& retain_latest();
    headers& clear() noexcept;

    std::size_t size() const noexcept { return list_.size(); }
    bool empty() const noexcept { return list_.empty(); }
    const_iterator begin() const noexcept { return list_.begin(); }
    const_iterator end() const noexcept { return list_.end(); }
    const header& operator[](std::size_t i) const { return list_.at(i); }

    friend bool operator==(const headers& a, const headers& b) noexcept { return a.list_ == b.list_; }

private:
    std::vector<header> list_;
};

}  // namespace copycat
