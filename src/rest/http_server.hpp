#pragma once
// http_server: the REST API's HTTP/1.1 server (Boost.Beast on an Asio io_context).
//
//   router routes;
//   routes.get("/", [](request, responder respond) { respond(json_response(200, server_info())); });
//   http_server server(std::move(routes), {.listener = "http://127.0.0.1:0"});
//   if (auto started = server.start(); !started) ...;
//   server.port();   // the bound port (useful with port 0)
//   server.stop();   // graceful: stop accepting, close idle connections, finish in-flight ones
//
// Ownership and threading: the server owns the io_context, its thread pool (options.threads),
// the listener, the router and every live connection. Connections run on their own strands;
// handlers run on pool threads and answer through their responder from any thread. start() and
// stop() are called by the owner, never from a handler or a pool thread. One-shot: a stopped
// server cannot be started again. The destructor stops a running server.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "common/result.hpp"
#include "rest/router.hpp"

namespace copycat::rest {

struct http_server_options {
    // Kafka Connect `listeners` syntax; http only for now (see listener_address.hpp).
    std::string listener = "http://:8083";
    std::size_t threads = 2;
    // Larger request bodies get 413 and the connection is closed.
    std::size_t body_limit = 16 * 1024 * 1024;
    // Time a client has to send a complete request; also the keep-alive idle limit and the limit
    // for taking a response. A client that exceeds it is disconnected.
    std::chrono::milliseconds read_timeout{30'000};
    // How long stop() waits for requests still being handled before closing them anyway.
    std::chrono::milliseconds shutdown_timeout{30'000};
};

class http_server {
public:
    http_server(router routes, http_server_options options);
    ~http_server();
    http_server(const http_server&) = delete;
    http_server& operator=(const http_server&) = delete;

    // Binds the listener and starts the threads. invalid_argument for a bad listener,
    // unsupported for https, io_error when the address cannot be bound.
    result<void> start();
    // Idempotent; see the class comment.
    void stop();

    // The bound port once started (0 before).
    std::uint16_t port() const;
    // The bound address as "host:port", e.g. "127.0.0.1:8083" or "[::]:8083"; empty before start.
    std::string local_address() const;
    const router& routes() const;

private:
    struct impl;
    std::unique_ptr<impl> impl_;
};

}  // namespace copycat::rest
