#include "rest/handlers/entities_json.hpp"

#include <string_view>

namespace copycat::rest::handlers {
namespace {

json::value nullable(const std::optional<std::string>& s) { return s ? json::value(*s) : json::value(nullptr); }

json::value strings(const std::vector<std::string>& items) {
    json::value out = json::value::make_array();
    for (const auto& s : items) out.push_back(s);
    return out;
}

void put_status(json::value& out, const herder::status_entry& s) {
    out.set("state", herder::state_name(s.state));
    out.set("worker_id", s.worker_id);
    if (!s.trace.empty()) out.set("trace", s.trace);
    // KIP-891: always present, null when unknown (a status written by an older worker), as Kafka 4.1.
    out.set("version", s.version.empty() ? json::value(nullptr) : json::value(s.version));
}

}  // namespace

json::value to_json(const server_info& info, const std::string& kafka_cluster_id) {
    json::value out = json::value::make_object();
    out.set("version", info.version);
    out.set("commit", info.commit);
    out.set("kafka_cluster_id", kafka_cluster_id.empty() ? json::value(nullptr) : json::value(kafka_cluster_id));
    return out;
}

json::value to_json(const string_map& config) {
    json::value out = json::value::make_object();
    for (const auto& [k, v] : config) out.set(k, v);
    return out;
}

json::value to_json(const herder::task_id& id) {
    json::value out = json::value::make_object();
    out.set("connector", id.connector);
    out.set("task", id.task);
    return out;
}

json::value to_json(const herder::connector_info& info) {
    json::value out = json::value::make_object();
    out.set("name", info.name);
    out.set("config", to_json(info.config));
    out.set("tasks", to_json_array(info.tasks));
    out.set("type", herder::connector_type_name(info.type));
    return out;
}

json::value to_json(const herder::task_info& info) {
    json::value out = json::value::make_object();
    out.set("id", to_json(info.id));
    out.set("config", to_json(info.config));
    return out;
}

json::value to_json(const herder::task_state& state) {
    json::value out = json::value::make_object();
    out.set("id", state.id);
    put_status(out, state.status);
    return out;
}

json::value to_json(const herder::connector_state_info& info) {
    json::value out = json::value::make_object();
    out.set("name", info.name);
    json::value connector = json::value::make_object();
    put_status(connector, info.connector);
    out.set("connector", std::move(connector));
    out.set("tasks", to_json_array(info.tasks));
    out.set("type", herder::connector_type_name(info.type));
    return out;
}

json::value to_json(const herder::plugin_info& info) {
    json::value out = json::value::make_object();
    out.set("class", info.class_name);
    out.set("type", info.type);
    if (info.version != "undefined") out.set("version", info.version);
    return out;
}

json::value to_json(const config_key_info& info) {
    json::value out = json::value::make_object();
    out.set("name", info.name);
    out.set("type", info.type);
    out.set("required", info.required);
    out.set("default_value", nullable(info.default_value));
    out.set("importance", info.importance);
    out.set("documentation", info.documentation);
    out.set("group", nullable(info.group));
    out.set("order_in_group", info.order);  // Kafka 4.4's name; 4.1 wrote "order", last
    out.set("width", info.width);
    out.set("display_name", info.display_name);
    out.set("dependents", strings(info.dependents));
    return out;
}

json::value to_json(const config_value_info& info) {
    json::value out = json::value::make_object();
    out.set("name", info.name);
    out.set("value", nullable(info.value));
    out.set("recommended_values", strings(info.recommended_values));
    out.set("errors", strings(info.errors));
    out.set("visible", info.visible);
    return out;
}

json::value to_json(const config_infos& infos) {
    json::value out = json::value::make_object();
    out.set("name", infos.name);
    out.set("error_count", infos.error_count);
    out.set("groups", strings(infos.groups));
    json::value configs = json::value::make_array();
    for (const config_info& c : infos.configs) {
        json::value entry = json::value::make_object();
        entry.set("definition", c.definition ? to_json(*c.definition) : json::value(nullptr));
        entry.set("value", c.value ? to_json(*c.value) : json::value(nullptr));
        configs.push_back(std::move(entry));
    }
    out.set("configs", std::move(configs));
    return out;
}

result<nullable_config> config_from_json(json::value body) {
    if (!body.is_object())
        return make_error(errc::invalid_argument, "Cannot deserialize a connector configuration from a JSON " +
                                                      std::string(json::kind_name(body.type())) +
                                                      "; a JSON object of strings is required");
    nullable_config out;
    for (json::member& m : body.as_object()) {
        json::value& v = m.val;
        if (v.is_null()) {
            out[m.name] = std::nullopt;
        } else if (v.is_string()) {
            out[m.name] = std::move(v.as_string());
        } else if (v.is_number() || v.is_bool()) {
            out[m.name] = json::dump(v);
        } else {
            return make_error(errc::invalid_argument, "Cannot deserialize value of type `java.lang.String` from " +
                                                          std::string(json::kind_name(v.type())) +
                                                          " value (configuration '" + m.name + "')");
        }
    }
    return out;
}

}  // namespace copycat::rest::handlers
