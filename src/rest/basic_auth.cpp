#include "rest/basic_auth.hpp"

#include <algorithm>
#include <cctype>
#include <cstdint>

#include "copycat/data/base64.hpp"
#include "common/properties.hpp"
#include "common/strings.hpp"
#include "rest/error_mapping.hpp"

namespace copycat::rest {
namespace {

// Compares without an early exit, so the time taken says nothing about where a guess differs.
bool constant_time_equals(std::string_view a, std::string_view b) {
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    const std::size_t n = std::max(a.size(), b.size());
    for (std::size_t i = 0; i < n; ++i) {
        const auto x = static_cast<unsigned char>(i < a.size() ? a[i] : 0);
        const auto y = static_cast<unsigned char>(i < b.size() ? b[i] : 0);
        diff |= static_cast<unsigned char>(x ^ y);
    }
    return diff == 0;
}

}  // namespace

basic_auth::basic_auth(std::map<std::string, std::string> credentials, bool signed_internal_routes)
    : credentials_(std::move(credentials)), signed_internal_routes_(signed_internal_routes) {}

result<basic_auth> basic_auth::from_file(const std::string& path, bool signed_internal_routes) {
    return from_files({path}, signed_internal_routes);
}

result<basic_auth> basic_auth::from_files(const std::vector<std::string>& paths, bool signed_internal_routes) {
    std::map<std::string, std::string> users;
    for (const auto& path : paths) {
        auto props = read_properties_file(path);
        if (!props)
            return make_error(errc::invalid_argument,
                              "Cannot read the REST credentials file " + path + ": " + props.err().describe());
        if (props->empty())
            return make_error(errc::invalid_argument,
                              "The REST credentials file " + path + " lists no user (expected user=password lines)");
        users.insert(props->begin(), props->end());
    }
    return basic_auth(std::move(users), signed_internal_routes);
}

bool basic_auth::allows(const router::match& route, const request& req) const {
    if (signed_internal_routes_ && route.found() && route.route().caller == router::access::internal) return true;
    return authenticates(req);
}

bool basic_auth::authenticates(const request& req) const {
    const auto header = req.header("Authorization");
    if (!header) return false;
    std::string_view value = *header;
    constexpr std::string_view scheme = "basic ";
    if (value.size() <= scheme.size() || !istarts_with(value, scheme)) return false;
    value.remove_prefix(scheme.size());
    while (!value.empty() && value.front() == ' ') value.remove_prefix(1);
    while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
    const auto decoded_text = base64_decode_string(value);  // Base64.getDecoder(), as in Kafka
    if (!decoded_text) return false;
    const std::string& decoded = *decoded_text;
    const auto colon = decoded.find(':');
    if (colon == std::string::npos) return false;
    const auto user = credentials_.find(decoded.substr(0, colon));
    // The password is compared even for an unknown user, so timing does not tell users apart.
    const std::string_view expected = user == credentials_.end() ? std::string_view() : user->second;
    const bool password_ok = constant_time_equals(std::string_view(decoded).substr(colon + 1), expected);
    return user != credentials_.end() && password_ok;
}

response basic_auth::challenge() {
    return error_response(401, "User cannot access the resource.")
        .with_header("WWW-Authenticate", "Basic realm=\"Copycat REST API\", charset=\"UTF-8\"");
}

}  // namespace copycat::rest
