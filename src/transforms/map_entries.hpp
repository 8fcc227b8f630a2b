// Access to schemaless map values by string key (Kafka: Map<String, Object> get/put/remove).
#pragma once

#include <string>
#include <string_view>

#include "copycat/data/value.hpp"

namespace copycat::transforms {

/// The value of the first entry whose key is the string `key`, or nullptr.
const value* map_find(const value_map& map, std::string_view key) noexcept;

/// The value of `key`, or null when absent (Kafka: Map.get).
value map_get(const value_map& map, std::string_view key);

/// Replaces the value of `key` where it is, or appends the entry (Kafka: Map.put).
void map_put(value_map& map, std::string_view key, value v);

/// Removes every entry with the string key `key` (Kafka: Map.remove).
void map_remove(value_map& map, std::string_view key);

}  // namespace copycat::transforms
