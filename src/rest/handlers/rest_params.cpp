#include "rest/handlers/rest_params.hpp"

#include <cctype>
#include <charconv>

#include <fmt/format.h>

#include "common/strings.hpp"

namespace copycat::rest::handlers {
namespace {

// RFC 3986 unreserved characters and the sub-delims/':'/'@' allowed in a path segment stay.
bool segment_safe(char c) {
    if (std::isalnum(static_cast<unsigned char>(c))) return true;
    return std::string_view("-._~!$&'()*+,;=:@").find(c) != std::string_view::npos;
}

}  // namespace

result<herder::task_id> task_id_param(const request& req) {
    const std::string_view text = req.path_param("task");
    int task = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), task);
    if (ec != std::errc() || end != text.data() + text.size() || text.empty())
        return make_error(errc::not_found, "HTTP 404 Not Found");
    return herder::task_id{std::string(req.path_param("connector")), task};
}

bool bool_param(const request& req, std::string_view name, bool fallback) {
    auto value = req.query_param(name);
    if (!value) return fallback;
    return iequals(*value, "true");
}

std::string connector_location(const request& req, std::string_view name) {
    std::string encoded;
    for (char c : name) {
        if (segment_safe(c)) {
            encoded += c;
        } else {
            encoded += fmt::format("%{:02X}", static_cast<unsigned char>(c));
        }
    }
    const std::string path = "/connectors/" + encoded;
    auto host = req.header("Host");
    if (!host || host->empty()) return path;
    return "http://" + std::string(*host) + path;
}

result<std::optional<herder::request_signature>> request_signature_of(const request& req) {
    return herder::read_request_signature(req.header(herder::signature_algorithm_header),
                                          req.header(herder::signature_header), req.body.str());
}

}  // namespace copycat::rest::handlers
