#pragma once
// basic_auth: optional HTTP basic authentication of the REST API (the idea of Kafka's
// BasicAuthSecurityRestExtension with its PropertyFileLoginModule, without JAAS).
//
// Configured by the worker setting rest.basic.auth.credentials.file: a Java properties file of
// `user=password` lines, read once at start-up. A request must then carry
// `Authorization: Basic base64(user:password)` naming one of those users; otherwise it gets
// 401 {"error_code":401,"message":"User cannot access the resource."} with
// `WWW-Authenticate: Basic realm="Copycat REST API"`. As in Kafka, the internal endpoints that
// workers call among themselves without a user (POST /connectors/{c}/tasks, PUT
// /connectors/{c}/fence, and Copycat's POST /internal/departures) are exempt; a request forwarded
// to another worker keeps the client's Authorization header, so forwarding works with it on.
// CORS preflights are answered before authentication (browsers send no credentials with them).
//
// Immutable after construction; thread-safe.

#include <map>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "rest/request.hpp"
#include "rest/response.hpp"

namespace copycat::rest {

class basic_auth {
public:
    // user -> password.
    explicit basic_auth(std::map<std::string, std::string> credentials);

    // invalid_argument (naming the file) when it cannot be read or lists no user.
    static result<basic_auth> from_file(const std::string& path);

    // Whether `req` may proceed: an exempt internal endpoint, or valid credentials.
    bool allows(const request& req) const;
    static bool is_exempt(std::string_view method, std::string_view target);
    // The 401 answer.
    static response challenge();

    std::size_t users() const { return credentials_.size(); }

private:
    std::map<std::string, std::string> credentials_;
};

}  // namespace copycat::rest
