#include "rest/handlers/logging_resource.hpp"

#include <algorithm>
#include <cctype>
#include <string>

#include "common/logging.hpp"
#include "common/strings.hpp"

namespace copycat::rest::handlers {
namespace {

// Kafka: LoggerLevel.
json::value to_json(const log::logger_level& level) {
    json::value out = json::value::make_object();
    out.set("level", log::level_name(level.lvl));
    out.set("last_modified",
            level.last_modified ? json::value(static_cast<long long>(*level.last_modified)) : json::value(nullptr));
    return out;
}

}  // namespace

std::vector<endpoint> logging_resource::endpoints() {
    return {
        {"GET", "/admin/loggers",
         [](request, responder respond) {
             json::value out = json::value::make_object();
             for (const auto& [name, level] : log::logger_levels()) out.set(name, to_json(level));
             respond(json_response(200, out));
         },
         api_doc{"Loggers", "Every logger with a level set", {}, nullptr, {{200, "Logger levels", "LoggerLevels"}}}},
        {"GET", "/admin/loggers/{logger}",
         [](request req, responder respond) {
             const std::string name(req.path_param("logger"));
             auto level = log::logger_level_of(name);
             if (!level) return respond(error_response(404, "Logger " + name + " not found.")), void();
             respond(json_response(200, to_json(*level)));
         },
         api_doc{"Loggers",
                 "The level of one logger",
                 {},
                 nullptr,
                 {{200, "Its level", "LoggerLevel"}, {404, "No such logger", "ErrorMessage"}}}},
        {"PUT", "/admin/loggers/{logger}", [this](request req, responder respond) { set_level(req, respond); },
         api_doc{"Loggers",
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
                  {404, "Unknown level", "ErrorMessage"}}}},
    };
}

void logging_resource::set_level(const request& req, const responder& respond) {
    const std::string ns(req.path_param("logger"));
    auto body = parse_json_body(req);
    if (!body) return respond(error_response(body.err())), void();
    if (!body->is_object())
        return respond(error_response(400, "Cannot deserialize a logging level request from a JSON " +
                                               std::string(json::kind_name(body->type())))),
               void();
    const json::value* level_value = body->find("level");
    if (level_value == nullptr || level_value->is_null())
        return respond(error_response(400, "Desired 'level' parameter was not specified in request.")), void();
    const std::string level_text = level_value->is_string() ? level_value->as_string() : json::dump(*level_value);
    log::level level{};
    if (!log::parse_level(level_text, level))
        return respond(error_response(404, "invalid log level '" + level_text + "'.")), void();

    const std::string scope = to_lower(req.query_param("scope").value_or("worker"));
    if (scope == "cluster") {
        requests_.run<void>(
            respond, [ns, level_text](herder::herder& h, auto cb) { h.set_cluster_logger_level(ns, level_text, cb); },
            [] { return empty_response(204); });
        return;
    }
    if (scope != "worker")
        log::warn("Received invalid scope '{}' in request to adjust logging level; will default to worker", scope);
    log::info("Setting level of namespace {} and children to {}", ns, log::level_name(level));
    json::value affected = json::value::make_array();
    for (const std::string& name : log::set_logger_level(ns, level)) affected.push_back(name);
    respond(json_response(200, affected));
}

}  // namespace copycat::rest::handlers
