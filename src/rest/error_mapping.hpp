#pragma once
// The one place that turns errors into HTTP: copycat::errc -> status, and the error body Kafka
// Connect's ConnectExceptionMapper writes, {"error_code":<status>,"message":"<text>"}.
//
//   invalid_argument -> 400     not_found -> 404     already_exists, conflict -> 409
//   unavailable -> 503          timeout and everything else (any other category too) -> 500
//
// Kafka Connect answers a herder request timeout with 500, hence timeout -> 500.

#include <string>
#include <string_view>
#include <system_error>

#include "common/result.hpp"
#include "rest/response.hpp"

namespace copycat::rest {

int http_status_for(std::error_code code);

// {"error_code":status,"message":message} with that status.
response error_response(int status, std::string_view message);
// The status from http_status_for(e.code) and e's message.
response error_response(const error& e);
// The answer to a request another worker must serve (the herder's forward_to): a 409 whose
// forward_to is that worker's base URL. forwarding_responder sends the request there, or this
// 409 when it may not forward (the request was already forwarded once).
response forward_response(std::string worker_url);

}  // namespace copycat::rest
