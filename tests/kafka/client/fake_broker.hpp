#pragma once
// fake_broker: a tiny Kafka broker on 127.0.0.1, port 0, for the client's unit tests.
//
// It accepts connections, cuts frames, parses request headers and hands every request to a
// responder, which returns the response frames to send (none leaves the request unanswered;
// several answer held-back requests too) and whether to close the connection. ApiVersions is
// answered by default with the ranges set by set_api_versions (every API this library speaks).
//
// Threading: the broker runs its own io_context on its own thread; the responder runs there.
// Every public method is thread-safe.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "kafka/client/broker_address.hpp"
#include "kafka/protocol/api_versions.hpp"
#include "kafka/protocol/frame.hpp"

namespace copycat::kafka_client::testing {

namespace kp = kafka_protocol;

struct fake_reply {
    // Whole response frames to write, in order (none: leave the request unanswered for now; a
    // later reply may carry its answer).
    std::vector<kp::bytes> frames;
    bool close = false;  // close the connection after writing `frames`
};

// A request the broker received.
struct fake_request {
    kp::request_header header;
    kp::bytes body;
    std::size_t connection = 0;  // 1 for the first connection accepted, ...
};

// Encodes `response` as a whole frame answering `request`.
template <class Response>
kp::bytes response_frame(const Response& response, const fake_request& request) {
    auto frame = kp::encode_response_frame(response, request.header.api_version, request.header.correlation_id);
    return frame ? std::move(*frame) : kp::bytes{};
}

// Decodes the request body as `Request` (empty on failure; tests check the header first).
template <class Request>
Request decode_request(const fake_request& request) {
    auto decoded = Request::decode(request.body, request.header.api_version);
    return decoded ? std::move(*decoded) : Request{};
}

class fake_broker {
public:
    using responder = std::function<fake_reply(const fake_request&)>;

    fake_broker();
    ~fake_broker();
    fake_broker(const fake_broker&) = delete;
    fake_broker& operator=(const fake_broker&) = delete;

    broker_address address() const;
    // Handles every request except ApiVersions (unless answer_api_versions(false)).
    void set_responder(responder r);
    void set_api_versions(std::vector<kp::api_version_entry> entries);
    void answer_api_versions(bool on);

    std::vector<fake_request> requests() const;
    std::size_t count(kp::api_key key) const;
    std::size_t connections_accepted() const;
    // Closes every open connection (the listener stays open).
    void drop_connections();

    // The default ApiVersions entries: this library's range for every API.
    static std::vector<kp::api_version_entry> all_api_versions();

private:
    struct impl;
    std::shared_ptr<impl> impl_;
};

}  // namespace copycat::kafka_client::testing
