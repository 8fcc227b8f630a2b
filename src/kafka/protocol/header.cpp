#include "kafka/protocol/header.hpp"

namespace copycat::kafka_protocol {

std::int16_t request_header::header_version() const noexcept { return request_header_version(key, api_version); }

void request_header::write(writer& w) const {
    w.write_int16(static_cast<std::int16_t>(key));
    w.write_int16(api_version);
    w.write_int32(correlation_id);
    w.write_nullable_string("RequestHeader.ClientId", client_id);  // INT16 length in every version
    if (header_version() >= 2) w.write_empty_tagged_fields();
}

request_header request_header::read(reader& r) {
    request_header h;
    h.key = static_cast<api_key>(r.read_int16("RequestHeader.RequestApiKey"));
    h.api_version = r.read_int16("RequestHeader.RequestApiVersion");
    h.correlation_id = r.read_int32("RequestHeader.CorrelationId");
    h.client_id = r.read_nullable_string("RequestHeader.ClientId");
    if (h.header_version() >= 2) r.skip_tagged_fields("RequestHeader tagged fields");
    return h;
}

void response_header::write(writer& w, std::int16_t header_version) const {
    w.write_int32(correlation_id);
    if (header_version >= 1) w.write_empty_tagged_fields();
}

response_header response_header::read(reader& r, std::int16_t header_version) {
    response_header h;
    h.correlation_id = r.read_int32("ResponseHeader.CorrelationId");
    if (header_version >= 1) r.skip_tagged_fields("ResponseHeader tagged fields");
    return h;
}

}  // namespace copycat::kafka_protocol
