#pragma once
// http_server: the REST API's HTTP/1.1 server (Boost.Beast on an Asio io_context), serving every
// listener of Kafka Connect's `listeners` list — http:// and https:// (TLS through OpenSSL).
//
//   router routes;
//   routes.get("/", [](request, responder respond) { respond(json_response(200, server_info())); });
//   http_server server(std::move(routes), {.listener = "http://127.0.0.1:0"});
//   if (auto started = server.start(); !started) ...;
//   server.port();   // the first listener's bound port (useful with port 0)
//   server.stop();   // graceful: stop accepting, close idle connections, finish in-flight ones
//
// Request policies applied on every listener when a request's header has arrived, before its body
// is read (http_session.hpp): the router's refusal of ambiguous targets, CORS (cors_policy), basic
// authentication on the matched route when configured (basic_auth), JSON-only writes, and the
// listener's budget (listener_budget).
//
// Ownership and threading: the server owns the io_context, its thread pool (options.threads),
// the listeners, the router and every live connection. Connections run on their own strands;
// handlers run on pool threads and answer through their responder from any thread. start() and
// stop() are called by the owner, never from a handler or a pool thread. Forwarded requests and
// request deadlines are asynchronous on the same io_context (no thread waits for them). One-shot: a stopped
// server cannot be started again. The destructor stops a running server.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "common/scheduler.hpp"
#include "net/tls_settings.hpp"
#include "rest/basic_auth.hpp"
#include "rest/cors_policy.hpp"
#include "rest/router.hpp"

namespace copycat::rest {

struct http_server_options {
    // Kafka Connect `listeners` syntax (see listener_address.hpp); used when `listeners` is empty.
    std::string listener = "http://:8083";
    std::size_t threads = 2;
    // Larger request bodies get 413 (checked against Content-Length before the body is read, and
    // while a chunked body arrives) and the connection is closed: rest.max.request.bytes.
    std::size_t body_limit = 16 * 1024 * 1024;
    // Per listener: open connections (more are closed when accepted; rest.max.connections), and
    // request-body bytes being received or handled at once (a request that does not fit gets 503
    // before its body is read; rest.max.pending.request.bytes). See listener_budget.
    std::size_t max_connections = 512;
    std::size_t max_pending_body_bytes = 64 * 1024 * 1024;
    // Time a client has to send a complete request (and to finish a TLS handshake); also the
    // keep-alive idle limit and the limit for taking a response. A client that exceeds it is
    // disconnected.
    std::chrono::milliseconds read_timeout{30'000};
    // How long stop() waits for requests still being handled before closing them anyway.
    std::chrono::milliseconds shutdown_timeout{30'000};
    // Every listener to serve, in order (the first one is port()/local_address()).
    std::vector<std::string> listeners{};
    // Keystore, truststore and client authentication of https listeners (required for them).
    std::optional<net::tls_settings> tls{};
    cors_settings cors{};
    // Basic authentication; null: none.
    std::shared_ptr<const basic_auth> auth{};
};

// A listener once bound.
struct bound_listener {
    std::string protocol;       // "http" or "https"
    std::string host;           // as configured; empty: all interfaces
    std::uint16_t port = 0;     // the bound port
    std::string local_address;  // "127.0.0.1:8083" or "[::]:8083"
};

class http_server {
public:
    http_server(router routes, http_server_options options);
    ~http_server();
    http_server(const http_server&) = delete;
    http_server& operator=(const http_server&) = delete;

    // Binds every listener and starts the threads. invalid_argument for a bad listener or TLS
    // setting, io_error when an address cannot be bound (nothing is left listening then).
    result<void> start();
    // Idempotent; see the class comment.
    void stop();

    // The first listener's bound port once started (0 before).
    std::uint16_t port() const;
    // The first listener's bound address as "host:port"; empty before start.
    std::string local_address() const;
    // Every bound listener, in configuration order; empty before start.
    std::vector<bound_listener> listeners() const;
    const router& routes() const;
    // Timers on the server's io_context (their actions run on its threads): REST request
    // deadlines. Shut down when the server stops; see net::timer_service.
    std::shared_ptr<scheduler> timers() const;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace copycat::rest
