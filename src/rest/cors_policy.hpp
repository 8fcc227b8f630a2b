#pragma once
// cors_policy: cross-origin resource sharing for the REST API, as Kafka Connect configures Jetty's
// CrossOriginHandler from access.control.allow.origin and access.control.allow.methods
// (RestServer.initializeResources, Jetty 12 defaults, preflights delivered):
//
//   * off when access.control.allow.origin is blank: no CORS header at all;
//   * on: every response carries "Vary: Origin"; a request whose Origin matches one of the
//     comma-separated origins ("*" = any; otherwise case-insensitive regular expressions matched
//     against the whole origin) gets Access-Control-Allow-Origin: <its origin> and
//     Access-Control-Allow-Credentials: true;
//   * a preflight (OPTIONS with Access-Control-Request-Method) from an allowed origin is answered
//     here with 204 and Access-Control-Allow-Methods (access.control.allow.methods, default
//     GET,POST,HEAD), Access-Control-Allow-Headers (Content-Type, plus Authorization when basic
//     authentication is on) and Access-Control-Max-Age: 60; one from another origin goes to the
//     router like any request (which answers 404/405).
//
// Immutable after construction; thread-safe.

#include <regex>
#include <string>
#include <vector>

#include "rest/request.hpp"

namespace copycat::rest {

struct cors_settings {
    std::string allowed_origins{};  // access.control.allow.origin; blank: CORS off
    std::string allowed_methods{};  // access.control.allow.methods; blank: GET,POST,HEAD
    std::vector<std::string> allowed_headers = {"Content-Type"};
};

class cors_policy {
public:
    cors_policy() = default;  // off
    explicit cors_policy(const cors_settings& settings);

    bool enabled() const { return enabled_; }

    struct decision {
        header_list headers;     // to add to the response, whatever it is
        bool preflight = false;  // answer now with 204 and `headers`, without routing
    };
    decision inspect(const request& req) const;

    bool origin_allowed(std::string_view origin_header) const;

private:
    bool enabled_ = false;
    bool any_origin_ = false;
    std::vector<std::regex> patterns_;
    std::vector<std::string> literal_origins_;  // entries that are no valid regular expression
    std::string methods_;
    std::string headers_;
};

}  // namespace copycat::rest
