#include "rest/handlers/root_resource.hpp"

#include <string>

#include "common/strings.hpp"
#include "rest/handlers/rest_params.hpp"

namespace copycat::rest::handlers {
namespace {

response worker_status(int status, std::string_view state, std::string_view message) {
    json::value body = json::value::make_object();
    body.set("status", state);
    body.set("message", message);
    return json_response(status, body);
}

response starting() { return worker_status(503, "starting", "Worker is still starting up."); }

// Whether the Accept header lists text/html, as a browser's navigation does: GET / then sends the
// browser to the dashboard (docs/dashboard.md). curl (*/*) and Kafka Connect's clients
// (application/json) keep getting the server information.
bool accepts_html(const request& req) {
    const auto accept = req.header("Accept");
    if (!accept) return false;
    for (const std::string& range : split_list(*accept, ',')) {
        if (iequals(trim_whitespace(std::string_view(range).substr(0, range.find(';'))), "text/html")) return true;
    }
    return false;
}

}  // namespace

std::vector<endpoint> root_resource::endpoints() {
    return {
        {"GET", "/",
         [this](request req, responder respond) {
             // Relative, so that it also works behind a proxy that adds a path prefix.
             if (accepts_html(req)) return respond(empty_response(302).with_header("Location", "ui/")), void();
             herder::herder* h = requests_.get();
             respond(json_response(200, to_json(info_, h == nullptr ? std::string() : h->kafka_cluster_id())));
         },
         api_doc{"Server",
                 "Version, commit and Kafka cluster id of this worker",
                 {},
                 nullptr,
                 {{200, "Server information", "ServerInfo"},
                  {302, "A browser (Accept: text/html) is sent to the dashboard, ui/", nullptr}}}},
        {"GET", "/health", [this](request, responder respond) { health(respond); },
         api_doc{"Server",
                 "Whether the worker is ready to handle requests",
                 {},
                 nullptr,
                 {{200, "Healthy", "WorkerStatus"},
                  {500, "Unhealthy (the herder did not answer in time)", "WorkerStatus"},
                  {503, "Still starting", "WorkerStatus"}}}},
        // Internal, between workers: a worker about to leave the group tells the leader.
        {"POST", "/internal/departures",
         [this](request req, responder respond) {
             auto body = parse_json_body(req);
             if (!body) return respond(error_response(body.err())), void();
             const json::value* url = body->is_object() ? body->find("url") : nullptr;
             if (url == nullptr || !url->is_string())
                 return respond(error_response(400, "Expected {\"url\": \"<the leaving worker's URL>\"}")), void();
             auto signature = request_signature_of(req);
             if (!signature) return respond(error_response(signature.err())), void();
             requests_.run<void>(
                 respond,
                 [u = url->as_string(), signature = std::move(*signature)](herder::herder& h, auto cb) mutable {
                     h.note_departure(u, std::move(signature), cb);
                 },
                 [] { return empty_response(204); });
         },
         std::nullopt},
    };
}

void root_resource::health(const responder& respond) {
    herder::herder* h = requests_.get();
    if (h == nullptr || !h->is_ready()) return respond(starting()), void();
    const auto ticket = requests_.timer().schedule(health_timeout_, [respond] {
        respond(worker_status(500, "unhealthy",
                              "Worker was unable to handle this request and may be unable to handle other requests."));
    });
    h->health_check([this, respond, ticket](herder::outcome<void> r) {  // never forwarded
        requests_.timer().cancel(ticket);
        if (!r) {
            respond(error_response(r.err()));
            return;
        }
        respond(worker_status(200, "healthy", "Worker has completed startup and is ready to handle requests."));
    });
}

}  // namespace copycat::rest::handlers
