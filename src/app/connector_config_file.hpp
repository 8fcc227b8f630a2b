#pragma once
// The connector config files given on the command line (Kafka:
// ConnectStandalone.parseConnectorConfigurationFile). A file is read as, in this order:
//   1. a JSON object of strings: the connector config itself (it must contain "name");
//   2. a JSON creation request {"name": ..., "config": {...}, "initial_state": ...} (other members
//      ignored; a "name" inside "config" must match);
//   3. a Java .properties file (it must contain "name").

#include <optional>
#include <string>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "runtime/worker_state.hpp"

namespace copycat::app {

struct connector_request {
    std::string name;
    string_map config;  // holds "name"
    std::optional<runtime::target_state> initial_state;
};

// invalid_argument with a message naming the file for a file that cannot be read or holds no
// usable connector config.
result<connector_request> read_connector_config_file(const std::string& path);

// The same, from the file's text (`path` is only used in messages).
result<connector_request> parse_connector_config(const std::string& text, const std::string& path);

}  // namespace copycat::app
