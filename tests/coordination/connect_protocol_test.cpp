// connect_protocol: byte compatibility with Kafka Connect. The golden vectors below were
// produced by Kafka 4.1.1's connect-runtime (ConnectProtocol / IncrementalCooperativeConnectProtocol
// .serializeAssignment / serializeMetadata) for the values each test names.
#include <catch2/catch.hpp>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "coordination/connect_protocol.hpp"

using namespace copycat;
using namespace copycat::coordination;
namespace kp = copycat::kafka_protocol;

namespace {

kp::bytes from_hex(const std::string& hex) {
    kp::bytes out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) {
        out.push_back(static_cast<std::byte>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    }
    return out;
}

std::string to_hex(const kp::bytes& b) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (auto x : b) {
        out += digits[std::to_integer<int>(x) >> 4];
        out += digits[std::to_integer<int>(x) & 15];
    }
    return out;
}

const std::string url = "http://w1:8083/";
// "00 0F http://w1:8083/ 00..2A": url and config offset 42.
const std::string url_and_offset = "000f687474703a2f2f77313a383038332f000000000000002a";

// leader "m1", leader-url "http://w1:8083/", offset 42; assigned c1, c1-0, c1-3; revoked c2, c2-1;
// delay 3000.
const std::string java_v1_assignment =
    "0001000000026d31000f687474703a2f2f77313a383038332f000000000000002a000000010002633100000003ffffffff000000000000"
    "0003000000010002633200000002ffffffff0000000100000bb8";
// The same as V0 (no revocations, no delay): c1, c1-0, c1-3, c2-1.
const std::string java_v0_assignment =
    "0000000000026d31000f687474703a2f2f77313a383038332f000000000000002a000000020002633100000003ffffffff0000000000"
    "000003000263320000000100000001";
// CONFIG_MISMATCH at offset 7, nothing assigned (V2).
const std::string java_v2_mismatch =
    "0002000100026d31000f687474703a2f2f77313a383038332f0000000000000007000000000000000000000000";
// Metadata with allocation c1, c1-0, c2-2 (the allocation blob has empty leader fields and
// offset 42).
const std::string java_v2_metadata_alloc =
    "0002000f687474703a2f2f77313a383038332f000000000000002a000000380002000000000000000000000000002a0000000200026331"
    "00000002ffffffff000000000002633200000001000000020000000000000000";

const std::string java_v1_metadata_alloc =
    "0001000f687474703a2f2f77313a383038332f000000000000002a000000380001000000000000000000000000002a0000000200026331"
    "00000002ffffffff000000000002633200000001000000020000000000000000";

connect_assignment sample_assignment(std::int16_t version) {
    connect_assignment a;
    a.version = version;
    a.leader = "m1";
    a.leader_url = url;
    a.config_offset = 42;
    a.assigned = {{"c1"}, {{"c1", 0}, {"c1", 3}}};
    if (version > 0) {
        a.revoked = {{"c2"}, {{"c2", 1}}};
        a.delay_ms = 3000;
    } else {
        a.assigned.tasks.push_back({"c2", 1});
    }
    return a;
}

}  // namespace

TEST_CASE("connect.protocol names, wire names and versions") {
    CHECK(*parse_connect_protocol("EAGER") == connect_protocol::eager);
    CHECK(*parse_connect_protocol("Compatible") == connect_protocol::compatible);
    CHECK(*parse_connect_protocol("sessioned") == connect_protocol::sessioned);
    CHECK_FALSE(parse_connect_protocol("default").ok());
    CHECK_FALSE(parse_connect_protocol("").ok());
    CHECK(protocol_name(connect_protocol::eager) == "default");
    CHECK(protocol_name(connect_protocol::compatible) == "compatible");
    CHECK(protocol_name(connect_protocol::sessioned) == "sessioned");
    CHECK(protocol_version(connect_protocol::eager) == 0);
    CHECK(protocol_version(connect_protocol::compatible) == 1);
    CHECK(protocol_version(connect_protocol::sessioned) == 2);
    CHECK(*protocol_from_name("default") == connect_protocol::eager);
    CHECK(*protocol_from_name("SESSIONED") == connect_protocol::sessioned);
    CHECK_FALSE(protocol_from_name("eager").ok());
    CHECK_FALSE(protocol_from_name("range").ok());
}

