#include "decode_all.hpp"

#include "kafka/protocol/frame.hpp"
#include "../samples.hpp"

namespace copycat::kafka_protocol::testing {
namespace {

template <class Message>
decode_outcome decode_checked(bytes_view input, std::int16_t version) {
    auto decoded = Message::decode(input, version);
    if (!decoded) {
        return decoded.err().code == errc::protocol_error ? decode_outcome::rejected : decode_outcome::unexpected;
    }
    auto encoded = decoded->encode(version);
    if (!encoded) return decode_outcome::unexpected;
    auto again = Message::decode(*encoded, version);
    if (!again || !(*again == *decoded)) return decode_outcome::unexpected;
    return decode_outcome::accepted;
}

template <class Message>
bytes seed_of(std::int16_t version) {
    auto encoded = sample<Message>(version).encode(version);
    return encoded ? std::move(*encoded) : bytes{};
}

template <class Message>
void add_entries(std::vector<decoder_entry>& out, std::string_view suffix) {
    const api_info* api = find_api(Message::api);
    for (std::int16_t v = api->versions.min; v <= api->versions.max; ++v) {
        out.push_back({std::string(api->name) + std::string(suffix) + " v" + std::to_string(v), Message::api,
                       is_request_v<Message>, v, &decode_checked<Message>, &seed_of<Message>});
    }
}

template <class... Messages>
std::vector<decoder_entry> build_table() {
    std::vector<decoder_entry> out;
    (add_entries<Messages>(out, is_request_v<Messages> ? "Request" : "Response"), ...);
    return out;
}

}  // namespace

const std::vector<decoder_entry>& all_decoders() {
    static const std::vector<decoder_entry> table = build_table<COPYCAT_KAFKA_PROTOCOL_MESSAGES>();
    return table;
}

decode_outcome decode_frames(bytes_view input) {
    frame_decoder frames(64 * 1024);
    frames.feed(input);
    for (;;) {
        auto next = frames.next();
        if (!next) {
            return next.err().code == errc::protocol_error ? decode_outcome::accepted : decode_outcome::unexpected;
        }
        if (!*next) return decode_outcome::accepted;
        const bytes& payload = **next;
        if (auto request = parse_request(payload)) {
            for (const auto& entry : all_decoders()) {
                if (entry.request && entry.api == request->header.key && entry.version == request->header.api_version &&
                    entry.decode(request->body, entry.version) == decode_outcome::unexpected) {
                    return decode_outcome::unexpected;
                }
            }
        } else if (request.err().code != errc::protocol_error) {
            return decode_outcome::unexpected;
        }
        for (const api_info& api : api_table()) {
            auto response = parse_response(payload, api.key, api.versions.max);
            if (!response && response.err().code != errc::protocol_error) {
                return decode_outcome::unexpected;
            }
        }
    }
}

}  // namespace copycat::kafka_protocol::testing
