#pragma once
// A connector config as a file holds it (Kafka: ConnectStandalone.parseConnectorConfigurationFile),
// read by `copycat standalone` for its connector files and by copycat-cli for -f. The text is, in
// this order:
//   1. a JSON object of strings: the connector config itself;
//   2. a JSON creation request {"name": ..., "config": {...}, "initial_state": ...} (other members
//      ignored);
//   3. a Java .properties file.
// JSON numbers and booleans are read as their text, as Jackson reads a Map<String, String>.
// Whether a name is required, and what initial_state may be, is for the caller to decide.

#include <optional>
#include <string>
#include <string_view>

#include "common/properties.hpp"
#include "common/result.hpp"

namespace copycat {

struct connector_config_text {
    std::optional<std::string> name;           // the creation request's "name", else the config's "name"
    string_map config;                         // as written: holds "name" only when the text had it there
    std::optional<std::string> initial_state;  // the creation request's, unchecked
};

// invalid_argument naming `source` (a file name, or "stdin") for text that is none of the above.
result<connector_config_text> parse_connector_config_text(std::string_view text, const std::string& source);

// The whole of a file, or of standard input for "-"; invalid_argument naming the file otherwise.
result<std::string> read_text_input(const std::string& path);

}  // namespace copycat