TEST_CASE("metadata matches the reference's byte example for each protocol") {
    const auto sessioned = from_hex("0002" + url_and_offset + "ffffffff");
    CHECK(encode(worker_metadata{2, url, 42, std::nullopt}) == sessioned);
    CHECK(encode(worker_metadata{1, url, 42, std::nullopt}) == from_hex("0001" + url_and_offset + "ffffffff"));
    CHECK(encode(worker_metadata{0, url, 42, std::nullopt}) == from_hex("0000" + url_and_offset));
    // V0 has no allocation field, even when one is known.
    CHECK(encode(worker_metadata{0, url, 42, work_set{{"c1"}, {}}}) == from_hex("0000" + url_and_offset));

    auto decoded = decode_worker_metadata(sessioned);
    REQUIRE(decoded.ok());
    CHECK(decoded->version == 2);
    CHECK(decoded->url == url);
    CHECK(decoded->config_offset == 42);
    CHECK_FALSE(decoded->allocation);

    const auto offered = join_protocols(connect_protocol::sessioned, url, 42, std::nullopt);
    REQUIRE(offered.size() == 3);
    CHECK(offered[0].name == "sessioned");
    CHECK(offered[0].metadata == sessioned);
    CHECK(offered[1].name == "compatible");
    CHECK(offered[1].metadata == from_hex("0001" + url_and_offset + "ffffffff"));
    CHECK(offered[2].name == "default");
    CHECK(offered[2].metadata == from_hex("0000" + url_and_offset));
    const auto compatible = join_protocols(connect_protocol::compatible, url, 42, std::nullopt);
    REQUIRE(compatible.size() == 2);
    CHECK(compatible[0].name == "compatible");
    CHECK(compatible[1].name == "default");
    const auto eager = join_protocols(connect_protocol::eager, url, 42, work_set{{"c1"}, {}});
    REQUIRE(eager.size() == 1);
    CHECK(eager[0].name == "default");
}

TEST_CASE("metadata with an allocation is byte-identical to Java's") {
    const work_set allocation{{"c1"}, {{"c1", 0}, {"c2", 2}}};
    CHECK(to_hex(encode(worker_metadata{2, url, 42, allocation})) == java_v2_metadata_alloc);
    CHECK(to_hex(encode(worker_metadata{1, url, 42, allocation})) == java_v1_metadata_alloc);

    auto decoded = decode_worker_metadata(from_hex(java_v2_metadata_alloc));
    REQUIRE(decoded.ok());
    REQUIRE(decoded->allocation);
    CHECK(*decoded->allocation == allocation);
    // An empty allocation is written (not null) and read back as empty.
    auto empty = decode_worker_metadata(encode(worker_metadata{2, url, 5, work_set{}}));
    REQUIRE(empty.ok());
    REQUIRE(empty->allocation);
    CHECK(empty->allocation->empty());
}

TEST_CASE("assignments are byte-identical to Java's for V0, V1 and V2") {
    CHECK(to_hex(encode(sample_assignment(0))) == java_v0_assignment);
    CHECK(to_hex(encode(sample_assignment(1))) == java_v1_assignment);
    auto v2 = java_v1_assignment;
    v2[3] = '2';
    CHECK(to_hex(encode(sample_assignment(2))) == v2);

    connect_assignment mismatch;
    mismatch.version = 2;
    mismatch.error = assignment_config_mismatch;
    mismatch.leader = "m1";
    mismatch.leader_url = url;
    mismatch.config_offset = 7;
    CHECK(to_hex(encode(mismatch)) == java_v2_mismatch);

    for (std::int16_t version : {0, 1, 2}) {
        auto a = sample_assignment(version);
        auto decoded = decode_connect_assignment(encode(a));
        REQUIRE(decoded.ok());
        CHECK(*decoded == a);
    }
    auto from_java = decode_connect_assignment(from_hex(java_v0_assignment));
    REQUIRE(from_java.ok());
    CHECK(from_java->assigned == work_set{{"c1"}, {{"c1", 0}, {"c1", 3}, {"c2", 1}}});
    CHECK(from_java->revoked.empty());
    CHECK(from_java->delay_ms == 0);
    auto failed = decode_connect_assignment(from_hex(java_v2_mismatch));
    REQUIRE(failed.ok());
    CHECK(failed->failed());
    CHECK(failed->config_offset == 7);
}

TEST_CASE("the reference's ConnectorAssignment example {c1, [-1, 0, 3]}") {
    // version 1, error 0, leader "L", leader-url "U", offset 1, assignment [{c1, [-1,0,3]}],
    // revoked null, delay 0.
    const auto bytes = from_hex(
        "0001"
        "0000"
        "00014c"
        "000155"
        "0000000000000001"
        "00000001"
        "00026331"
        "00000003"
        "ffffffff"
        "00000000"
        "00000003"
        "ffffffff"
        "00000000");
    auto a = decode_connect_assignment(bytes);
    REQUIRE(a.ok());
    CHECK(a->leader == "L");
    CHECK(a->leader_url == "U");
    CHECK(a->assigned.connectors == std::vector<std::string>{"c1"});
    CHECK(a->assigned.tasks == std::vector<task_ref>{{"c1", 0}, {"c1", 3}});
    CHECK(a->revoked.empty());
    CHECK(a->assigned.tasks[1].to_string() == "c1-3");
}

