// Every message at every supported version survives encode + decode, alone and inside a frame;
// values a version cannot carry are refused or dropped as Kafka's client does.
#include <catch2/catch.hpp>

#include "kafka/protocol/frame.hpp"
#include "samples.hpp"

using namespace copycat;
using namespace copycat::kafka_protocol;
using copycat::kafka_protocol::testing::is_request_v;
using copycat::kafka_protocol::testing::sample;

TEMPLATE_TEST_CASE("every message round-trips at every supported version", "[round-trip]",
                   COPYCAT_KAFKA_PROTOCOL_MESSAGES) {
    const api_info* api = find_api(TestType::api);
    REQUIRE(api != nullptr);
    for (std::int16_t v = api->versions.min; v <= api->versions.max; ++v) {
        INFO(api->name << (is_request_v<TestType> ? "Request" : "Response") << " v" << v);
        const TestType original = sample<TestType>(v);
        auto encoded = original.encode(v);
        REQUIRE(encoded);
        auto decoded = TestType::decode(*encoded, v);
        REQUIRE(decoded);
        CHECK(*decoded == original);
    }
}

TEMPLATE_TEST_CASE("every message round-trips inside a frame", "[round-trip]", COPYCAT_KAFKA_PROTOCOL_MESSAGES) {
    const api_info* api = find_api(TestType::api);
    for (std::int16_t v = api->versions.min; v <= api->versions.max; ++v) {
        INFO(api->name << " v" << v);
        const TestType original = sample<TestType>(v);
        frame_decoder frames;
        if constexpr (is_request_v<TestType>) {
            auto frame = encode_request_frame(original, v, 1000 + v, std::string("copycat-worker"));
            REQUIRE(frame);
            frames.feed(*frame);
            auto payload = frames.next();
            REQUIRE(payload);
            REQUIRE(*payload);
            auto parsed = parse_request(**payload);
            REQUIRE(parsed);
            CHECK(parsed->header == request_header{TestType::api, v, 1000 + v, "copycat-worker"});
            auto decoded = TestType::decode(parsed->body, v);
            REQUIRE(decoded);
            CHECK(*decoded == original);
        } else {
            auto frame = encode_response_frame(original, v, 2000 + v);
            REQUIRE(frame);
            frames.feed(*frame);
            auto payload = frames.next();
            REQUIRE(payload);
            REQUIRE(*payload);
            auto parsed = parse_response(**payload, TestType::api, v);
            REQUIRE(parsed);
            CHECK(parsed->correlation_id == 2000 + v);
            auto decoded = TestType::decode(parsed->body, v);
            REQUIRE(decoded);
            CHECK(*decoded == original);
        }
    }
}

TEMPLATE_TEST_CASE("versions outside the table are refused", "[round-trip]", COPYCAT_KAFKA_PROTOCOL_MESSAGES) {
    const api_info* api = find_api(TestType::api);
    for (std::int16_t v : {static_cast<std::int16_t>(api->versions.max + 1), std::int16_t{-1}}) {
        auto encoded = TestType{}.encode(v);
        REQUIRE_FALSE(encoded);
        CHECK(encoded.err().code == errc::unsupported);
        auto decoded = TestType::decode(bytes{}, v);
        REQUIRE_FALSE(decoded);
        CHECK(decoded.err().code == errc::unsupported);
    }
}

namespace {

// The encode failure message, or "" if the encode succeeded.
template <class Message>
std::string encode_failure(const Message& m, std::int16_t version) {
    auto encoded = m.encode(version);
    return encoded ? std::string() : encoded.err().message;
}

}  // namespace

TEST_CASE("JoinGroup: non-ignorable fields a version lacks are refused, ignorable ones dropped") {
    join_group_request request = sample<join_group_request>(9);
    CHECK_THAT(encode_failure(request, 4), Catch::Contains("GroupInstanceId"));
    request.group_instance_id.reset();
    // RebalanceTimeoutMs (v1+) and Reason (v8+) are ignorable: dropped by older versions.
    auto v0 = request.encode(0);
    REQUIRE(v0);
    auto back = join_group_request::decode(*v0, 0);
    REQUIRE(back);
    CHECK(back->rebalance_timeout_ms == -1);
    CHECK(back->reason == std::nullopt);
    CHECK(back->protocols == request.protocols);

    join_group_response response = sample<join_group_response>(9);
    CHECK_THAT(encode_failure(response, 8), Catch::Contains("SkipAssignment"));
    response.skip_assignment = false;
    CHECK(encode_failure(response, 8).empty());
    response.protocol_name.reset();
    CHECK(encode_failure(response, 7).empty());
    CHECK_THAT(encode_failure(response, 6), Catch::Contains("ProtocolName"));
}

