#pragma once
// http_client: one HTTP/1.1 request to another worker (Kafka: RestClient), used to forward REST
// requests to the leader and task configs from a connector's owner to the leader.
//
//   net::async_http_request(executor, {.method = "POST", .url = "http://w2:8083/connectors/c/tasks",
//                                      .body = json_text, .timeout = 30s},
//                           [](result<net::http_reply> reply) { ... });   // called on `executor`
//   auto reply = net::http_request({...});                                 // blocking
//
// http and https URLs; https calls use the process's client TLS settings (configure_https_client:
// the worker's listeners.https.* / ssl.* settings, as Kafka's RestClient does). `timeout` bounds
// the connect (and TLS handshake), then the send and the answer. Thread-safe (every call has its
// own connection).

#include <chrono>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>

#include "common/result.hpp"
#include "net/tls_settings.hpp"

namespace copycat::net {

struct http_call {
    std::string method = "GET";
    std::string url;  // "http://host:port/path?query" or "https://..."
    std::string body{};
    std::vector<std::pair<std::string, std::string>> headers{};  // Content-Type application/json is added for a body
    std::chrono::milliseconds timeout{30'000};
};

struct http_reply {
    int status = 0;
    std::string body;
    std::vector<std::pair<std::string, std::string>> headers;
};

using http_done = std::function<void(result<http_reply>)>;

// Sends `call` without blocking; `done` runs once, on `executor` (never inline), with the answer or:
// errc::invalid_argument for a URL that is not http(s)://host:port/..., errc::unavailable when the
// worker cannot be reached (or the TLS handshake fails), errc::timeout when it does not answer in time.
// If the executor's io_context stops first, `done` is destroyed uncalled.
void async_http_request(boost::asio::any_io_executor executor, http_call call, http_done done);

// The same, blocking the calling thread (on an io_context of its own) for the answer.
result<http_reply> http_request(const http_call& call);

// What https calls trust and present from now on (truststore, keystore for client authentication,
// host name verification). Until called, https calls trust the system's CA certificates and
// verify host names. invalid_argument when the settings do not load.
result<void> configure_https_client(const tls_settings& settings);

// Percent-encodes one path segment (RFC 3986 unreserved characters stay as they are).
std::string encode_path_segment(std::string_view segment);

// Joins a base URL ("http://w:8083/" or without the slash) and a path starting with '/'.
std::string join_url(std::string_view base, std::string_view path_and_query);

}  // namespace copycat::net
