#include "app/rest_server_settings.hpp"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <memory>

#include "app/rest_extensions.hpp"
#include "common/strings.hpp"
#include "rest/basic_auth.hpp"

namespace copycat::app {
namespace {

// Kafka: RestServer.determineAdvertisedProtocol.
std::string advertised_protocol(const common_worker_config& config) {
    if (config.advertised_listener && !config.advertised_listener->empty())
        return to_lower(*config.advertised_listener);
    bool http = false;
    bool https = false;
    for (const auto& l : config.listeners) {
        const std::string text = to_lower(l);
        http = http || text.starts_with("http://");
        https = https || text.starts_with("https://");
    }
    return http || !https ? "http" : "https";
}

std::string env_or_empty(const char* name) {
    const char* value = std::getenv(name);
    return value == nullptr ? std::string() : std::string(value);
}

}  // namespace

net::tls_settings rest_tls_settings(const common_worker_config& config) {
    return net::tls_settings_from(config.worker.originals, "listeners.https.");
}

std::optional<net::tls_settings> admin_tls_settings(const common_worker_config& config) {
    if (!config.admin_listeners) return std::nullopt;
    for (const auto& l : *config.admin_listeners) {
        if (to_lower(l).starts_with("https://"))
            return net::tls_settings_from(config.worker.originals, "admin.listeners.https.");
    }
    return std::nullopt;
}

bool uses_https(const common_worker_config& config) {
    if (advertised_protocol(config) == "https") return true;
    return std::any_of(config.listeners.begin(), config.listeners.end(),
                       [](const std::string& l) { return to_lower(l).starts_with("https://"); });
}

result<rest::http_server_options> rest_server_options(const common_worker_config& config) {
    rest::http_server_options options;
    options.listeners = config.listeners;
    if (!options.listeners.empty()) options.listener = options.listeners.front();
    if (uses_https(config)) options.tls = rest_tls_settings(config);
    options.body_limit = config.rest_max_request_bytes;
    options.max_connections = config.rest_max_connections;
    options.max_pending_body_bytes = config.rest_max_pending_request_bytes;
    options.cors.allowed_origins = config.access_control_allow_origin;
    options.cors.allowed_methods = config.access_control_allow_methods;
    COPYCAT_TRY(auto files, basic_auth_files_of({.classes = config.rest_extension_classes,
                                                 .kafka_opts = env_or_empty("KAFKA_OPTS"),
                                                 .jvm_options = config.java_bridge_jvm_options}));
    if (config.basic_auth_credentials_file && !config.basic_auth_credentials_file->empty())
        files.insert(files.begin(), *config.basic_auth_credentials_file);
    if (!files.empty()) {
        COPYCAT_TRY(auto auth, rest::basic_auth::from_files(files, config.rest_internal_requests_signed));
        options.auth = std::make_shared<const rest::basic_auth>(std::move(auth));
        options.cors.allowed_headers.push_back("Authorization");  // so browsers may send credentials
    }
    return options;
}

advertised_endpoint advertised(const common_worker_config& config, const std::vector<rest::bound_listener>& bound) {
    const std::string protocol = advertised_protocol(config);
    const rest::bound_listener* chosen = nullptr;
    for (const auto& l : bound) {
        if (l.protocol == protocol) {
            chosen = &l;
            break;
        }
    }
    if (chosen == nullptr && !bound.empty()) chosen = &bound.front();
    advertised_endpoint out;
    out.worker_id = worker_id_for(config, chosen ? chosen->host : std::string(), chosen ? chosen->port : 0);
    std::string host_port = out.worker_id;
    if (const auto colon = host_port.rfind(':');
        colon != std::string::npos && host_port.find(':') != colon && !host_port.starts_with('[')) {
        host_port = "[" + host_port.substr(0, colon) + "]" + host_port.substr(colon);  // an IPv6 literal
    }
    out.url = protocol + "://" + host_port + "/";
    return out;
}

}  // namespace copycat::app
