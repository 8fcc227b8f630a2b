#pragma once
// Configs crossing between Copycat and Java as JSON text (docs/jvm-bridge.md "Crossing records
// and configs"): string maps one way; a Java ConfigDef and Connector.validate()'s ConfigValues
// the other, with values already in Kafka's string form (ConfigDef.convertToString), so that the
// REST answers show what Kafka Connect shows.

#include <map>
#include <string>
#include <vector>

#include "copycat/config/config_def.hpp"
#include "copycat/config/config_value.hpp"

namespace copycat::jvm {

std::string string_map_to_json(const std::map<std::string, std::string>& map);

// PluginCalls.configDef's JSON as a config_def (no validators: Java validates).
config_def config_def_from_json(const std::string& text);

// PluginCalls.validate's JSON as config values holding Kafka's string forms.
std::vector<config_value> config_values_from_json(const std::string& text);

// PluginCalls.taskConfigs's JSON.
std::vector<std::map<std::string, std::string>> string_maps_from_json(const std::string& text);

}  // namespace copycat::jvm
