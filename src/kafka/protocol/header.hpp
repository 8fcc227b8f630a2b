#pragma once
// Request and response headers (RequestHeader.json, ResponseHeader.json).
//
// Request header v1: ApiKey INT16, ApiVersion INT16, CorrelationId INT32, ClientId
// NULLABLE_STRING. v2 adds a tagged-field section; ClientId keeps its INT16 length so any broker
// can read an ApiVersions header. Response header v0: CorrelationId INT32; v1 adds a
// tagged-field section. ApiVersions responses always use v0.

#include <cstdint>
#include <optional>
#include <string>

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/versions.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {

struct request_header {
    api_key key{};
    std::int16_t api_version = 0;
    std::int32_t correlation_id = 0;
    std::optional<std::string> client_id;

    // 2 when the API version is flexible, else 1 (see request_header_version()).
    std::int16_t header_version() const noexcept;
    // Writes the header in header_version().
    void write(writer& w) const;
    // Reads ApiKey and ApiVersion, then the rest in the header version they imply. Failures are
    // left in `r`.
    static request_header read(reader& r);

    bool operator==(const request_header&) const = default;
};

struct response_header {
    std::int32_t correlation_id = 0;

    // `header_version` is 0 or 1 (see response_header_version()).
    void write(writer& w, std::int16_t header_version) const;
    static response_header read(reader& r, std::int16_t header_version);

    bool operator==(const response_header&) const = default;
};

}  // namespace copycat::kafka_protocol
