#include "kafka/protocol/sasl.hpp"

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"

namespace copycat::kafka_protocol {
namespace {

constexpr std::string_view kHandshakeRequest = "SaslHandshakeRequest";
constexpr std::string_view kHandshakeResponse = "SaslHandshakeResponse";
constexpr std::string_view kAuthenticateRequest = "SaslAuthenticateRequest";
constexpr std::string_view kAuthenticateResponse = "SaslAuthenticateResponse";

}  // namespace

result<bytes> sasl_handshake_request::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kHandshakeRequest));
    writer w;
    w.write_string("Mechanism", mechanism);
    return std::move(w).finish(kHandshakeRequest, version);
}

result<sasl_handshake_request> sasl_handshake_request::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kHandshakeRequest));
    reader r(data);
    sasl_handshake_request m;
    m.mechanism = r.read_string("Mechanism");
    COPYCAT_TRY_VOID(r.finish(kHandshakeRequest, version));
    return m;
}

result<bytes> sasl_handshake_response::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kHandshakeResponse));
    writer w;
    w.write_int16(static_cast<std::int16_t>(error));
    w.write_array_count("Mechanisms", mechanisms.size(), false);
    for (const auto& mechanism : mechanisms) w.write_string("Mechanisms", mechanism);
    return std::move(w).finish(kHandshakeResponse, version);
}

result<sasl_handshake_response> sasl_handshake_response::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kHandshakeResponse));
    reader r(data);
    sasl_handshake_response m;
    m.error = static_cast<error_code>(r.read_int16("ErrorCode"));
    const std::size_t n = r.read_array_count("Mechanisms", false);
    for (std::size_t i = 0; i < n && r.ok(); ++i) m.mechanisms.push_back(r.read_string("Mechanisms"));
    COPYCAT_TRY_VOID(r.finish(kHandshakeResponse, version));
    return m;
}

result<bytes> sasl_authenticate_request::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kAuthenticateRequest));
    const bool flex = is_flexible(api, version);
    writer w;
    w.write_bytes("AuthBytes", auth_bytes, flex);
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kAuthenticateRequest, version);
}

result<sasl_authenticate_request> sasl_authenticate_request::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kAuthenticateRequest));
    const bool flex = is_flexible(api, version);
    reader r(data);
    sasl_authenticate_request m;
    m.auth_bytes = r.read_bytes("AuthBytes", flex);
    if (flex) r.skip_tagged_fields("SaslAuthenticateRequest tagged fields");
    COPYCAT_TRY_VOID(r.finish(kAuthenticateRequest, version));
    return m;
}

result<bytes> sasl_authenticate_response::encode(std::int16_t version) const {
    COPYCAT_TRY_VOID(check_version(api, version, kAuthenticateResponse));
    const bool flex = is_flexible(api, version);
    writer w;
    w.write_int16(static_cast<std::int16_t>(error));
    w.write_nullable_string("ErrorMessage", error_message, flex);
    w.write_bytes("AuthBytes", auth_bytes, flex);
    if (version >= 1) w.write_int64(session_lifetime_ms);
    if (flex) w.write_empty_tagged_fields();
    return std::move(w).finish(kAuthenticateResponse, version);
}

result<sasl_authenticate_response> sasl_authenticate_response::decode(bytes_view data, std::int16_t version) {
    COPYCAT_TRY_VOID(check_version(api, version, kAuthenticateResponse));
    const bool flex = is_flexible(api, version);
    reader r(data);
    sasl_authenticate_response m;
    m.error = static_cast<error_code>(r.read_int16("ErrorCode"));
    m.error_message = r.read_nullable_string("ErrorMessage", flex);
    m.auth_bytes = r.read_bytes("AuthBytes", flex);
    if (version >= 1) m.session_lifetime_ms = r.read_int64("SessionLifetimeMs");
    if (flex) r.skip_tagged_fields("SaslAuthenticateResponse tagged fields");
    COPYCAT_TRY_VOID(r.finish(kAuthenticateResponse, version));
    return m;
}

}  // namespace copycat::kafka_protocol
