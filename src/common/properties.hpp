#pragma once
// Java .properties files (the format of Kafka's worker and connector configs): `key=value`,
// `key: value` or `key value`; `#`/`!` comments; backslash line continuation; \t \n \r \f \uXXXX
// and escaped separators. Later keys win, as in java.util.Properties.

#include <map>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace copycat {

using string_map = std::map<std::string, std::string, std::less<>>;

result<string_map> parse_properties(std::string_view text);
result<string_map> read_properties_file(const std::string& path);

// The value of `key` with surrounding whitespace trimmed (as Kafka's ConfigDef reads it); empty
// when the key is absent.
std::string trimmed_value(const string_map& config, std::string_view key);

}  // namespace copycat
