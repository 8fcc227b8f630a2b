#include "cli/rest_client.hpp"

#include <fmt/format.h>

#include "cli/exit_code.hpp"
#include "copycat/data/base64.hpp"
#include "net/http_client.hpp"

namespace copycat::cli {

result<rest_client> rest_client::connect(const connection_settings& settings) {
    if (settings.url.rfind("https://", 0) == 0) {
        net::tls_settings tls;
        if (!settings.cacert.empty()) {
            tls.truststore_type = "PEM";
            tls.truststore_location = settings.cacert;
        }
        if (settings.insecure) {
            tls.verify_peer = false;
            tls.endpoint_identification_algorithm.clear();
        }
        if (auto configured = net::configure_https_client(tls); !configured)
            return make_error(exit_code::usage, configured.err().describe());
    }
    return rest_client(settings);
}

result<rest_reply> rest_client::call_any_status(const std::string& method, const std::string& path,
                                                const std::optional<json::value>& body) const {
    net::http_call request{.method = method, .url = net::join_url(settings_.url, path), .timeout = settings_.timeout};
    if (body) request.body = json::dump(*body);
    request.headers.emplace_back("Accept", "application/json");
    if (settings_.user)
        request.headers.emplace_back("Authorization",
                                     "Basic " + base64_encode(*settings_.user + ":" + settings_.password));
    auto answer = net::http_request(request);
    if (!answer) {
        if (answer.err().code == errc::invalid_argument) return make_error(exit_code::usage, answer.err().describe());
        return make_error(exit_code::unreachable, answer.err().describe());  // it names the URL
    }
    rest_reply reply{answer->status, {}};
    if (!answer->body.empty()) {
        auto parsed = json::parse(answer->body);
        reply.body = parsed ? std::move(*parsed) : json::value(answer->body);
    }
    return reply;
}

result<rest_reply> rest_client::call(const std::string& method, const std::string& path,
                                     const std::optional<json::value>& body) const {
    COPYCAT_TRY(auto reply, call_any_status(method, path, body));
    return require_success(std::move(reply));
}

result<rest_reply> require_success(rest_reply reply) {
    if (reply.status < 400) return reply;
    return make_error(reply.status < 500 ? exit_code::client_error : exit_code::server_error,
                      fmt::format("{} (HTTP {})", error_message(reply), reply.status));
}

std::string error_message(const rest_reply& reply) {
    if (const json::value* message = reply.body.find("message"); message != nullptr && message->is_string())
        return message->as_string();
    if (reply.body.is_string()) return reply.body.as_string();
    if (reply.body.is_null()) return "no message";
    return json::dump(reply.body);
}

}  // namespace copycat::cli
