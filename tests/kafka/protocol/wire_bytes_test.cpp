// Byte vectors written by hand from Kafka's message schemas, checked in both directions.
#include <catch2/catch.hpp>

#include "kafka/protocol/api_versions.hpp"
#include "kafka/protocol/find_coordinator.hpp"
#include "kafka/protocol/join_group.hpp"
#include "kafka/protocol/leave_group.hpp"
#include "kafka/protocol/sasl.hpp"
#include "kafka/protocol/sync_group.hpp"
#include "test_bytes.hpp"

using namespace copycat;
using namespace copycat::kafka_protocol;
using copycat::kafka_protocol::testing::ascii;
using copycat::kafka_protocol::testing::hex;

namespace {

join_group_request connect_join() {
    join_group_request m;
    m.group_id = "grp";
    m.session_timeout_ms = 10000;
    m.rebalance_timeout_ms = 60000;
    m.member_id = "";
    m.protocol_type = "connect";
    m.protocols = {{"sessioned", hex("010203")}};
    return m;
}

}  // namespace

TEST_CASE("JoinGroup v5 request (classic encoding)") {
    const bytes wire =
        hex("0003 677270"              // GroupId "grp"
            "00002710"                 // SessionTimeoutMs 10000
            "0000ea60"                 // RebalanceTimeoutMs 60000
            "0000"                     // MemberId ""
            "ffff"                     // GroupInstanceId null
            "0007 636f6e6e656374"      // ProtocolType "connect"
            "00000001"                 // Protocols: 1
            "0009 73657373696f6e6564"  //   Name "sessioned"
            "00000003 010203");        //   Metadata
    auto encoded = connect_join().encode(5);
    REQUIRE(encoded);
    CHECK(*encoded == wire);
    auto decoded = join_group_request::decode(wire, 5);
    REQUIRE(decoded);
    CHECK(*decoded == connect_join());
}

TEST_CASE("JoinGroup v6 request (first flexible version)") {
    const bytes wire =
        hex("04 677270"  // GroupId, compact
            "00002710 0000ea60"
            "01"                     // MemberId "" (length 0 + 1)
            "00"                     // GroupInstanceId null
            "08 636f6e6e656374"      // ProtocolType
            "02"                     // Protocols: 1 (+1)
            "0a 73657373696f6e6564"  //   Name
            "04 010203"              //   Metadata, compact bytes
            "00"                     //   element tagged fields
            "00");                   // tagged fields
    auto encoded = connect_join().encode(6);
    REQUIRE(encoded);
    CHECK(*encoded == wire);

    // A newer client may add tagged fields; they are skipped.
    bytes tagged = wire;
    tagged.pop_back();
    for (auto b : hex("02 05 02 aabb 09 00")) tagged.push_back(b);
    auto decoded = join_group_request::decode(tagged, 6);
    REQUIRE(decoded);
    CHECK(*decoded == connect_join());
}

TEST_CASE("JoinGroup v9 response with SkipAssignment between Leader and MemberId") {
    const bytes wire =
        hex("00000000"               // ThrottleTimeMs
            "0000"                   // ErrorCode
            "00000003"               // GenerationId 3
            "08 636f6e6e656374"      // ProtocolType "connect"
            "0a 73657373696f6e6564"  // ProtocolName "sessioned"
            "02 61"                  // Leader "a"
            "00"                     // SkipAssignment false
            "02 62"                  // MemberId "b"
            "03"                     // Members: 2
            "02 61 00 02 ff 00"      //   "a", null instance, metadata ff
            "02 62 00 01 00"         //   "b", null instance, empty metadata
            "00");
    auto decoded = join_group_response::decode(wire, 9);
    REQUIRE(decoded);
    CHECK(decoded->generation_id == 3);
    CHECK(decoded->protocol_type == "connect");
    CHECK(decoded->protocol_name == "sessioned");
    CHECK(decoded->leader == "a");
    CHECK(decoded->member_id == "b");
    CHECK_FALSE(decoded->is_leader());
    REQUIRE(decoded->members.size() == 2);
    CHECK(decoded->members[0].metadata == hex("ff"));
    CHECK(decoded->members[1].metadata.empty());
    CHECK(decoded->encode(9).value() == wire);
}

TEST_CASE("JoinGroup v4 MEMBER_ID_REQUIRED response") {
    const bytes wire =
        hex("00000000 004f ffffffff"  // throttle, MEMBER_ID_REQUIRED (79), generation -1
            "0000 0000"               // ProtocolName "", Leader ""
            "0005 6d2d313233"         // MemberId "m-123"
            "00000000");              // Members: none
    auto decoded = join_group_response::decode(wire, 4);
    REQUIRE(decoded);
    CHECK(decoded->error == error_code::member_id_required);
    CHECK(decoded->generation_id == -1);
    CHECK(decoded->member_id == "m-123");
}

