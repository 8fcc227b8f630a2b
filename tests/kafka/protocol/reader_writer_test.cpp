// Wire primitives: encodings byte for byte, and a reader that refuses hostile input cleanly.
#include <catch2/catch.hpp>

#include <limits>
#include <string>

#include "kafka/protocol/reader.hpp"
#include "kafka/protocol/writer.hpp"
#include "test_bytes.hpp"

using namespace copycat;
using namespace copycat::kafka_protocol;
using copycat::kafka_protocol::testing::hex;

namespace {

bytes written(const writer& w) { return bytes(w.data().begin(), w.data().end()); }

// The failure a reader reports through finish().
std::string failure(const reader& r) {
    auto done = r.finish("Test", 0);
    return done ? std::string() : done.err().message;
}

}  // namespace

TEST_CASE("fixed-width integers are big-endian") {
    writer w;
    w.write_int8(-2);
    w.write_int16(0x0102);
    w.write_int32(-1);
    w.write_int64(0x0102030405060708);
    w.write_uint16(0xfffe);
    w.write_uint32(0xfffffffe);
    w.write_bool(true);
    w.write_bool(false);
    CHECK(written(w) == hex("fe 0102 ffffffff 0102030405060708 fffe fffffffe 01 00"));

    const bytes data = written(w);
    reader r(data);
    CHECK(r.read_int8("a") == -2);
    CHECK(r.read_int16("b") == 0x0102);
    CHECK(r.read_int32("c") == -1);
    CHECK(r.read_int64("d") == 0x0102030405060708);
    CHECK(r.read_uint16("e") == 0xfffe);
    CHECK(r.read_uint32("f") == 0xfffffffe);
    CHECK(r.read_bool("g"));
    CHECK_FALSE(r.read_bool("h"));
    CHECK(r.finish("Test", 0).ok());
}

TEST_CASE("BOOLEAN reads any non-zero byte as true") {
    const bytes data = hex("02 ff");
    reader r(data);
    CHECK(r.read_bool("x"));
    CHECK(r.read_bool("y"));
}

TEST_CASE("UUID is 16 bytes in order") {
    uuid id{};
    for (std::size_t i = 0; i < id.size(); ++i) id[i] = static_cast<std::byte>(i * 17);
    writer w;
    w.write_uuid(id);
    CHECK(written(w) == hex("00112233445566778899aabbccddeeff"));
    const bytes data = written(w);
    reader r(data);
    CHECK(r.read_uuid("Id") == id);
    CHECK(r.finish("Test", 0).ok());
}

TEST_CASE("UNSIGNED_VARINT encodes 7 bits per byte, low group first") {
    struct sample_case {
        std::uint32_t value;
        const char* wire;
    };
    for (const auto& [value, wire] :
         {sample_case{0, "00"}, sample_case{127, "7f"}, sample_case{128, "8001"}, sample_case{300, "ac02"},
          sample_case{16384, "808001"}, sample_case{0xffffffff, "ffffffff0f"}}) {
        writer w;
        w.write_unsigned_varint(value);
        CHECK(written(w) == hex(wire));
        const bytes data = hex(wire);
        reader r(data);
        CHECK(r.read_unsigned_varint("n") == value);
        CHECK(r.finish("Test", 0).ok());
    }
}

TEST_CASE("UNSIGNED_VARINT longer than 5 bytes or wider than 32 bits is refused") {
    for (const char* wire : {"ffffffff80", "ffffffffff01", "ffffffff1f", "80", "ff ff"}) {
        const bytes data = hex(wire);
        reader r(data);
        CHECK(r.read_unsigned_varint("Count") == 0);
        CHECK_FALSE(r.ok());
        CHECK_THAT(failure(r), Catch::Contains("Count"));
    }
}

TEST_CASE("VARINT and VARLONG use zig-zag") {
    struct int_case {
        std::int32_t value;
        const char* wire;
    };
    for (const auto& [value, wire] : {int_case{0, "00"}, int_case{-1, "01"}, int_case{1, "02"}, int_case{-2, "03"},
                                      int_case{std::numeric_limits<std::int32_t>::max(), "feffffff0f"},
                                      int_case{std::numeric_limits<std::int32_t>::min(), "ffffffff0f"}}) {
        writer w;
        w.write_varint(value);
        CHECK(written(w) == hex(wire));
        const bytes data = hex(wire);
        reader r(data);
        CHECK(r.read_varint("v") == value);
    }
    writer w;
    w.write_varlong(std::numeric_limits<std::int64_t>::min());
    w.write_varlong(-3);
    CHECK(written(w) == hex("ffffffffffffffffff01 05"));
    const bytes data = written(w);
    reader r(data);
    CHECK(r.read_varlong("a") == std::numeric_limits<std::int64_t>::min());
    CHECK(r.read_varlong("b") == -3);
    CHECK(r.finish("Test", 0).ok());

    for (const char* bad : {"ffffffffffffffffff02", "ffffffffffffffffffff01"}) {
        const bytes wire = hex(bad);
        reader too_long(wire);
        too_long.read_varlong("Offset");
        CHECK_THAT(failure(too_long), Catch::Contains("Offset"));
    }
}

