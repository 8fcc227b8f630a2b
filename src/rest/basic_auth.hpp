#pragma once
// basic_auth: optional HTTP basic authentication of the REST API (the idea of Kafka's
// BasicAuthSecurityRestExtension with its PropertyFileLoginModule, without JAAS).
//
// Configured by the worker setting rest.basic.auth.credentials.file: a Java properties file of
// `user=password` lines, read once at start-up. A request must then carry
// `Authorization: Basic base64(user:password)` naming one of those users; otherwise it gets
// 401 {"error_code":401,"message":"User cannot access the resource."} with
// `WWW-Authenticate: Basic realm="Copycat REST API"`. The decision is made on the route the
// router matched (router::find), once the request's headers have arrived and before any body
// byte is read. The internal routes that workers call among themselves without a user
// (router::access::internal: POST /connectors/{c}/tasks, PUT /connectors/{c}/fence, and
// Copycat's POST /internal/departures) are exempt only where their requests are signed with the
// cluster's session key (connect.protocol=sessioned), which their handlers verify; under eager or
// compatible they need credentials like every other route (Kafka exempts them under every
// protocol: docs/security.md). A request forwarded to another worker keeps the client's
// Authorization header, so forwarding works with it on. CORS preflights are answered before
// authentication (browsers send no credentials with them).
//
// Immutable after construction; thread-safe.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"
#include "rest/request.hpp"
#include "rest/response.hpp"
#include "rest/router.hpp"

namespace copycat::rest {

class basic_auth {
public:
    // user -> password. signed_internal_routes: whether internal routes carry verified request
    // signatures (connect.protocol=sessioned), which exempts them.
    basic_auth(std::map<std::string, std::string> credentials, bool signed_internal_routes);

    // invalid_argument (naming the file) when it cannot be read or lists no user.
    static result<basic_auth> from_file(const std::string& path, bool signed_internal_routes);
    // The users of every file (a user in several files: the first file's password).
    static result<basic_auth> from_files(const std::vector<std::string>& paths, bool signed_internal_routes);

    // Whether a request for `route` (what the router matched, if anything) may proceed: a
    // signed internal route, or valid credentials in `req`'s headers.
    bool allows(const router::match& route, const request& req) const;
    // Whether `req` carries the credentials of a configured user.
    bool authenticates(const request& req) const;
    // The 401 answer.
    static response challenge();

    std::size_t users() const { return credentials_.size(); }

private:
    std::map<std::string, std::string> credentials_;
    bool signed_internal_routes_;
};

}  // namespace copycat::rest
