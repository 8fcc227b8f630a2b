#include "rest/handlers/topics_resource.hpp"

#include <string>
#include <vector>

namespace copycat::rest::handlers {

std::vector<endpoint> topics_resource::endpoints() {
    return {
        {"GET", "/connectors/{connector}/topics",
         [this](request req, responder respond) {
             if (!tracking_.enable) return respond(error_response(403, "Topic tracking is disabled.")), void();
             const std::string name(req.path_param("connector"));
             requests_.run<std::vector<std::string>>(
                 respond, [name](herder::herder& h, auto cb) { h.connector_active_topics(name, cb); },
                 [name](const std::vector<std::string>& topics) {
                     json::value list = json::value::make_array();
                     for (const std::string& t : topics) list.push_back(t);
                     json::value info = json::value::make_object();
                     info.set("topics", std::move(list));
                     json::value out = json::value::make_object();
                     out.set(name, std::move(info));
                     return json_response(200, out);
                 });
         },
         api_doc{"Topics",
                 "The topics a connector used",
                 {},
                 nullptr,
                 {{200, "The active topics", "ActiveTopics"},
                  {403, "topic.tracking.enable is false", "ErrorMessage"},
                  replies::not_found}}},
        {"PUT", "/connectors/{connector}/topics/reset",
         [this](request req, responder respond) {
             if (!tracking_.enable) return respond(error_response(403, "Topic tracking is disabled.")), void();
             if (!tracking_.allow_reset)
                 return respond(error_response(403, "Topic tracking reset is disabled.")), void();
             requests_.run<void>(
                 respond,
                 [name = std::string(req.path_param("connector"))](herder::herder& h, auto cb) {
                     h.reset_connector_active_topics(name, cb);
                 },
                 [] { return empty_response(202); });
         },
         api_doc{"Topics",
                 "Forget the topics a connector used",
                 {},
                 nullptr,
                 {{202, "Reset requested"},
                  {403, "topic.tracking.enable or topic.tracking.allow.reset is false", "ErrorMessage"},
                  replies::not_found}}},
    };
}

}  // namespace copycat::rest::handlers
