// A valid frame cut at any byte fails cleanly: the frame decoder waits for more, and the header
// or body parser returns a protocol_error (never an exception, never an over-read).
#include <catch2/catch.hpp>

#include "kafka/protocol/frame.hpp"
#include "samples.hpp"

using namespace copycat;
using namespace copycat::kafka_protocol;
using copycat::kafka_protocol::testing::is_request_v;
using copycat::kafka_protocol::testing::sample;

namespace {

// Parses a (possibly cut) payload as TestType's frame at `version` and decodes the body.
template <class Message>
result<Message> parse_payload(bytes_view payload, std::int16_t version) {
    if constexpr (is_request_v<Message>) {
        auto parsed = parse_request(payload);
        if (!parsed) return parsed.err();
        return Message::decode(parsed->body, version);
    } else {
        auto parsed = parse_response(payload, Message::api, version);
        if (!parsed) return parsed.err();
        return Message::decode(parsed->body, version);
    }
}

template <class Message>
result<bytes> frame_of(const Message& m, std::int16_t version) {
    if constexpr (is_request_v<Message>) {
        return encode_request_frame(m, version, 42, std::string("client"));
    } else {
        return encode_response_frame(m, version, 42);
    }
}

}  // namespace

TEMPLATE_TEST_CASE("every truncation of a valid frame fails cleanly", "[truncation]", COPYCAT_KAFKA_PROTOCOL_MESSAGES) {
    const api_info* api = find_api(TestType::api);
    std::size_t cuts = 0;
    for (std::int16_t v = api->versions.min; v <= api->versions.max; ++v) {
        INFO(api->name << " v" << v);
        auto frame = frame_of(sample<TestType>(v), v);
        REQUIRE(frame);
        const bytes_view payload = bytes_view(*frame).subspan(4);
        REQUIRE(parse_payload<TestType>(payload, v));
        for (std::size_t cut = 0; cut < frame->size(); ++cut) {
            frame_decoder frames;
            frames.feed(bytes_view(*frame).subspan(0, cut));
            auto next = frames.next();
            REQUIRE(next);
            CHECK_FALSE(*next);
        }
        for (std::size_t cut = 0; cut < payload.size(); ++cut) {
            INFO("cut at " << cut << " of " << payload.size());
            auto parsed = parse_payload<TestType>(payload.subspan(0, cut), v);
            REQUIRE_FALSE(parsed);
            CHECK(parsed.err().code == errc::protocol_error);
            ++cuts;
        }
    }
    CHECK(cuts > 0);
}

TEMPLATE_TEST_CASE("every truncation of a valid body names what was cut", "[truncation]",
                   COPYCAT_KAFKA_PROTOCOL_MESSAGES) {
    const api_info* api = find_api(TestType::api);
    for (std::int16_t v = api->versions.min; v <= api->versions.max; ++v) {
        auto body = sample<TestType>(v).encode(v);
        REQUIRE(body);
        for (std::size_t cut = 0; cut < body->size(); ++cut) {
            auto parsed = TestType::decode(bytes_view(*body).subspan(0, cut), v);
            REQUIRE_FALSE(parsed);
            CHECK(parsed.err().code == errc::protocol_error);
            CHECK_THAT(parsed.err().message, Catch::Contains(" v" + std::to_string(v) + ": "));
        }
    }
}
