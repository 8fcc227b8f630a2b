#include "rest/handlers/connectors_resource.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <string>
#include <utility>
#include <vector>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "rest/handlers/entities_json.hpp"
#include "rest/handlers/rest_params.hpp"

namespace copycat::rest::handlers {
namespace {

namespace hd = copycat::herder;

// Kafka: ConnectorsResource.checkAndPutConnectorConfigName.
result<void> check_and_put_name(const std::string& name, string_map& config) {
    auto it = config.find("name");
    if (it == config.end()) {
        config.emplace("name", name);
        return {};
    }
    if (it->second != name)
        return make_error(errc::invalid_argument, "Connector name configuration (" + it->second +
                                                      ") doesn't match connector name in the URL (" + name + ")");
    return {};
}

// Kafka rejects null values during validation with this message, once per key. Takes the values
// (a value may be megabytes: docs/rest-api.md#limits).
result<string_map> without_nulls(nullable_config config) {
    string_map out;
    int nulls = 0;
    std::string errors;
    for (auto& [k, v] : config) {
        if (v) {
            out.emplace(k, std::move(*v));
        } else {
            ++nulls;
            errors += "\nNull value can not be supplied as the configuration value.";
        }
    }
    if (nulls > 0)
        return make_error(errc::invalid_argument, "Connector configuration is invalid and contains the following " +
                                                      std::to_string(nulls) + " error(s):" + errors +
                                                      "\nYou can also find the above list of errors at the endpoint "
                                                      "`/connector-plugins/{connectorType}/config/validate`");
    return out;
}

result<string_map> config_body(const request& req) {
    COPYCAT_TRY(auto body, parse_json_body(req));
    COPYCAT_TRY(auto config, config_from_json(std::move(body)));
    return without_nulls(std::move(config));
}

// A JSON array of task configs (objects of strings).
result<std::vector<string_map>> task_configs_body(const request& req) {
    COPYCAT_TRY(auto body, parse_json_body(req));
    if (!body.is_array()) return make_error(errc::invalid_argument, "Task configs must be a JSON array of objects");
    std::vector<string_map> out;
    for (json::value& item : body.as_array()) {
        COPYCAT_TRY(auto config, config_from_json(std::move(item)));
        COPYCAT_TRY(auto cleaned, without_nulls(std::move(config)));
        out.push_back(std::move(cleaned));
    }
    return out;
}

response created_response(const request& req, const hd::created_connector& created, int status_if_not_created) {
    if (!created.created) return json_response(status_if_not_created, to_json(created.info));
    return json_response(201, to_json(created.info))
        .with_header("Location", connector_location(req, created.info.name));
}

}  // namespace

std::vector<endpoint> connectors_resource::endpoints() {
    return {
        {"GET", "/connectors", [this](request req, responder respond) { list(req, respond); },
         api_doc{"Connectors",
                 "List the connectors, optionally with their status and info",
                 {{"expand",
                   "string",
                   "status and/or info: answer an object per connector instead of names",
                   nullptr,
                   true,
                   {"status", "info"}}},
                 nullptr,
                 {{200, "Connector names; with expand, an object per connector (with an ETag)", "ConnectorList"},
                  {304, "With expand: If-None-Match named the listing's current ETag"}}}},
        {"POST", "/connectors", [this](request req, responder respond) { create(req, respond); },
         api_doc{"Connectors",
                 "Create a connector",
                 {},
                 "CreateConnectorRequest",
                 {{201, "Created; Location names the connector", "ConnectorInfo"},
                  replies::bad_request,
                  {409, "The connector already exists, or a rebalance is in progress", "ErrorMessage"}}}},

        {"GET", "/connectors/{connector}",
         requests_.on_connector(&hd::herder::connector_info,
                                [](const hd::connector_info& info) { return json_response(200, to_json(info)); }),
         api_doc{"Connectors",
                 "A connector's config and tasks",
                 {},
                 nullptr,
                 {{200, "The connector", "ConnectorInfo"}, replies::not_found}}},
        {"DELETE", "/connectors/{connector}",
         requests_.on_connector(&hd::herder::delete_connector_config, [] { return empty_response(204); }),
         api_doc{"Connectors",
                 "Delete a connector",
                 {},
                 nullptr,
                 {{204, "Deleted"}, replies::not_found, replies::conflict}}},

        {"GET", "/connectors/{connector}/config",
         requests_.on_connector(&hd::herder::connector_config,
                                [](const string_map& config) { return json_response(200, to_json(config)); }),
         api_doc{"Connectors",
                 "A connector's config",
                 {},
                 nullptr,
                 {{200, "The config", "ConnectorConfig"}, replies::not_found}}},
        {"PUT", "/connectors/{connector}/config", [this](request req, responder respond) { put_config(req, respond); },
         api_doc{"Connectors",
                 "Create or replace a connector's config",
                 {},
                 "ConnectorConfig",
                 {{200, "Updated", "ConnectorInfo"},
                  {201, "Created; Location names the connector", "ConnectorInfo"},
                  replies::bad_request,
                  replies::conflict}}},
        {"PATCH", "/connectors/{connector}/config",
         [this](request req, responder respond) { patch_config(req, respond); },
         api_doc{"Connectors",
                 "Change some settings of a connector",
                 {},
                 "ConfigPatch",
                 {{200, "Updated", "ConnectorInfo"}, replies::bad_request, replies::not_found, replies::conflict}}},

        {"GET", "/connectors/{connector}/status",
         requests_.on_connector(
             &hd::herder::connector_status,
             [](const hd::connector_state_info& info) { return json_response(200, to_json(info)); }),
         api_doc{"Connectors",
                 "The state of a connector and its tasks",
                 {},
                 nullptr,
                 {{200, "The status", "ConnectorStateInfo"}, replies::not_found}}},

        {"GET", "/connectors/{connector}/tasks",
         requests_.on_connector(
             &hd::herder::task_configs,
             [](const std::vector<hd::task_info>& tasks) { return json_response(200, to_json_array(tasks)); }),
         api_doc{"Tasks",
                 "A connector's task configs",
                 {},
                 nullptr,
                 {{200, "The tasks", "TaskInfo", "application/json", true}, replies::not_found}}},
        // Internal: the worker running a connector sends the task configs it generated to the leader.
        {"POST", "/connectors/{connector}/tasks",
         [this](request req, responder respond) {
             auto configs = task_configs_body(req);
             if (!configs) return respond(error_response(configs.err())), void();
             auto signature = request_signature_of(req);
             if (!signature) return respond(error_response(signature.err())), void();
             requests_.run<void>(
                 respond,
                 [name = std::string(req.path_param("connector")), configs = std::move(*configs),
                  signature = std::move(*signature)](hd::herder& h, auto cb) mutable {
                     h.put_task_configs(name, std::move(configs), std::move(signature), cb);
                 },
                 [] { return empty_response(204); });
         },
         std::nullopt},
        // Internal (KIP-618): a worker about to start an exactly-once source task asks the leader to
        // fence the connector's earlier task producers; answered once the task-count record is written.
        {"PUT", "/connectors/{connector}/fence",
         [this](request req, responder respond) {
             auto signature = request_signature_of(req);
             if (!signature) return respond(error_response(signature.err())), void();
             requests_.run<void>(
                 respond,
                 [name = std::string(req.path_param("connector")),
                  signature = std::move(*signature)](hd::herder& h, auto cb) mutable {
                     h.fence_zombies(name, std::move(signature), cb);
                 },
                 [] { return empty_response(204); });
         },
         std::nullopt},
        {"GET", "/connectors/{connector}/tasks/{task}/status",
         [this](request req, responder respond) {
             auto id = task_id_param(req);
             if (!id) return respond(error_response(id.err())), void();
             requests_.run<hd::task_state>(
                 respond, [id = *id](hd::herder& h, auto cb) { h.task_status(id, cb); },
                 [](const hd::task_state& state) { return json_response(200, to_json(state)); });
         },
         api_doc{"Tasks",
                 "The state of one task",
                 {},
                 nullptr,
                 {{200, "The task's state", "TaskState"}, {404, "No such task", "ErrorMessage"}}}},
        {"POST", "/connectors/{connector}/tasks/{task}/restart",
         [this](request req, responder respond) {
             auto id = task_id_param(req);
             if (!id) return respond(error_response(id.err())), void();
             requests_.run<void>(
                 respond, [id = *id](hd::herder& h, auto cb) { h.restart_task(id, cb); },
                 [] { return empty_response(204); });
         },
         api_doc{"Tasks",
                 "Restart one task",
                 {},
                 nullptr,
                 {{204, "Restarted"}, {404, "No such task", "ErrorMessage"}, replies::conflict}}},

        {"POST", "/connectors/{connector}/restart", [this](request req, responder respond) { restart(req, respond); },
         api_doc{"Connectors",
                 "Restart a connector and optionally its tasks",
                 {{"includeTasks", "boolean", "Restart the tasks too", "false"},
                  {"onlyFailed", "boolean", "Restart only what failed", "false"}},
                 nullptr,
                 {{202, "Restart requested; what restarts is shown as RESTARTING", "ConnectorStateInfo"},
                  {204, "The connector instance restarted (both flags false)"},
                  replies::not_found,
                  replies::conflict}}},

        {"PUT", "/connectors/{connector}/pause",
         requests_.on_connector(&hd::herder::pause_connector, [] { return empty_response(202); }),
         api_doc{"Connectors",
                 "Pause a connector and its tasks",
                 {},
                 nullptr,
                 {{202, "Pause requested"}, replies::not_found}}},
        {"PUT", "/connectors/{connector}/resume",
         requests_.on_connector(&hd::herder::resume_connector, [] { return empty_response(202); }),
         api_doc{"Connectors",
                 "Resume a paused or stopped connector",
                 {},
                 nullptr,
                 {{202, "Resume requested"}, replies::not_found}}},
        {"PUT", "/connectors/{connector}/stop",
         requests_.on_connector(&hd::herder::stop_connector, [] { return empty_response(204); }),
         api_doc{"Connectors",
                 "Stop a connector and shut its tasks down",
                 {},
                 nullptr,
                 {{204, "Stopped"}, replies::not_found, replies::conflict}}},
    };
}

void connectors_resource::list(const request& req, const responder& respond) {
    if (!req.query_param("expand")) {
        requests_.run<std::vector<std::string>>(
            respond, [](hd::herder& h, auto cb) { h.connectors(cb); },
            [](const std::vector<std::string>& names) {
                json::value out = json::value::make_array();
                for (const auto& n : names) out.push_back(n);
                return json_response(200, out);
            });
        return;
    }
    std::vector<std::string> order;
    for (std::string_view e : req.query_values("expand")) {
        if (e == "status" || e == "info") {
            if (std::find(order.begin(), order.end(), e) == order.end()) order.emplace_back(e);
        } else {
            log::info("Ignoring unknown expansion type {}", e);
        }
    }
    // From the herder's snapshots, rendered once per change (docs/scale.md "REST under load").
    const hd::herder* h = requests_.get();
    if (h == nullptr) return respond(herder_requests::starting_up()), void();
    const hd::connector_listing* listing = h->listing();
    if (listing == nullptr)
        return respond(error_response(hd::herder::unsupported("expanding the connector list"))), void();
    const std::shared_ptr<const listing_cache::page> page = listings_.get(*listing, order);
    if (auto tags = req.header("If-None-Match"); tags && etag_matches(*tags, page->etag))
        return respond(empty_response(304).with_header("ETag", page->etag)), void();
    response r;
    r.shared_body = std::shared_ptr<const std::string>(page, &page->body);  // shared, not copied
    r.content_type = std::string(json_content_type);
    respond(std::move(r).with_header("ETag", page->etag));
}

void connectors_resource::create(const request& req, const responder& respond) {
    auto body = parse_json_body(req);
    if (!body) return respond(error_response(body.err())), void();
    if (!body->is_object())
        return respond(error_response(400, "Cannot deserialize a connector creation request from a JSON " +
                                               std::string(json::kind_name(body->type())))),
               void();
    const json::value* name_value = body->find("name");
    if (name_value != nullptr && !name_value->is_null() && !name_value->is_string())
        return respond(error_response(400, "The connector name must be a JSON string")), void();
    const std::string name(trim(name_value != nullptr && name_value->is_string() ? name_value->as_string() : ""));

    string_map config;
    if (json::value* c = body->find("config"); c != nullptr && !c->is_null()) {
        auto parsed = config_from_json(std::move(*c));
        if (!parsed) return respond(error_response(parsed.err())), void();
        auto cleaned = without_nulls(std::move(*parsed));
        if (!cleaned) return respond(error_response(cleaned.err())), void();
        config = std::move(*cleaned);
    }
    std::optional<target_state> initial;
    if (const json::value* s = body->find("initial_state"); s != nullptr && !s->is_null()) {
        if (s->is_string()) initial = hd::parse_initial_state(s->as_string());
        if (!initial)
            return respond(error_response(
                       400, "Invalid initial_state " + json::dump(*s) + ": expected one of RUNNING, PAUSED, STOPPED")),
                   void();
    }
    if (auto checked = check_and_put_name(name, config); !checked)
        return respond(error_response(checked.err())), void();
    *body = json::value();  // what was parsed is in `config` now: let it go before the herder's work

    requests_.run<hd::created_connector>(
        respond,
        [name, config = std::move(config), initial](hd::herder& h, auto cb) mutable {
            h.put_connector_config(name, std::move(config), initial, false, cb);
        },
        [req](const hd::created_connector& created) { return created_response(req, created, 201); });
}

void connectors_resource::put_config(const request& req, const responder& respond) {
    const std::string name(req.path_param("connector"));
    auto config = config_body(req);
    if (!config) return respond(error_response(config.err())), void();
    if (auto checked = check_and_put_name(name, *config); !checked)
        return respond(error_response(checked.err())), void();
    requests_.run<hd::created_connector>(
        respond,
        [name, config = std::move(*config)](hd::herder& h, auto cb) mutable {
            h.put_connector_config(name, std::move(config), std::nullopt, true, cb);
        },
        [req](const hd::created_connector& created) { return created_response(req, created, 200); });
}

void connectors_resource::patch_config(const request& req, const responder& respond) {
    const std::string name(req.path_param("connector"));
    auto body = parse_json_body(req);
    if (!body) return respond(error_response(body.err())), void();
    auto patch = config_from_json(std::move(*body));
    if (!patch) return respond(error_response(patch.err())), void();
    requests_.run<hd::created_connector>(
        respond,
        [name, patch = std::move(*patch)](hd::herder& h, auto cb) mutable {
            h.patch_connector_config(name, std::move(patch), cb);
        },
        [](const hd::created_connector& created) { return json_response(200, to_json(created.info)); });
}

void connectors_resource::restart(const request& req, const responder& respond) {
    hd::restart_request restart{std::string(req.path_param("connector")), bool_param(req, "onlyFailed", false),
                                bool_param(req, "includeTasks", false)};
    if (restart.connector_only()) {
        requests_.run<void>(
            respond, [name = restart.connector](hd::herder& h, auto cb) { h.restart_connector(name, cb); },
            [] { return empty_response(204); });
        return;
    }
    requests_.run<hd::connector_state_info>(
        respond, [restart](hd::herder& h, auto cb) { h.restart_connector_and_tasks(restart, cb); },
        [](const hd::connector_state_info& info) { return json_response(202, to_json(info)); });
}

}  // namespace copycat::rest::handlers
