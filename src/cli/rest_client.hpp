#pragma once
// The worker's REST API as copycat-cli calls it: one blocking HTTP request per call
// (net::http_request), with basic authentication and the https trust settings of the command
// line. A 4xx or 5xx answer becomes an error carrying Kafka's message and exit code 3 or 4; a
// worker that cannot be reached, exit code 2.
//
//   rest_client rest(settings);
//   COPYCAT_TRY(auto status, rest.call("GET", "/connectors/" + net::encode_path_segment(name) + "/status"));

#include <optional>
#include <string>

#include "cli/arguments.hpp"
#include "common/json.hpp"
#include "common/result.hpp"

namespace copycat::cli {

struct rest_reply {
    int status = 0;
    json::value body;  // null for an empty body
};

class rest_client {
public:
    // Applies --cacert / --insecure to the process's https client; exit_code::usage when they do not load.
    static result<rest_client> connect(const connection_settings& settings);

    // Sends `body` (if any) as JSON. Errors as above.
    result<rest_reply> call(const std::string& method, const std::string& path,
                            const std::optional<json::value>& body = std::nullopt) const;

    // The same, but a 4xx/5xx answer is returned as a reply instead of an error.
    result<rest_reply> call_any_status(const std::string& method, const std::string& path,
                                       const std::optional<json::value>& body = std::nullopt) const;

    const std::string& url() const { return settings_.url; }

private:
    explicit rest_client(connection_settings settings) : settings_(std::move(settings)) {}

    connection_settings settings_;
};

// The reply, or for a 4xx/5xx answer the error call() returns.
result<rest_reply> require_success(rest_reply reply);

// The message of a Kafka error body {"error_code":N,"message":"..."}, or the body itself.
std::string error_message(const rest_reply& reply);

}  // namespace copycat::cli
