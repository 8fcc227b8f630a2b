#pragma once
// request_forwarder: serves a request on the worker the herder names (Kafka:
// HerderRequestHandler.completeOrForwardRequest). Writes go to the leader, a restart of remote work
// to its owner; a follower answers with what that worker answered, status and body unchanged.
//
// A forwarded request carries forward=false; a worker that cannot serve such a request either
// (leadership moved meanwhile) answers 409 instead of forwarding again, as Kafka does.
//
// Threading: forwarding blocks on the HTTP call, so it runs on a thread of its own per forwarded
// request (forwarding is rare: writes on a follower); the answer goes through the responder.

#include <chrono>

#include "rest/request.hpp"
#include "rest/responder.hpp"

namespace copycat::rest {

// A responder that forwards `req` when the response it is given has forward_to set, and otherwise
// passes the response on to `respond`.
responder forwarding_responder(const request& req, responder respond, std::chrono::milliseconds timeout);

// The target for the worker at `base_url`: the same path and query with forward=false.
std::string forwarded_url(std::string_view base_url, std::string_view target);

}  // namespace copycat::rest
