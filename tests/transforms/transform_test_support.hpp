// Record builders and map lookups shared by the transformation tests.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/data.hpp"

namespace transform_test {

using config_map = std::map<std::string, std::string>;

/// A sink record on topic "test", partition 0, offset 0.
inline copycat::sink_record sink(copycat::schema_ptr key_schema, copycat::value key, copycat::schema_ptr value_schema,
                                 copycat::value val) {
    return copycat::sink_record("test", 0, std::move(key_schema), std::move(key), std::move(value_schema),
                                std::move(val), 0);
}

/// A value-only source record on "topic", partition 0.
inline copycat::source_record source(copycat::schema_ptr value_schema, copycat::value val,
                                     std::optional<std::int64_t> timestamp_ms = std::nullopt) {
    return copycat::source_record({}, {}, "topic", 0, nullptr, copycat::value(), std::move(value_schema),
                                  std::move(val), timestamp_ms);
}

/// The entry of a schemaless map value (null when absent).
inline copycat::value entry(const copycat::value& map, std::string_view key) {
    const copycat::value* found = map.map_get(copycat::value(key));
    return found != nullptr ? *found : copycat::value();
}

inline bool has_entry(const copycat::value& map, std::string_view key) {
    return map.map_get(copycat::value(key)) != nullptr;
}

inline const copycat::struct_value& as_struct(const copycat::value& v) { return v.as_struct(); }

}  // namespace transform_test