TEST_CASE("STRING and COMPACT_STRING, nullable and not") {
    writer w;
    w.write_string("a", "abc");
    w.write_nullable_string("b", std::nullopt);
    w.write_compact_string("c", "abc");
    w.write_compact_nullable_string("d", std::nullopt);
    w.write_compact_string("e", "");
    CHECK(written(w) == hex("0003616263 ffff 04616263 00 01"));

    const bytes data = written(w);
    reader r(data);
    CHECK(r.read_string("a") == "abc");
    CHECK(r.read_nullable_string("b") == std::nullopt);
    CHECK(r.read_compact_string("c") == "abc");
    CHECK(r.read_compact_nullable_string("d") == std::nullopt);
    CHECK(r.read_compact_string("e").empty());
    CHECK(r.finish("Test", 0).ok());
}

TEST_CASE("strings with bad lengths are refused with the field's name") {
    SECTION("null where not nullable") {
        const bytes data = hex("ffff");
        reader r(data);
        r.read_string("GroupId");
        CHECK_THAT(failure(r), Catch::Contains("GroupId") && Catch::Contains("null"));
    }
    SECTION("negative length other than -1") {
        const bytes data = hex("fffe");
        reader r(data);
        r.read_nullable_string("ClientId");
        CHECK_THAT(failure(r), Catch::Contains("ClientId") && Catch::Contains("-2"));
    }
    SECTION("length beyond the input") {
        const bytes data = hex("0005 6162");
        reader r(data);
        r.read_string("MemberId");
        CHECK_THAT(failure(r), Catch::Contains("MemberId") && Catch::Contains("truncated"));
    }
    SECTION("compact length beyond 32767") {
        const bytes data = hex("c2b802");  // 40001 = 40000 + 1
        reader r(data);
        r.read_compact_string("Leader");
        CHECK_THAT(failure(r), Catch::Contains("Leader") && Catch::Contains("32767"));
    }
    SECTION("compact null where not nullable") {
        const bytes data = hex("00");
        reader r(data);
        r.read_compact_string("Host");
        CHECK_THAT(failure(r), Catch::Contains("Host"));
    }
}

TEST_CASE("the writer refuses strings longer than 32767 bytes") {
    writer w;
    w.write_string("GroupId", std::string(40000, 'x'));
    CHECK_FALSE(w.ok());
    auto out = std::move(w).finish("JoinGroupRequest", 5);
    REQUIRE_FALSE(out);
    CHECK(out.err().code == errc::invalid_argument);
    CHECK_THAT(out.err().message, Catch::StartsWith("JoinGroupRequest v5: GroupId"));
}

TEST_CASE("BYTES and COMPACT_BYTES, nullable and not") {
    const bytes payload = hex("deadbeef");
    writer w;
    w.write_bytes("a", payload);
    w.write_nullable_bytes("b", std::nullopt);
    w.write_compact_bytes("c", payload);
    w.write_compact_nullable_bytes("d", std::nullopt);
    CHECK(written(w) == hex("00000004 deadbeef | ffffffff | 05 deadbeef | 00"));

    const bytes data = written(w);
    reader r(data);
    CHECK(r.read_bytes("a") == payload);
    CHECK(r.read_nullable_bytes("b") == std::nullopt);
    CHECK(r.read_compact_bytes("c") == payload);
    CHECK(r.read_compact_nullable_bytes("d") == std::nullopt);
    CHECK(r.finish("Test", 0).ok());
}

TEST_CASE("hostile BYTES lengths fail before any allocation") {
    struct bytes_case {
        const char* wire;
        bool compact;
    };
    for (const auto& [wire, compact] : {bytes_case{"7fffffff 0102", false}, bytes_case{"fffffffe", false},
                                        bytes_case{"80000000", false}, bytes_case{"ffffffff0f 01", true}}) {
        const bytes data = hex(wire);
        reader r(data);
        if (compact) {
            r.read_compact_bytes("Metadata");
        } else {
            r.read_bytes("Metadata");
        }
        CHECK_THAT(failure(r), Catch::Contains("Metadata"));
    }
}

