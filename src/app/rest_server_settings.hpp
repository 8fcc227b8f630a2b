#pragma once
// rest_server_settings: the REST server of a worker as worker.properties describe it (Kafka:
// RestServerConfig, RestServer, SSLUtils):
//
//   * every listener of `listeners`, http:// and https://;
//   * TLS of https listeners from listeners.https.ssl.* when any listeners.https.* key is set,
//     otherwise from ssl.* (Kafka's all-or-nothing prefix rule); the same settings make the client
//     that forwards requests to other workers' https URLs;
//   * CORS from access.control.allow.origin / access.control.allow.methods;
//   * basic authentication from rest.basic.auth.credentials.file (a user=password file);
//   * the request body limit from rest.max.request.bytes (413 beyond it);
//   * the advertised URL: rest.advertised.listener's protocol, else http when any listener is
//     http, else https; that listener's host and bound port unless rest.advertised.host.name /
//     rest.advertised.port say otherwise.
//
// Pure functions over the parsed config (reading the credentials file aside); used by
// `copycat standalone` and `copycat distributed` at start-up.

#include <optional>
#include <string>
#include <vector>

#include "app/worker_properties.hpp"
#include "common/result.hpp"
#include "net/tls_settings.hpp"
#include "rest/http_server.hpp"

namespace copycat::app {

// invalid_argument when the credentials file cannot be read. TLS material is loaded later, by
// http_server::start() (so its errors name the listener).
result<rest::http_server_options> rest_server_options(const common_worker_config& config);

// The ssl.* settings of the REST listeners and client (listeners.https.* first).
net::tls_settings rest_tls_settings(const common_worker_config& config);
// The ssl.* settings of the admin.listeners (admin.listeners.https.* first); nullopt when every
// admin listener is http.
std::optional<net::tls_settings> admin_tls_settings(const common_worker_config& config);
bool uses_https(const common_worker_config& config);

struct advertised_endpoint {
    std::string url;        // "http://host:port/"
    std::string worker_id;  // "host:port", the id statuses carry
};
advertised_endpoint advertised(const common_worker_config& config, const std::vector<rest::bound_listener>& bound);

}  // namespace copycat::app
