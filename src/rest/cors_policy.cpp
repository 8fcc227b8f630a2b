#include "rest/cors_policy.hpp"

#include <algorithm>
#include <cctype>

#include "common/logging.hpp"
#include "common/strings.hpp"

namespace copycat::rest {
namespace {

std::string joined(const std::vector<std::string>& items) {
    std::string out;
    for (const auto& i : items) out += (out.empty() ? "" : ",") + i;
    return out;
}

}  // namespace

cors_policy::cors_policy(const cors_settings& settings) {
    const auto origins = split_list(settings.allowed_origins, ',');
    enabled_ = !origins.empty();
    for (const auto& origin : origins) {
        if (origin == "*") {
            any_origin_ = true;
            continue;
        }
        try {
            patterns_.emplace_back(origin, std::regex::ECMAScript | std::regex::icase);
        } catch (const std::regex_error&) {
            log::warn("access.control.allow.origin entry '{}' is no regular expression; matching it literally", origin);
            literal_origins_.push_back(origin);
        }
    }
    auto methods = split_list(settings.allowed_methods, ',');
    methods_ = methods.empty() ? "GET,POST,HEAD" : joined(methods);
    headers_ = joined(settings.allowed_headers);
}

bool cors_policy::origin_allowed(std::string_view origin_header) const {
    if (any_origin_) return true;
    for (const auto& origin : split_list(origin_header, ' ')) {
        for (const auto& p : patterns_)
            if (std::regex_match(origin, p)) return true;
        for (const auto& l : literal_origins_)
            if (iequals(origin, l)) return true;
    }
    return false;
}

cors_policy::decision cors_policy::inspect(const request& req) const {
    decision d;
    if (!enabled_) return d;
    d.headers.emplace_back("Vary", "Origin");
    const auto origin = req.header("Origin");
    if (!origin || !origin_allowed(*origin)) return d;
    d.headers.emplace_back("Access-Control-Allow-Origin", std::string(*origin));
    d.headers.emplace_back("Access-Control-Allow-Credentials", "true");
    if (req.method == "OPTIONS" && req.header("Access-Control-Request-Method")) {
        d.preflight = true;
        d.headers.emplace_back("Access-Control-Allow-Methods", methods_);
        if (!headers_.empty()) d.headers.emplace_back("Access-Control-Allow-Headers", headers_);
        d.headers.emplace_back("Access-Control-Max-Age", "60");
    }
    return d;
}

}  // namespace copycat::rest