TEST_CASE("array counts are checked against the remaining bytes") {
    SECTION("classic ARRAY") {
        const bytes data = hex("7fffffff 00");
        reader r(data);
        CHECK(r.read_array_count("Members", false) == 0);
        CHECK_THAT(failure(r), Catch::Contains("Members") && Catch::Contains("exceeds"));
    }
    SECTION("COMPACT_ARRAY") {
        const bytes data = hex("ffffffff0f 00");
        reader r(data);
        r.read_array_count("Protocols", true);
        CHECK_THAT(failure(r), Catch::Contains("Protocols"));
    }
    SECTION("null for a non-nullable array") {
        const bytes data = hex("ffffffff");
        reader r(data);
        r.read_array_count("ApiKeys", false);
        CHECK_THAT(failure(r), Catch::Contains("ApiKeys") && Catch::Contains("null"));
    }
    SECTION("negative count other than -1") {
        const bytes data = hex("fffffffd");
        reader r(data);
        r.read_nullable_array_count("Topics", false);
        CHECK_THAT(failure(r), Catch::Contains("Topics"));
    }
    SECTION("nullable arrays") {
        const bytes data = hex("ffffffff 00 03 0102");
        reader r(data);
        CHECK(r.read_nullable_array_count("a", false) == std::nullopt);
        CHECK(r.read_nullable_array_count("b", true) == std::nullopt);
        CHECK(r.read_nullable_array_count("c", true) == 2u);
    }
    SECTION("writer") {
        writer w;
        w.write_array_count("a", 2, false);
        w.write_array_count("b", 2, true);
        w.write_nullable_array_count("c", std::nullopt, false);
        w.write_nullable_array_count("d", std::nullopt, true);
        CHECK(written(w) == hex("00000002 03 ffffffff 00"));
    }
}

TEST_CASE("tagged fields: known tags parsed, unknown skipped") {
    writer w;
    w.write_tagged_fields(std::vector<tagged_field>{{1, hex("0000000000000005")}, {7, hex("ff")}});
    w.write_int8(9);
    CHECK(written(w) == hex("02 01 08 0000000000000005 07 01 ff 09"));

    const bytes data = written(w);
    reader r(data);
    std::int64_t epoch = -1;
    int skipped = 0;
    r.read_tagged_fields("Tags", [&](std::uint32_t tag, reader& value) {
        if (tag == 1) {
            epoch = value.read_int64("Epoch");
            return true;
        }
        ++skipped;
        return false;
    });
    CHECK(epoch == 5);
    CHECK(skipped == 1);
    CHECK(r.read_int8("after") == 9);
    CHECK(r.finish("Test", 0).ok());
}

TEST_CASE("malformed tagged-field sections are refused") {
    SECTION("field size beyond the input") {
        const bytes data = hex("01 00 09 0102");
        reader r(data);
        r.skip_tagged_fields("Tags");
        CHECK_THAT(failure(r), Catch::Contains("Tags") && Catch::Contains("size 9"));
    }
    SECTION("field count beyond the input") {
        const bytes data = hex("ffffffff0f 00");
        reader r(data);
        r.skip_tagged_fields("Tags");
        CHECK_THAT(failure(r), Catch::Contains("count"));
    }
    SECTION("a known field with unread bytes") {
        const bytes data = hex("01 03 02 0102");
        reader r(data);
        r.read_tagged_fields("Tags", [](std::uint32_t, reader& value) {
            value.read_int8("x");
            return true;
        });
        CHECK_THAT(failure(r), Catch::Contains("unread"));
    }
    SECTION("a known field that is too short") {
        const bytes data = hex("01 01 02 0102");
        reader r(data);
        r.read_tagged_fields("Tags", [](std::uint32_t, reader& value) {
            value.read_int64("FinalizedFeaturesEpoch");
            return true;
        });
        CHECK_THAT(failure(r), Catch::Contains("FinalizedFeaturesEpoch") && Catch::Contains("offset 3"));
    }
    SECTION("the writer wants ascending tags") {
        writer w;
        w.write_tagged_fields(std::vector<tagged_field>{{2, {}}, {1, {}}});
        CHECK_FALSE(w.ok());
    }
    SECTION("an empty section is one zero byte") {
        writer w;
        w.write_empty_tagged_fields();
        CHECK(written(w) == hex("00"));
    }
}

TEST_CASE("the first failure sticks and later reads consume nothing") {
    const bytes data = hex("0001 02");
    reader r(data);
    r.read_int32("First");
    CHECK_FALSE(r.ok());
    CHECK(r.read_int8("Second") == 0);
    CHECK(r.offset() == 0);
    const auto done = r.finish("HeartbeatResponse", 2);
    REQUIRE_FALSE(done);
    CHECK(done.err().code == errc::protocol_error);
    CHECK(done.err().message == "HeartbeatResponse v2: First: truncated (needs 4 bytes, 3 left) at offset 0");
}

TEST_CASE("trailing bytes fail a decode") {
    const bytes data = hex("0001 02");
    reader r(data);
    r.read_int16("ErrorCode");
    const auto done = r.finish("HeartbeatResponse", 0);
    REQUIRE_FALSE(done);
    CHECK_THAT(done.err().message, Catch::Contains("1 trailing bytes at offset 2"));
}
