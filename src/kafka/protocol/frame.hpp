#pragma once
// Framing: every request and response travels as INT32 size + header + body.
//
// frame_decoder cuts a received byte stream into frames and refuses sizes that are negative or
// above a limit before buffering them. The encode/parse functions add and remove the size and
// the header; message bodies are encoded and decoded by the message structs
// (join_group_request::encode, join_group_response::decode, ...).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "common/result.hpp"
#include "kafka/protocol/header.hpp"
#include "kafka/protocol/types.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_protocol {

// The broker's default socket.request.max.bytes (100 MiB).
inline constexpr std::size_t default_max_frame_size = 104857600;

// Splits a byte stream into frame payloads (the bytes after each INT32 size). Owned by one
// connection; not thread-safe.
class frame_decoder {
public:
    explicit frame_decoder(std::size_t max_frame_size = default_max_frame_size) noexcept
        : max_frame_size_(max_frame_size) {}

    // Appends bytes received from the peer.
    void feed(bytes_view data);
    // The next complete payload; an empty optional while more bytes are needed; a protocol_error
    // for a negative size or one above the limit. After an error the stream cannot be resynced:
    // every later call returns the same error.
    result<std::optional<bytes>> next();
    // Bytes received but not yet returned as frames.
    std::size_t buffered() const noexcept { return buffer_.size() - start_; }

private:
    std::size_t max_frame_size_;
    bytes buffer_;
    std::size_t start_ = 0;
    std::optional<error> failure_;
};

// A whole request frame: INT32 size, the header (v1 or v2 by the header's API and version), the
// encoded body.
result<bytes> encode_request_frame(const request_header& header, bytes_view body);

// Encodes `request` at `version` and frames it. Request is a message struct with
// `static constexpr api_key api` and `result<bytes> encode(std::int16_t) const`.
template <class Request>
result<bytes> encode_request_frame(const Request& request, std::int16_t version, std::int32_t correlation_id,
                                   std::optional<std::string> client_id) {
    COPYCAT_TRY(const bytes body, request.encode(version));
    return encode_request_frame(request_header{Request::api, version, correlation_id, std::move(client_id)}, body);
}

// A whole response frame: INT32 size, the response header (v0 or v1 by API and version), body.
result<bytes> encode_response_frame(api_key key, std::int16_t version, std::int32_t correlation_id, bytes_view body);

template <class Response>
result<bytes> encode_response_frame(const Response& response, std::int16_t version, std::int32_t correlation_id) {
    COPYCAT_TRY(const bytes body, response.encode(version));
    return encode_response_frame(Response::api, version, correlation_id, body);
}

// A received request: its header and a view of its body inside the payload.
struct request_frame {
    request_header header;
    bytes_view body;
};

// Splits a request payload (a frame without its size) into header and body.
result<request_frame> parse_request(bytes_view payload);

// A received response: its correlation id and a view of its body inside the payload.
struct response_frame {
    std::int32_t correlation_id = 0;
    bytes_view body;
};

// The correlation id that starts every response header, to find the request it answers.
result<std::int32_t> peek_correlation_id(bytes_view payload);
// Splits a response payload to a request of API `key` at `version` into header and body.
result<response_frame> parse_response(bytes_view payload, api_key key, std::int16_t version);

}  // namespace copycat::kafka_protocol
