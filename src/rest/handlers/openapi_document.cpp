#include "rest/handlers/openapi_document.hpp"

#include <cctype>

#include "rest/handlers/openapi_schemas.hpp"

namespace copycat::rest::handlers {
namespace {

struct query_param {
    const char* name;
    const char* type;  // "boolean", "string"
    const char* description;
    const char* default_value = nullptr;  // as JSON text of the type, e.g. "false"
    bool repeated = false;
    std::vector<const char*> values = {};  // enum
};

struct reply {
    int status;
    const char* description;
    const char* schema = nullptr;  // component name; nullptr: no body
    const char* media = "application/json";
};

struct operation {
    const char* method;
    const char* path;
    const char* tag;
    const char* summary;
    std::vector<query_param> query = {};
    const char* body = nullptr;  // component name of the request body
    std::vector<reply> replies = {};
    bool deprecated = false;
};

// Kafka: RequestTargetException answered without a target, or a rebalance in progress.
constexpr reply conflict{409, "A rebalance is in progress or the leader is unknown; retry", "ErrorMessage"};
constexpr reply not_found{404, "No such connector", "ErrorMessage"};
constexpr reply bad_request{400, "Malformed or invalid input", "ErrorMessage"};

// The public REST API. Path parameters come from the templates ({task} is an integer).
const std::vector<operation>& operations() {
    static const std::vector<operation> ops = {
        {"GET",
         "/",
         "Server",
         "Version, commit and Kafka cluster id of this worker",
         {},
         nullptr,
         {{200, "Server information", "ServerInfo"}}},
        {"GET",
         "/health",
         "Server",
         "Whether the worker is ready to handle requests",
         {},
         nullptr,
         {{200, "Healthy", "WorkerStatus"},
          {500, "Unhealthy (the herder did not answer in time)", "WorkerStatus"},
          {503, "Still starting", "WorkerStatus"}}},

        {"GET",
         "/connectors",
         "Connectors",
         "List the connectors, optionally with their status and info",
         {{"expand",
           "string",
           "status and/or info: answer an object per connector instead of names",
           nullptr,
           true,
           {"status", "info"}}},
         nullptr,
         {{200, "Connector names; with expand, an object per connector", "ConnectorList"}}},
        {"POST",
         "/connectors",
         "Connectors",
         "Create a connector",
         {},
         "CreateConnectorRequest",
         {{201, "Created; Location names the connector", "ConnectorInfo"},
          bad_request,
          {409, "The connector already exists, or a rebalance is in progress", "ErrorMessage"}}},
        {"GET",
         "/connectors/{connector}",
         "Connectors",
         "A connector's config and tasks",
         {},
         nullptr,
         {{200, "The connector", "ConnectorInfo"}, not_found}},
        {"DELETE",
         "/connectors/{connector}",
         "Connectors",
         "Delete a connector",
         {},
         nullptr,
         {{204, "Deleted"}, not_found, conflict}},
        {"GET",
         "/connectors/{connector}/config",
         "Connectors",
         "A connector's config",
         {},
         nullptr,
         {{200, "The config", "ConnectorConfig"}, not_found}},
        {"PUT",
         "/connectors/{connector}/config",
         "Connectors",
         "Create or replace a connector's config",
         {},
         "ConnectorConfig",
         {{200, "Updated", "ConnectorInfo"},
          {201, "Created; Location names the connector", "ConnectorInfo"},
          bad_request,
          conflict}},
        {"PATCH",
         "/connectors/{connector}/config",
         "Connectors",
         "Change some settings of a connector",
         {},
         "ConfigPatch",
         {{200, "Updated", "ConnectorInfo"}, bad_request, not_found, conflict}},
        {"GET",
         "/connectors/{connector}/status",
         "Connectors",
         "The state of a connector and its tasks",
         {},
         nullptr,
         {{200, "The status", "ConnectorStateInfo"}, not_found}},
        {"GET",
         "/connectors/{connector}/tasks",
         "Tasks",
         "A connector's task configs",
         {},
         nullptr,
         {{200, "The tasks", "TaskInfo", "application/json"}, not_found}},
        {"GET",
         "/connectors/{connector}/tasks-config",
         "Tasks",
         "Task configs by task id (deprecated by KIP-970)",
         {},
         nullptr,
         {{200, "The task configs", "TasksConfig"}, not_found},
         true},
        {"GET",
         "/connectors/{connector}/tasks/{task}/status",
         "Tasks",
         "The state of one task",
         {},
         nullptr,
         {{200, "The task's state", "TaskState"}, {404, "No such task", "ErrorMessage"}}},
        {"POST",
         "/connectors/{connector}/tasks/{task}/restart",
         "Tasks",
         "Restart one task",
         {},
         nullptr,
         {{204, "Restarted"}, {404, "No such task", "ErrorMessage"}, conflict}},
        {"POST",
         "/connectors/{connector}/restart",
         "Connectors",
         "Restart a connector and optionally its tasks",
         {{"includeTasks", "boolean", "Restart the tasks too", "false"},
          {"onlyFailed", "boolean", "Restart only what failed", "false"}},
         nullptr,
         {{202, "Restart requested; what restarts is shown as RESTARTING", "ConnectorStateInfo"},
          {204, "The connector instance restarted (both flags false)"},
          not_found,
          conflict}},
        {"PUT",
         "/connectors/{connector}/pause",
         "Connectors",
         "Pause a connector and its tasks",
         {},
         nullptr,
         {{202, "Pause requested"}, not_found}},
        {"PUT",
         "/connectors/{connector}/resume",
         "Connectors",
         "Resume a paused or stopped connector",
         {},
         nullptr,
         {{202, "Resume requested"}, not_found}},
        {"PUT",
         "/connectors/{connector}/stop",
         "Connectors",
         "Stop a connector and shut its tasks down",
         {},
         nullptr,
         {{204, "Stopped"}, not_found, conflict}},
        {"GET",
         "/connectors/{connector}/offsets",
         "Offsets",
         "A connector's committed offsets",
         {},
         nullptr,
         {{200, "The offsets", "ConnectorOffsets"}, not_found}},
        {"PATCH",
         "/connectors/{connector}/offsets",
         "Offsets",
         "Alter a stopped connector's offsets",
         {},
         "ConnectorOffsets",
         {{200, "Altered", "Message"},
          {400, "Not STOPPED, or no offsets given", "ErrorMessage"},
          not_found,
          conflict,
          {500,
           "The connector or the broker rejected the offsets (e.g. a nested value, an unknown topic); Kafka answers "
           "these with 500 too",
           "ErrorMessage"}}},
        {"DELETE",
         "/connectors/{connector}/offsets",
         "Offsets",
         "Reset a stopped connector's offsets",
         {},
         nullptr,
         {{200, "Reset", "Message"}, {400, "The connector is not STOPPED", "ErrorMessage"}, not_found, conflict}},
        {"GET",
         "/connectors/{connector}/topics",
         "Topics",
         "The topics a connector used",
         {},
         nullptr,
         {{200, "The active topics", "ActiveTopics"},
          {403, "topic.tracking.enable is false", "ErrorMessage"},
          not_found}},
        {"PUT",
         "/connectors/{connector}/topics/reset",
         "Topics",
         "Forget the topics a connector used",
         {},
         nullptr,
         {{202, "Reset requested"},
          {403, "topic.tracking.enable or topic.tracking.allow.reset is false", "ErrorMessage"},
          not_found}},

        {"GET",
         "/connector-plugins",
         "Plugins",
         "The installed plugins",
         {{"connectorsOnly", "boolean", "List connectors only (false: converters, transformations, ... too)", "true"}},
         nullptr,
         {{200, "The plugins", "PluginInfo"}}},
        {"GET",
         "/connector-plugins/{plugin}/config",
         "Plugins",
         "The config definition of a plugin",
         {},
         nullptr,
         {{200, "Its settings", "ConfigKeyInfo"}, {404, "No such plugin", "ErrorMessage"}}},
        {"PUT",
         "/connector-plugins/{plugin}/config/validate",
         "Plugins",
         "Validate a connector config",
         {},
         "ConnectorConfig",
         {{200, "Every setting with its errors", "ConfigInfos"}, bad_request}},

        {"GET",
         "/admin/loggers",
         "Loggers",
         "Every logger with a level set",
         {},
         nullptr,
         {{200, "Logger levels", "LoggerLevels"}}},
        {"GET",
         "/admin/loggers/{logger}",
         "Loggers",
         "The level of one logger",
         {},
         nullptr,
         {{200, "Its level", "LoggerLevel"}, {404, "No such logger", "ErrorMessage"}}},
        {"PUT",
         "/admin/loggers/{logger}",
         "Loggers",
         "Set the level of a logger (and its children)",
         {{"scope",
           "string",
           "worker: this worker only; cluster: every worker (through the config topic)",
           "\"worker\"",
           false,
           {"worker", "cluster"}}},
         "LoggerLevelRequest",
         {{200, "The loggers changed (scope=worker)", "Names"},
          {204, "Requested on every worker (scope=cluster)"},
          {400, "No level given", "ErrorMessage"},
          {404, "Unknown level", "ErrorMessage"}}},

        {"GET",
         "/metrics",
         "Copycat",
         "Worker and task metrics in the Prometheus text format",
         {},
         nullptr,
         {{200, "The exposition (README.md, Metrics)", nullptr, "text/plain; version=0.0.4"}}},
        {"GET", "/openapi.json", "Copycat", "This document", {}, nullptr, {{200, "The OpenAPI 3 document", nullptr}}},
    };
    return ops;
}

json::value ref(const char* component) {
    json::value v = json::value::make_object();
    v.set("$ref", std::string("#/components/schemas/") + component);
    return v;
}

json::value string_schema(const char* type) {
    json::value v = json::value::make_object();
    v.set("type", type);
    return v;
}

// The path parameters of a template, in order.
std::vector<std::string> path_params(std::string_view path) {
    std::vector<std::string> out;
    for (auto open = path.find('{'); open != std::string_view::npos; open = path.find('{', open + 1)) {
        const auto close = path.find('}', open);
        out.emplace_back(path.substr(open + 1, close - open - 1));
    }
    return out;
}

std::string operation_id(const operation& op) {
    std::string id;
    for (const char c : std::string(op.method)) id += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    bool upper_next = true;
    for (const char c : std::string_view(op.path)) {
        if (c == '/' || c == '-' || c == '.' || c == '{' || c == '}') {
            upper_next = true;
            continue;
        }
        id += upper_next ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
        upper_next = false;
    }
    return id == "get" ? "getRoot" : id;
}

json::value parameters_of(const operation& op) {
    json::value params = json::value::make_array();
    for (const auto& name : path_params(op.path)) {
        json::value p = json::value::make_object();
        p.set("name", name);
        p.set("in", "path");
        p.set("required", true);
        p.set("schema", string_schema(name == "task" ? "integer" : "string"));
        params.push_back(std::move(p));
    }
    for (const auto& q : op.query) {
        json::value p = json::value::make_object();
        p.set("name", q.name);
        p.set("in", "query");
        p.set("required", false);
        p.set("description", q.description);
        json::value schema = string_schema(q.type);
        if (!q.values.empty()) {
            json::value values = json::value::make_array();
            for (const char* v : q.values) values.push_back(v);
            schema.set("enum", std::move(values));
        }
        if (q.default_value != nullptr) {
            if (auto d = json::parse(q.default_value)) schema.set("default", std::move(*d));
        }
        if (q.repeated) {
            json::value array = string_schema("array");
            array.set("items", std::move(schema));
            p.set("schema", std::move(array));
            p.set("style", "form");
            p.set("explode", true);
        } else {
            p.set("schema", std::move(schema));
        }
        params.push_back(std::move(p));
    }
    return params;
}

json::value content(const char* media, json::value schema) {
    json::value type = json::value::make_object();
    type.set("schema", std::move(schema));
    json::value out = json::value::make_object();
    out.set(media, std::move(type));
    return out;
}

json::value responses_of(const operation& op) {
    json::value out = json::value::make_object();
    for (const auto& r : op.replies) {
        json::value resp = json::value::make_object();
        resp.set("description", r.description);
        if (r.schema != nullptr) {
            json::value schema = ref(r.schema);
            // Endpoints answering arrays of an entity.
            const std::string path = op.path;
            const bool list =
                r.status == 200 && (path == "/connector-plugins" || path == "/connector-plugins/{plugin}/config" ||
                                    path == "/connectors/{connector}/tasks");
            if (list) {
                json::value array = string_schema("array");
                array.set("items", std::move(schema));
                schema = std::move(array);
            }
            resp.set("content", content(r.media, std::move(schema)));
        } else if (std::string_view(r.media) != "application/json" || r.status == 200) {
            json::value schema = string_schema(std::string_view(r.media) == "application/json" ? "object" : "string");
            resp.set("content", content(r.media, std::move(schema)));
        }
        out.set(std::to_string(r.status), std::move(resp));
    }
    json::value fallback = json::value::make_object();
    fallback.set("description", "Any other error (500: an internal error or a request timeout)");
    fallback.set("content", content("application/json", ref("ErrorMessage")));
    out.set("default", std::move(fallback));
    return out;
}

json::value operation_json(const operation& op) {
    json::value o = json::value::make_object();
    json::value tags = json::value::make_array();
    tags.push_back(op.tag);
    o.set("tags", std::move(tags));
    o.set("summary", op.summary);
    o.set("operationId", operation_id(op));
    if (op.deprecated) o.set("deprecated", true);
    if (auto params = parameters_of(op); !params.as_array().empty()) o.set("parameters", std::move(params));
    if (op.body != nullptr) {
        json::value body = json::value::make_object();
        body.set("required", true);
        body.set("content", content("application/json", ref(op.body)));
        o.set("requestBody", std::move(body));
    }
    o.set("responses", responses_of(op));
    return o;
}

std::string lower(const char* method) {
    std::string out(method);
    for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

json::value openapi_document(std::string_view version) {
    json::value doc = json::value::make_object();
    doc.set("openapi", "3.0.3");
    json::value info = json::value::make_object();
    info.set("title", "Copycat REST API");
    info.set("version", version);
    info.set("description",
             "Kafka Connect's REST API as Copycat serves it (same paths, JSON and status codes), plus /metrics and "
             "/openapi.json. Errors are {\"error_code\": <status>, \"message\": <text>}. With basic authentication "
             "on (rest.basic.auth.credentials.file), requests need an Authorization: Basic header.");
    doc.set("info", std::move(info));

    json::value paths = json::value::make_object();
    for (const auto& op : operations()) {
        json::value* item = paths.find(op.path);
        if (item == nullptr) item = &paths.set(op.path, json::value::make_object());
        item->set(lower(op.method), operation_json(op));
    }
    doc.set("paths", std::move(paths));

    json::value components = json::value::make_object();
    components.set("schemas", openapi_schemas());
    json::value basic = json::value::make_object();
    basic.set("type", "http");
    basic.set("scheme", "basic");
    json::value schemes = json::value::make_object();
    schemes.set("basicAuth", std::move(basic));
    components.set("securitySchemes", std::move(schemes));
    doc.set("components", std::move(components));
    return doc;
}

std::vector<documented_route> documented_routes() {
    std::vector<documented_route> out;
    for (const auto& op : operations()) out.push_back({op.method, op.path});
    return out;
}

std::vector<documented_route> internal_routes() {
    return {
        {"POST", "/connectors/{connector}/tasks"},  // task configs from a connector's owner to the leader
        {"POST", "/internal/departures"},           // a worker leaving the group tells the leader
    };
}

}  // namespace copycat::rest::handlers
