#include "app/worker_rest_server.hpp"

#include <string>
#include <utility>

#include "app/version.hpp"
#include "common/logging.hpp"
#include "net/http_client.hpp"
#include "ui/dashboard_routes.hpp"

namespace copycat::app {

worker_rest_server::worker_rest_server(const common_worker_config& config, const metrics::registry* metrics)
    : config_(config),
      api_({.info = {std::string(version()), std::string(commit())},
            .topics = {config.topic_tracking_enable, config.topic_tracking_allow_reset},
            .metrics = metrics}) {}

result<std::unique_ptr<worker_rest_server>> worker_rest_server::create(const common_worker_config& config,
                                                                       const metrics::registry* metrics) {
    COPYCAT_TRY(auto options, rest_server_options(config));
    std::unique_ptr<worker_rest_server> out(new worker_rest_server(config, metrics));

    rest::router routes;
    out->api_.add_routes(routes);
    ui::add_dashboard_routes(routes);
    if (!config.admin_listeners) out->api_.add_admin_routes(routes);
    if (config.admin_listeners && !config.admin_listeners->empty()) {
        rest::http_server_options admin = options;
        admin.listeners = *config.admin_listeners;
        admin.listener = admin.listeners.front();
        admin.tls = admin_tls_settings(config);
        rest::router admin_routes;
        out->api_.add_admin_routes(admin_routes);
        out->admin_server_.emplace(std::move(admin_routes), std::move(admin));
    }
    out->server_.emplace(std::move(routes), std::move(options));
    out->api_.use_timers(out->server_->timers());  // request deadlines run on the REST server's io_context
    return out;
}

result<advertised_endpoint> worker_rest_server::start() {
    if (uses_https(config_)) {
        COPYCAT_TRY_VOID(net::configure_https_client(rest_tls_settings(config_)));
    }
    if (auto started = server_->start(); !started)
        return error(started.err().code, "cannot start the REST server: " + started.err().describe());
    auto endpoint = advertised(config_, server_->listeners());
    for (const auto& l : server_->listeners())
        log::info("REST server listening on {}://{}/ (advertised as {}, worker id {})", l.protocol, l.local_address,
                  endpoint.url, endpoint.worker_id);
    if (admin_server_) {
        if (auto started = admin_server_->start(); !started) {
            server_->stop();
            return error(started.err().code, "cannot start the admin REST server: " + started.err().describe());
        }
        for (const auto& l : admin_server_->listeners())
            log::info("Admin endpoints (/admin) served on {}://{}/", l.protocol, l.local_address);
    } else if (config_.admin_listeners) {
        log::info("Admin endpoints (/admin) disabled: admin.listeners is empty");
    }
    return endpoint;
}

void worker_rest_server::stop() {
    if (admin_server_) admin_server_->stop();
    if (server_) server_->stop();
}

}  // namespace copycat::app
