#pragma once
// Herder entities <-> Kafka Connect's JSON (member names and order as Kafka's Jackson writes
// them; see docs/rest-api.md#entities). Pure functions; safe from any thread.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "common/result.hpp"
#include "copycat/config/config_info.hpp"
#include "herder_api/entities.hpp"

namespace copycat::rest::handlers {

// GET / (Kafka: ServerInfo).
struct server_info {
    std::string version;
    std::string commit;
};

json::value to_json(const server_info& info, const std::string& kafka_cluster_id);
json::value to_json(const string_map& config);
json::value to_json(const herder::task_id& id);
json::value to_json(const herder::connector_info& info);
json::value to_json(const herder::task_info& info);
json::value to_json(const herder::task_state& state);
json::value to_json(const herder::connector_state_info& info);
json::value to_json(const herder::plugin_info& info);
json::value to_json(const config_key_info& info);
json::value to_json(const config_value_info& info);
json::value to_json(const config_infos& infos);

template <class T>
json::value to_json_array(const std::vector<T>& items) {
    json::value out = json::value::make_array();
    for (const T& item : items) out.push_back(to_json(item));
    return out;
}

// A JSON object of strings as a config map (Kafka reads it as Map<String, String>): numbers and
// booleans become their text, null stays null (nullopt). Objects and arrays as values, or a body
// that is not an object, are invalid_argument errors. The strings are moved out of `body`.
using nullable_config = std::map<std::string, std::optional<std::string>>;
result<nullable_config> config_from_json(json::value body);

}  // namespace copycat::rest::handlers
