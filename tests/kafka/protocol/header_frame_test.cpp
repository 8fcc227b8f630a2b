// Request/response headers and framing.
#include <catch2/catch.hpp>

#include "kafka/protocol/api_versions.hpp"
#include "kafka/protocol/frame.hpp"
#include "kafka/protocol/heartbeat.hpp"
#include "kafka/protocol/sync_group.hpp"
#include "test_bytes.hpp"

using namespace copycat;
using namespace copycat::kafka_protocol;
using copycat::kafka_protocol::testing::hex;
using copycat::kafka_protocol::testing::join;

TEST_CASE("an ApiVersions v3 request uses header v2 with an INT16 ClientId") {
    api_versions_request request{"copycat", "0.1.0"};
    auto frame = encode_request_frame(request, 3, 7, std::string("copycat"));
    REQUIRE(frame);
    const bytes expected = join({
        hex("00000021"),             // size: 33 bytes follow
        hex("0012 0003 00000007"),   // ApiKey 18, ApiVersion 3, CorrelationId 7
        hex("0007 636f7079636174"),  // ClientId "copycat", INT16 length
        hex("00"),                   // header tagged fields
        hex("08 636f7079636174"),    // ClientSoftwareName, compact
        hex("06 302e312e30"),        // ClientSoftwareVersion "0.1.0"
        hex("00"),                   // body tagged fields
    });
    CHECK(*frame == expected);

    auto parsed = parse_request(bytes_view(expected).subspan(4));
    REQUIRE(parsed);
    CHECK(parsed->header == request_header{api_key::api_versions, 3, 7, "copycat"});
    auto body = api_versions_request::decode(parsed->body, 3);
    REQUIRE(body);
    CHECK(*body == request);
}

TEST_CASE("request header v1 has no tagged fields; a null ClientId is -1") {
    auto frame = encode_request_frame(heartbeat_request{"g", 3, "m", std::nullopt}, 0, 1, std::nullopt);
    REQUIRE(frame);
    CHECK(*frame == hex("00000014 000c 0000 00000001 ffff | 0001 67 00000003 0001 6d"));
}

TEST_CASE("response headers: v0 for non-flexible and all ApiVersions, v1 otherwise") {
    auto v0 = encode_response_frame(api_key::heartbeat, 3, 9, hex("00000000 0000"));
    REQUIRE(v0);
    CHECK(*v0 == hex("0000000a 00000009 00000000 0000"));
    auto v1 = encode_response_frame(api_key::heartbeat, 4, 9, hex("00000000 0000 00"));
    REQUIRE(v1);
    CHECK(*v1 == hex("0000000c 00000009 00 00000000 0000 00"));
    auto api_versions = encode_response_frame(api_key::api_versions, 3, 9, hex("aa"));
    REQUIRE(api_versions);
    CHECK(*api_versions == hex("00000005 00000009 aa"));

    auto parsed = parse_response(bytes_view(*v1).subspan(4), api_key::heartbeat, 4);
    REQUIRE(parsed);
    CHECK(parsed->correlation_id == 9);
    CHECK(bytes(parsed->body.begin(), parsed->body.end()) == hex("00000000 0000 00"));
    CHECK(peek_correlation_id(bytes_view(*v1).subspan(4)).value() == 9);
}

TEST_CASE("a SyncGroup v4 response frame, by hand") {
    // size | CorrelationId 5 | header tags | ThrottleTimeMs 0 | ErrorCode 0 |
    // Assignment: compact bytes of 4 | body tags
    const bytes wire = hex("00000011 00000005 00 | 00000000 | 0000 | 05 deadbeef | 00");
    frame_decoder frames;
    frames.feed(wire);
    auto payload = frames.next();
    REQUIRE(payload);
    REQUIRE(*payload);
    auto response = parse_response(**payload, api_key::sync_group, 4);
    REQUIRE(response);
    CHECK(response->correlation_id == 5);
    auto body = sync_group_response::decode(response->body, 4);
    REQUIRE(body);
    CHECK(body->error == error_code::none);
    CHECK(body->assignment == hex("deadbeef"));
    CHECK(body->protocol_name == std::nullopt);
}

TEST_CASE("the frame decoder reassembles frames from any split") {
    auto a = encode_response_frame(api_key::heartbeat, 0, 1, hex("0000"));
    auto b = encode_response_frame(api_key::heartbeat, 0, 2, hex("001b"));
    REQUIRE(a);
    REQUIRE(b);
    const bytes stream = join({*a, *b});
    for (std::size_t split = 0; split <= stream.size(); ++split) {
        frame_decoder frames;
        frames.feed(bytes_view(stream).subspan(0, split));
        std::vector<bytes> got;
        for (auto next = frames.next(); next && *next; next = frames.next()) got.push_back(**next);
        frames.feed(bytes_view(stream).subspan(split));
        for (auto next = frames.next(); next && *next; next = frames.next()) got.push_back(**next);
        REQUIRE(got.size() == 2);
        CHECK(got[0] == bytes(a->begin() + 4, a->end()));
        CHECK(got[1] == bytes(b->begin() + 4, b->end()));
        CHECK(frames.buffered() == 0);
    }
}

TEST_CASE("the frame decoder refuses negative and oversized frames at once") {
    SECTION("oversized") {
        frame_decoder frames(1024);
        frames.feed(hex("00000401"));  // 1025, before any of the body arrives
        auto next = frames.next();
        REQUIRE_FALSE(next);
        CHECK(next.err().code == errc::protocol_error);
        CHECK_THAT(next.err().message, Catch::Contains("1025"));
        frames.feed(hex("00"));
        CHECK_FALSE(frames.next());  // stays failed
    }
    SECTION("negative") {
        frame_decoder frames;
        frames.feed(hex("ffffffff"));
        CHECK_FALSE(frames.next());
    }
    SECTION("the largest allowed frame waits for its bytes") {
        frame_decoder frames(1024);
        frames.feed(hex("00000400 01"));
        auto next = frames.next();
        REQUIRE(next);
        CHECK_FALSE(*next);
        CHECK(frames.buffered() == 5);
    }
    SECTION("an empty frame is delivered and its header then fails to parse") {
        frame_decoder frames;
        frames.feed(hex("00000000"));
        auto next = frames.next();
        REQUIRE(next);
        REQUIRE(*next);
        CHECK((*next)->empty());
        CHECK_FALSE(parse_request(**next));
        CHECK_FALSE(parse_response(**next, api_key::join_group, 6));
    }
}

TEST_CASE("request headers with bad fields are refused") {
    // ClientId length -2.
    auto bad_client = parse_request(hex("000b 0005 00000001 fffe"));
    REQUIRE_FALSE(bad_client);
    CHECK_THAT(bad_client.err().message, Catch::Contains("ClientId"));
    // Flexible version without the header's tagged-field section.
    auto no_tags = parse_request(hex("000b 0006 00000001 ffff"));
    REQUIRE_FALSE(no_tags);
    CHECK_THAT(no_tags.err().message, Catch::Contains("RequestHeader"));
    // Response header v1 with a tagged field it does not know is fine.
    auto tagged = parse_response(hex("00000003 01 05 01 ff | 00"), api_key::join_group, 6);
    REQUIRE(tagged);
    CHECK(tagged->correlation_id == 3);
    CHECK(tagged->body.size() == 1);
}
