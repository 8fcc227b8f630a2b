#include <catch2/catch.hpp>

#include <limits>

#include "common/jackson_string_corpus.hpp"
#include "common/json.hpp"

using namespace copycat;

TEST_CASE("json parse and dump round-trip keeps member order and number kinds") {
    const std::string text = R"({"b":1,"a":[true,false,null],"c":-5,"d":1.5,"e":"x\"y","f":18446744073709551615})";
    auto parsed = json::parse(text);
    REQUIRE(parsed.ok());
    const json::value& v = *parsed;
    REQUIRE(v.is_object());
    CHECK(v.as_object()[0].name == "b");
    CHECK(v.find("b")->is_int64());
    CHECK(v.find("c")->as_int64() == -5);
    CHECK(v.find("d")->as_double() == 1.5);
    CHECK(v.find("e")->as_string() == "x\"y");
    CHECK(v.find("f")->type() == json::kind::uint64);
    CHECK(v.find("missing") == nullptr);
    CHECK(json::dump(v) == text);
}

TEST_CASE("json parse reports malformed input with its offset") {
    auto r = json::parse(R"({"a":)");
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().code == errc::invalid_argument);
    CHECK_THAT(r.err().message, Catch::Contains("offset"));

    CHECK_FALSE(json::parse("").ok());
    CHECK_FALSE(json::parse("{} trailing").ok());
    CHECK_FALSE(json::parse("\"\xff\"").ok());  // invalid UTF-8
}

TEST_CASE("json parse refuses nesting beyond the depth limit instead of overflowing") {
    std::string deep(100000, '[');
    auto r = json::parse(deep);
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.err().message, Catch::Contains("deeper"));
    CHECK(json::parse(std::string(10, '[') + std::string(10, ']')).ok());
}

TEST_CASE("json parse keeps the last value of a duplicate key at its first place, as Jackson does") {
    auto small = json::parse(R"({"name":"a","config":{"k":"1","x":"y","k":"2"},"name":"b"})");
    REQUIRE(small.ok());
    CHECK(json::dump(*small) == R"({"name":"b","config":{"k":"2","x":"y"}})");

    // Past the linear scan: an object of many keys where every key appears twice.
    std::string text = "{";
    for (int round = 0; round < 2; ++round)
        for (int i = 0; i < 40; ++i) text += "\"k" + std::to_string(i) + "\":" + std::to_string(round * 100 + i) + ",";
    text.back() = '}';
    auto big = json::parse(text);
    REQUIRE(big.ok());
    REQUIRE(big->as_object().size() == 40);
    CHECK(big->as_object()[0].name == "k0");
    CHECK(big->find("k0")->as_int64() == 100);
    CHECK(big->as_object()[39].name == "k39");
    CHECK(big->find("k39")->as_int64() == 139);
}

TEST_CASE("json value set replaces and push_back appends") {
    json::value o;
    o.set("a", 1);
    o.set("b", "two");
    o.set("a", 3);
    CHECK(json::dump(o) == R"({"a":3,"b":"two"})");
    json::value a;
    a.push_back(1);
    CHECK(json::dump(a) == "[1]");
    a.push_back(json::value::make_array()).push_back(2);
    CHECK(json::dump(a) == "[1,[2]]");
}

TEST_CASE("json writer streams, writes raw numbers and never emits NaN") {
    json::writer w;
    w.start_object().key("n").raw_number("12345678901234567890.000001").key("nan").number(0.0 / 0.0);
    w.key("d").number(1.0).end_object();
    CHECK(w.take() == R"({"n":12345678901234567890.000001,"nan":null,"d":1.0})");
    w.start_array().end_array();
    CHECK(w.take() == "[]");
}

TEST_CASE("json equality compares numbers by value across integer kinds") {
    CHECK(json::value(1) == json::value(1ULL));
    CHECK_FALSE(json::value(1) == json::value(2));
    CHECK(json::value(1.0) == json::value(1));
    CHECK_FALSE(json::value("1") == json::value(1));
}

TEST_CASE("json numbers convert exactly, including extreme exponents and 64-bit edges") {
    auto r = json::parse(R"([0e300, 0e88, 1e-400, -1e-400, 5e-400, 0.1, 9223372036854775807, -9223372036854775808,
                           18446744073709551616, 1.7976931348623157e308])");
    REQUIRE(r.ok());
    const auto& a = r->as_array();
    CHECK(a[0].as_double() == 0.0);
    CHECK(a[1].as_double() == 0.0);
    CHECK(a[2].as_double() == 0.0);
    CHECK(a[3].as_double() == 0.0);
    CHECK(a[4].as_double() == 0.0);
    CHECK(a[5].as_double() == 0.1);
    CHECK(a[6].as_int64() == std::numeric_limits<std::int64_t>::max());
    CHECK(a[7].as_int64() == std::numeric_limits<std::int64_t>::min());
    CHECK(a[8].type() == json::kind::number);  // beyond 64 bits: a double
    CHECK(a[9].as_double() == std::numeric_limits<double>::max());
    CHECK_FALSE(json::parse("01x").ok());
    auto too_big = json::parse("[1e400]");  // no double holds it: an error, not infinity
    REQUIRE_FALSE(too_big.ok());
    CHECK_THAT(too_big.err().message, Catch::Contains("too big"));
}

TEST_CASE("json writes strings and keys with the bytes Jackson writes for them") {
    for (const auto& c : copycat::testing::jackson_string_corpus()) {
        INFO(c.name);
        CHECK(json::dump(json::value(c.text)) == c.literal);
        json::writer w;
        w.start_object().key(c.text).string(c.text).key("k").start_array().string(c.text).end_array().end_object();
        CHECK(w.take() == "{" + c.literal + ":" + c.literal + R"(,"k":[)" + c.literal + "]}");
    }
}

TEST_CASE("json text with escaped surrogate pairs reads and writes back to the same bytes") {
    const std::string text = R"({"clef":"\uD834\uDD1E","smile":"a\uD83D\uDE00b","nl":"\n\u001F"})";
    auto parsed = json::parse(text);
    REQUIRE(parsed.ok());
    CHECK(parsed->find("clef")->as_string() == "\xF0\x9D\x84\x9E");
    CHECK(json::dump(*parsed) == text);
}