TEST_CASE("FindCoordinator: Key up to v3, CoordinatorKeys from v4") {
    CHECK_THAT(encode_failure(find_coordinator_request::for_group("g", 4), 3), Catch::Contains("CoordinatorKeys"));
    CHECK_THAT(encode_failure(find_coordinator_request::for_group("g", 3), 4), Catch::Contains("Key"));
    find_coordinator_request transaction = find_coordinator_request::for_group("t", 0);
    transaction.key_type = coordinator_key_type::transaction;
    CHECK_THAT(encode_failure(transaction, 0), Catch::Contains("KeyType"));

    find_coordinator_response old_form;
    old_form.host = "b1";
    CHECK_THAT(encode_failure(old_form, 4), Catch::Contains("Host"));
    find_coordinator_response new_form;
    new_form.coordinators.push_back({"g", 1, "b1", 9092, error_code::none, std::nullopt});
    CHECK_THAT(encode_failure(new_form, 3), Catch::Contains("Coordinators"));

    auto v2 = sample<find_coordinator_response>(2);
    auto found = v2.coordinator_for("ignored", 2);
    REQUIRE(found);
    CHECK(found->host == "broker-3.example");
    auto v4 = sample<find_coordinator_response>(4);
    CHECK(v4.coordinator_for("connect-cluster", 4)->port == 9093);
    CHECK(v4.coordinator_for("missing", 4).err().code == errc::not_found);
}

TEST_CASE("LeaveGroup: MemberId up to v2, Members from v3") {
    auto old_form = leave_group_request::for_member("g", "m", "bye", 2);
    CHECK(old_form.member_id == "m");
    CHECK(old_form.members.empty());
    CHECK_THAT(encode_failure(old_form, 3), Catch::Contains("MemberId"));
    auto new_form = leave_group_request::for_member("g", "m", "bye", 5);
    CHECK_THAT(encode_failure(new_form, 2), Catch::Contains("Members"));
    // Reason is ignorable: v3 and v4 drop it.
    auto v3 = new_form.encode(3);
    REQUIRE(v3);
    CHECK(leave_group_request::decode(*v3, 3)->members.at(0).reason == std::nullopt);

    leave_group_response response;
    response.members.push_back({"m", std::nullopt, error_code::unknown_member_id});
    CHECK_THAT(encode_failure(response, 2), Catch::Contains("Members"));
    CHECK(response.effective_error() == error_code::unknown_member_id);
    response.error = error_code::coordinator_not_available;
    CHECK(response.effective_error() == error_code::coordinator_not_available);
}

TEST_CASE("SyncGroup and Heartbeat refuse GroupInstanceId before v3") {
    auto sync = sample<sync_group_request>(5);
    CHECK_THAT(encode_failure(sync, 2), Catch::Contains("GroupInstanceId"));
    sync.group_instance_id.reset();
    // ProtocolType/ProtocolName are ignorable before v5.
    auto v4 = sync.encode(4);
    REQUIRE(v4);
    CHECK(sync_group_request::decode(*v4, 4)->protocol_name == std::nullopt);

    auto heartbeat = sample<heartbeat_request>(4);
    CHECK_THAT(encode_failure(heartbeat, 2), Catch::Contains("GroupInstanceId"));
}

TEST_CASE("ApiVersions request fields are dropped below v3; software names are checked") {
    api_versions_request request{"copycat", "0.1.0"};
    auto v2 = request.encode(2);
    REQUIRE(v2);
    CHECK(v2->empty());
    CHECK(is_valid_client_software_token("copycat"));
    CHECK(is_valid_client_software_token("0.1.0-SNAPSHOT"));
    CHECK(is_valid_client_software_token("a"));
    CHECK_FALSE(is_valid_client_software_token(""));
    CHECK_FALSE(is_valid_client_software_token("-copycat"));
    CHECK_FALSE(is_valid_client_software_token("copycat."));
    CHECK_FALSE(is_valid_client_software_token("copy cat"));
}
