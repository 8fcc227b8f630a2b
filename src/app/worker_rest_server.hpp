#pragma once
// worker_rest_server: a worker's REST servers as worker.properties describe them (Kafka:
// RestServer with RestServerConfig) — the Connect REST API on every `listeners` URL, and the
// /admin endpoints where `admin.listeners` puts them (KIP-208):
//
//   * admin.listeners unset: /admin/loggers on the regular listeners;
//   * admin.listeners empty: no /admin endpoints at all (404);
//   * admin.listeners=URL,...: /admin only on a second server on those URLs (TLS from
//     admin.listeners.https.ssl.* or ssl.*); the regular listeners answer 404 for /admin.
//   CORS and basic authentication apply on both servers (Kafka leaves the admin listeners open;
//   an operator who sets credentials expects every endpoint behind them).
//
//   auto rest = worker_rest_server::create(*config, &metrics_registry);  // settings; exit_usage on error
//   auto endpoint = (*rest)->start();   // binds, logs "REST server listening on ...", advertised URL
//   ... build the herder with endpoint->worker_id / url ...
//   (*rest)->attach(herder);            // requests before this get 503
//   (*rest)->stop();                    // before the herder stops
//
// Ownership: the command owns it; it must outlive the herder's use of it and stop before the
// herder does. Used from the command's thread; handlers run on the servers' threads.

#include <memory>
#include <optional>

#include "app/rest_server_settings.hpp"
#include "app/worker_properties.hpp"
#include "common/metrics.hpp"
#include "common/result.hpp"
#include "herder_api/herder.hpp"
#include "rest/handlers/connect_rest_api.hpp"
#include "rest/http_server.hpp"

namespace copycat::app {

class worker_rest_server {
public:
    // invalid_argument for a setting that cannot work (an unreadable credentials file).
    static result<std::unique_ptr<worker_rest_server>> create(const common_worker_config& config,
                                                              const metrics::registry* metrics);

    // Loads the https client settings (when any listener or the advertised URL is https), binds
    // every listener and logs each; the advertised URL and worker id.
    result<advertised_endpoint> start();
    void attach(herder::herder& h) { api_.attach(h); }
    // Stops both servers; idempotent.
    void stop();

private:
    worker_rest_server(const common_worker_config& config, const metrics::registry* metrics);

    const common_worker_config& config_;
    rest::handlers::connect_rest_api api_;
    std::optional<rest::http_server> server_;
    std::optional<rest::http_server> admin_server_;
};

}  // namespace copycat::app
