#pragma once
// request_forwarder: serves a request on the worker the herder names (Kafka:
// HerderRequestHandler.completeOrForwardRequest). Writes go to the leader, a restart of remote work
// to its owner; a follower answers with what that worker answered, status and body unchanged.
//
// A forwarded request carries forward=false; a worker that cannot serve such a request either
// (leadership moved meanwhile) answers 409 instead of forwarding again, as Kafka does.
//
// Threading: the HTTP call to the other worker is asynchronous on the executor given (the REST
// server's: the connection's strand), with the request timeout; its answer goes through the
// responder from that executor. No thread waits for it.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include <boost/asio/any_io_executor.hpp>

#include "rest/request.hpp"
#include "rest/responder.hpp"

namespace copycat::rest {

// A responder that forwards `req` when the response it is given has forward_to set, and otherwise
// passes the response on to `respond`. The forwarded call runs on `executor`.
responder forwarding_responder(const request& req, responder respond, std::chrono::milliseconds timeout,
                               boost::asio::any_io_executor executor);

// The target for the worker at `base_url`: the same path and query with forward=false.
std::string forwarded_url(std::string_view base_url, std::string_view target);

// The Location of a forwarded answer as the worker the client called gives it: the target's path
// under the client's Host (Kafka Connect builds it from the request's base URI), only the path
// when the request named no Host (as connector_location).
std::string relocated(std::string_view location, const std::optional<std::string>& host);

}  // namespace copycat::rest
