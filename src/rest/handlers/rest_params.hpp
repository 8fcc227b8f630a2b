#pragma once
// Reading path and query parameters the way Kafka Connect's JAX-RS resources do, and building
// the Location of a created connector. Pure functions; safe from any thread.

#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"
#include "herder_api/entities.hpp"
#include "herder_api/request_signature.hpp"
#include "rest/request.hpp"

namespace copycat::rest::handlers {

// {connector} and {task} as a task id. A task that is not an integer is not found (JAX-RS
// answers 404 when a path parameter does not convert).
result<herder::task_id> task_id_param(const request& req);

// A boolean query parameter (Java's Boolean.valueOf: "true" in any case is true, anything else
// false); `fallback` when absent.
bool bool_param(const request& req, std::string_view name, bool fallback);

// The Location of a connector: absolute when the request named its Host
// ("http://<host>/connectors/<name>", as Jersey resolves it), otherwise "/connectors/<name>";
// the name percent-encoded as a path segment.
std::string connector_location(const request& req, std::string_view name);

// The KIP-507 signature of an internal request (X-Connect-Authorization and
// X-Connect-Request-Signature-Algorithm over the exact body bytes); nullopt when unsigned, a 400
// when the headers cannot be read (herder::read_request_signature).
result<std::optional<herder::request_signature>> request_signature_of(const request& req);

}  // namespace copycat::rest::handlers
