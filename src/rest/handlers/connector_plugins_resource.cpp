#include "rest/handlers/connector_plugins_resource.hpp"

#include <string>
#include <utility>

#include "rest/handlers/entities_json.hpp"
#include "rest/handlers/rest_params.hpp"

namespace copycat::rest::handlers {
namespace {

// Kafka: ConnectorPluginsResource.normalizedPluginName — a trailing "Connector" is dropped.
std::string normalized_plugin_name(const std::string& name) {
    constexpr std::string_view suffix = "Connector";
    if (name.size() > suffix.size() && name.ends_with(suffix)) return name.substr(0, name.size() - suffix.size());
    return name;
}

}  // namespace

std::vector<endpoint> connector_plugins_resource::endpoints() {
    return {
        {"GET", "/connector-plugins",
         [this](request req, responder respond) {
             herder::herder* h = requests_.get();
             if (h == nullptr)
                 return respond(error_response(503, "The worker is still starting up and cannot handle requests yet")),
                        void();
             respond(
                 json_response(200, to_json_array(h->connector_plugins(bool_param(req, "connectorsOnly", true)))));
         },
         api_doc{"Plugins",
                 "The installed plugins",
                 {{"connectorsOnly", "boolean", "List connectors only (false: converters, transformations, ... too)",
                   "true"}},
                 nullptr,
                 {{200, "The plugins", "PluginInfo", "application/json", true}}}},
        {"GET", "/connector-plugins/{plugin}/config",
         [this](request req, responder respond) {
             requests_.run<std::vector<config_key_info>>(
                 respond,
                 [plugin = std::string(req.path_param("plugin"))](herder::herder& h, auto cb) {
                     h.connector_plugin_config(plugin, cb);
                 },
                 [](const std::vector<config_key_info>& keys) { return json_response(200, to_json_array(keys)); });
         },
         api_doc{"Plugins",
                 "The config definition of a plugin",
                 {},
                 nullptr,
                 {{200, "Its settings", "ConfigKeyInfo", "application/json", true},
                  {404, "No such plugin", "ErrorMessage"}}}},
        {"PUT", "/connector-plugins/{plugin}/config/validate",
         [this](request req, responder respond) { validate(req, respond); },
         api_doc{"Plugins",
                 "Validate a connector config",
                 {},
                 "ConnectorConfig",
                 {{200, "Every setting with its errors", "ConfigInfos"}, replies::bad_request}}},
    };
}

void connector_plugins_resource::validate(const request& req, const responder& respond) {
    const std::string plugin(req.path_param("plugin"));
    auto body = parse_json_body(req);
    if (!body) return respond(error_response(body.err())), void();
    auto parsed = config_from_json(std::move(*body));
    if (!parsed) return respond(error_response(parsed.err())), void();
    string_map config;
    for (auto& [k, v] : *parsed) {
        if (v) config.emplace(k, std::move(*v));
    }

    if (auto it = config.find("connector.class"); it != config.end()) {
        if (!normalized_plugin_name(it->second).ends_with(normalized_plugin_name(plugin)))
            return respond(error_response(
                       400, "Included connector type " + it->second + " does not match request type " + plugin)),
                   void();
    }
    requests_.run<config_infos>(
        respond,
        [config = std::move(config)](herder::herder& h, auto cb) mutable {
            h.validate_connector_config(std::move(config), cb);
        },
        [](const config_infos& infos) { return json_response(200, to_json(infos)); });
}

}  // namespace copycat::rest::handlers
