// The parameters of a schema (Kafka: Schema.parameters(), a LinkedHashMap<String, String>).
//
// Entries keep their insertion order, which is the order Kafka's JsonConverter writes them in:
// Decimal's "scale" comes before a "connect.decimal.precision" added afterwards. Putting an
// existing key replaces its value and keeps its position (LinkedHashMap.put). Equality ignores
// the order, like Java's Map.equals.
//
//   schema_parameters p{{"scale", "2"}};
//   p.put("connect.decimal.precision", "10");
//   for (const auto& [key, val] : p) { ... }   // "scale", then "connect.decimal.precision"
#pragma once

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace copycat {

class schema_parameters {
public:
    using value_type = std::pair<std::string, std::string>;
    using const_iterator = std::vector<value_type>::const_iterator;
    using iterator = const_iterator;
    using size_type = std::size_t;

    schema_parameters() = default;
    /// The entries in order; a repeated key keeps its first position and takes the last value.
    schema_parameters(std::initializer_list<value_type> entries);

    bool empty() const noexcept { return entries_.empty(); }
    size_type size() const noexcept { return entries_.size(); }
    const_iterator begin() const noexcept { return entries_.begin(); }
    const_iterator end() const noexcept { return entries_.end(); }

    /// The entry for `key`, or end().
    const_iterator find(std::string_view key) const noexcept;
    bool contains(std::string_view key) const noexcept { return find(key) != end(); }
    /// The value for `key`. Throws std::out_of_range when there is none.
    const std::string& at(std::string_view key) const;

    /// Adds `key` at the end, or replaces its value where it is (LinkedHashMap.put).
    void put(std::string key, std::string val);
    /// put() of every entry of `other`, in its order (Map.putAll).
    void put_all(const schema_parameters& other);
    /// Removes `key`; false when it was not there. The other entries keep their order.
    bool erase(std::string_view key);
    void clear() noexcept { entries_.clear(); }

    /// Same keys with the same values, in any order (Java's Map.equals).
    friend bool operator==(const schema_parameters& a, const schema_parameters& b) noexcept;

    /// A hash consistent with operator== (independent of the order).
    std::size_t hash() const noexcept;

private:
    std::vector<value_type> entries_;
};

}  // namespace copycat

template <>
struct std::hash<copycat::schema_parameters> {
    std::size_t operator()(const copycat::schema_parameters& p) const noexcept { return p.hash(); }
};