TEST_CASE("SyncGroup v5 request from the leader") {
    sync_group_request m;
    m.group_id = "g";
    m.generation_id = 1;
    m.member_id = "a";
    m.protocol_type = "connect";
    m.protocol_name = "default";
    m.assignments = {{"a", hex("0001")}};
    const bytes wire =
        hex("02 67 00000001 02 61"  // GroupId, GenerationId, MemberId
            "00"                    // GroupInstanceId null
            "08 636f6e6e656374"     // ProtocolType
            "08 64656661756c74"     // ProtocolName "default"
            "02 02 61 03 0001 00"   // Assignments: [{"a", 00 01}]
            "00");
    CHECK(m.encode(5).value() == wire);
    CHECK(sync_group_request::decode(wire, 5).value() == m);
}

TEST_CASE("ApiVersions v3 response with tagged fields, known and unknown") {
    const bytes wire =
        hex("0000"                    // ErrorCode
            "02 000b 0000 0009 00"    // ApiKeys: JoinGroup 0-9, element tags
            "00000000"                // ThrottleTimeMs
            "02"                      // 2 tagged fields
            "01 08 0000000000000005"  //   tag 1 FinalizedFeaturesEpoch = 5
            "07 01 ff");              //   tag 7, unknown: skipped
    auto decoded = api_versions_response::decode(wire, 3);
    REQUIRE(decoded);
    CHECK(decoded->error == error_code::none);
    CHECK(decoded->find(api_key::join_group) == version_range{0, 9});
    CHECK(decoded->finalized_features_epoch == 5);
    CHECK(decoded->supported_features.empty());
}

TEST_CASE("ApiVersions falls back to the v0 body of an UNSUPPORTED_VERSION answer") {
    // What a broker sends back to an ApiVersions version it does not know.
    const bytes wire = hex("0023 00000001 0012 0000 0003");
    for (std::int16_t asked : {1, 2, 3, 4}) {
        auto decoded = api_versions_response::decode(wire, asked);
        REQUIRE(decoded);
        CHECK(decoded->error == error_code::unsupported_version);
        CHECK(decoded->find(api_key::api_versions) == version_range{0, 3});
    }
    // Bytes that parse at neither version keep the error of the version asked for.
    auto garbage = api_versions_response::decode(hex("0000 00000001"), 3);
    REQUIRE_FALSE(garbage);
    CHECK_THAT(garbage.err().message, Catch::StartsWith("ApiVersionsResponse v3"));
}

TEST_CASE("FindCoordinator v4 request and v3 response") {
    CHECK(find_coordinator_request::for_group("g", 4).encode(4).value() ==
          hex("00 | 02 02 67 | 00"));  // KeyType GROUP, CoordinatorKeys ["g"], tags
    CHECK(find_coordinator_request::for_group("g", 0).encode(0).value() == hex("0001 67"));

    const bytes wire =
        hex("00000000 0000"          // ThrottleTimeMs, ErrorCode
            "00"                     // ErrorMessage null
            "00000001"               // NodeId 1
            "0a 6c6f63616c686f7374"  // Host "localhost"
            "00002384"               // Port 9092
            "00");
    auto decoded = find_coordinator_response::decode(wire, 3);
    REQUIRE(decoded);
    CHECK(decoded->node_id == 1);
    CHECK(decoded->host == "localhost");
    CHECK(decoded->port == 9092);
    CHECK(decoded->error_message == std::nullopt);
}

TEST_CASE("LeaveGroup v3 request and response") {
    const bytes request = hex("0001 67 | 00000001 | 0001 61 ffff");
    CHECK(leave_group_request::for_member("g", "a", std::nullopt, 3).encode(3).value() == request);
    const bytes response = hex("00000000 0000 | 00000001 | 0001 61 ffff 0019");
    auto decoded = leave_group_response::decode(response, 3);
    REQUIRE(decoded);
    CHECK(decoded->effective_error() == error_code::unknown_member_id);
}

TEST_CASE("SASL handshake and authenticate") {
    CHECK(sasl_handshake_request{"PLAIN"}.encode(1).value() == hex("0005 504c41494e"));
    auto handshake = sasl_handshake_response::decode(hex("0000 00000001 0005 504c41494e"), 1);
    REQUIRE(handshake);
    CHECK(handshake->mechanisms == std::vector<std::string>{"PLAIN"});

    sasl_authenticate_request plain{ascii(std::string_view("\0u\0p", 4))};
    CHECK(plain.encode(1).value() == hex("00000004 00750070"));
    CHECK(plain.encode(2).value() == hex("05 00750070 00"));
    auto response = sasl_authenticate_response::decode(hex("0000 00 01 0000000000000000 00"), 2);
    REQUIRE(response);
    CHECK(response->error == error_code::none);
    CHECK(response->error_message == std::nullopt);
    CHECK(response->auth_bytes.empty());
}