TEST_CASE("the V1 reader tolerates missing trailing fields and ignores appended ones") {
    const std::string header = "0001000000026d31000f687474703a2f2f77313a383038332f000000000000002a";
    SECTION("nothing after config-offset") {
        auto a = decode_connect_assignment(from_hex(header));
        REQUIRE(a.ok());
        CHECK(a->assigned.empty());
        CHECK(a->revoked.empty());
        CHECK(a->delay_ms == 0);
    }
    SECTION("null arrays, no delay") {
        auto a = decode_connect_assignment(from_hex(header + "ffffffffffffffff"));
        REQUIRE(a.ok());
        CHECK(a->assigned.empty());
        CHECK(a->revoked.empty());
        CHECK(a->delay_ms == 0);
    }
    SECTION("bytes of a future version after delay") {
        auto a = decode_connect_assignment(from_hex(java_v1_assignment + "00000001abcd"));
        REQUIRE(a.ok());
        CHECK(a->delay_ms == 3000);
    }
    SECTION("metadata without its allocation field") {
        auto m = decode_worker_metadata(from_hex("0001" + url_and_offset));
        REQUIRE(m.ok());
        CHECK_FALSE(m->allocation);
    }
}

TEST_CASE("malformed blobs are errors") {
    auto bad_assignment = [](const std::string& hex) {
        auto r = decode_connect_assignment(from_hex(hex));
        return !r.ok() && r.err().code == make_error_code(errc::protocol_error);
    };
    const std::string header = "0001000000026d31000f687474703a2f2f77313a383038332f000000000000002a";
    CHECK(bad_assignment(""));
    CHECK(bad_assignment("00"));
    CHECK(bad_assignment("ffff0000"));                                   // negative version
    CHECK(bad_assignment("00010000000a6d31"));                           // string longer than the blob
    CHECK(bad_assignment("00010000ffff0000"));                           // null leader
    CHECK(bad_assignment(header.substr(0, header.size() - 4)));          // truncated offset
    CHECK(bad_assignment(header + "7fffffff"));                          // count larger than the bytes
    CHECK(bad_assignment(header + "0000000100026331ffffffff"));          // null tasks array
    CHECK(bad_assignment(header + "000000010002633100000001fffffffe"));  // task id -2
    CHECK(bad_assignment(header + "00000000000000000bb8"));              // half a delay
    CHECK_FALSE(decode_worker_metadata(from_hex("0002000f6874")).ok());
    CHECK_FALSE(decode_worker_metadata(from_hex("0002" + url_and_offset + "00000004000100")).ok());
    CHECK_FALSE(decode_worker_metadata(from_hex("0002" + url_and_offset + "00000002ffff")).ok());
    const std::vector<std::uint8_t> raw{0x00, 0x00, 0x00, 0x01};
    CHECK_FALSE(decode_worker_metadata(std::span<const std::uint8_t>(raw)).ok());
}

TEST_CASE("decoders survive random and mutated bytes") {
    std::mt19937 rng(12345);
    std::uniform_int_distribution<int> byte(0, 255);
    std::vector<kp::bytes> seeds = {from_hex(java_v1_assignment), from_hex(java_v0_assignment),
                                    from_hex(java_v2_metadata_alloc), from_hex(java_v2_mismatch)};
    std::size_t decoded = 0;
    for (int i = 0; i < 20000; ++i) {
        kp::bytes data;
        if (i % 2 == 0) {
            data.resize(static_cast<std::size_t>(byte(rng) % 80));
            for (auto& b : data) b = static_cast<std::byte>(byte(rng));
        } else {
            data = seeds[static_cast<std::size_t>(i / 2) % seeds.size()];
            const int flips = 1 + byte(rng) % 4;
            for (int f = 0; f < flips; ++f) {
                data[static_cast<std::size_t>(byte(rng)) % data.size()] = static_cast<std::byte>(byte(rng));
            }
            if (byte(rng) % 3 == 0) data.resize(static_cast<std::size_t>(byte(rng)) % (data.size() + 1));
        }
        auto a = decode_connect_assignment(data);
        if (decode_worker_metadata(data).ok()) ++decoded;
        if (a.ok()) {
            ++decoded;
            if (a->version == 0 && (!a->revoked.empty() || a->delay_ms != 0)) continue;  // V0 cannot carry them
            // Whatever decodes re-encodes and decodes to the same value.
            auto again = decode_connect_assignment(encode(*a));
            REQUIRE(again.ok());
            CHECK(*again == *a);
        }
    }
    CHECK(decoded > 0);
}

TEST_CASE("work sets: normalization, algebra and the incremental merge") {
    work_set w{{"b", "a", "b"}, {{"b", 1}, {"a", 2}, {"b", 1}, {"a", 10}}};
    w.normalize();
    CHECK(w.connectors == std::vector<std::string>{"a", "b"});
    CHECK(w.tasks == std::vector<task_ref>{{"a", 2}, {"a", 10}, {"b", 1}});
    CHECK(w.contains(task_ref{"a", 10}));
    CHECK_FALSE(w.contains("c"));
    const work_set revoked{{"a"}, {{"b", 1}}};
    const work_set assigned{{"c"}, {{"c", 0}}};
    CHECK(apply_assignment(w, revoked, assigned) == work_set{{"b", "c"}, {{"a", 2}, {"a", 10}, {"c", 0}}});
    CHECK(w.to_string() == "connectors [a, b], tasks [a-2, a-10, b-1]");
}
