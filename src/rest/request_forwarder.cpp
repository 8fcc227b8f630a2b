#include "rest/request_forwarder.hpp"

#include <memory>
#include <utility>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "herder_api/request_signature.hpp"
#include "net/http_client.hpp"
#include "rest/error_mapping.hpp"

namespace copycat::rest {
namespace {

bool forwarding_allowed(std::string_view target) {
    const auto q = target.find('?');
    if (q == std::string_view::npos) return true;
    for (const std::string& item : split_list(target.substr(q + 1), '&'))
        if (item == "forward=false") return false;
    return true;
}

// Headers a forwarded request keeps (hop-by-hop and length headers are the client's business).
bool keeps_header(std::string_view name) {
    return iequals(name, "content-type") || iequals(name, "authorization") || iequals(name, "accept") ||
           iequals(name, herder::signature_header) || iequals(name, herder::signature_algorithm_header);
}

void forward(request req, const std::string& base_url, responder respond, std::chrono::milliseconds timeout,
             const boost::asio::any_io_executor& executor) {
    net::http_call call;
    call.method = req.method;
    call.url = forwarded_url(base_url, req.target);
    call.body = req.body.str();  // the one copy a forwarded body costs: the HTTP client owns its request
    call.timeout = timeout;
    for (auto& [name, value] : req.headers)
        if (keeps_header(name)) call.headers.emplace_back(name, value);
    auto host_header = req.header("Host");
    std::optional<std::string> host = host_header ? std::optional<std::string>(*host_header) : std::nullopt;
    log::debug("Forwarding {} {} to {}", req.method, req.target, call.url);
    net::async_http_request(
        executor, std::move(call),
        [respond = std::move(respond), host = std::move(host)](result<net::http_reply> reply) {
            if (!reply) {
                respond(error_response(500, "IO Error trying to forward REST request: " + reply.err().describe()));
                return;
            }
            response r;
            r.status = reply->status;
            r.body = std::move(reply->body);
            for (auto& [name, value] : reply->headers) {
                if (iequals(name, "content-type")) {
                    r.content_type = value;
                } else if (iequals(name, "location")) {
                    r.headers.emplace_back(name, relocated(value, host));
                }
            }
            respond(std::move(r));
        });
}

}  // namespace

std::string relocated(std::string_view location, const std::optional<std::string>& host) {
    std::string_view path = location;
    if (const auto scheme = location.find("://"); scheme != std::string_view::npos) {
        const auto slash = location.find('/', scheme + 3);
        path = slash == std::string_view::npos ? std::string_view("/") : location.substr(slash);
    }
    if (!host || host->empty()) return std::string(path);
    return "http://" + *host + std::string(path);
}

std::string forwarded_url(std::string_view base_url, std::string_view target) {
    const auto q = target.find('?');
    std::string url(target.substr(0, q));
    char sep = '?';
    if (q != std::string_view::npos) {
        for (const std::string& item : split_list(target.substr(q + 1), '&')) {
            if (item.starts_with("forward=") || item == "forward") continue;
            url += sep + item;
            sep = '&';
        }
    }
    url += sep;
    url += "forward=false";
    return net::join_url(base_url, url);
}

responder forwarding_responder(const request& req, responder respond, std::chrono::milliseconds timeout,
                               boost::asio::any_io_executor executor) {
    auto original = std::make_shared<request>(req);
    return responder([original, respond, timeout, executor = std::move(executor)](response r) {
        if (r.forward_to.empty() || !forwarding_allowed(original->target)) {
            r.forward_to.clear();
            respond(std::move(r));
            return;
        }
        forward(std::move(*original), r.forward_to, respond, timeout, executor);
    });
}

}  // namespace copycat::rest
