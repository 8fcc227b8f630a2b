#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "copycat/data/decimal.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

TEST_CASE("decimal: text round-trips") {
    const char* texts[] = {
        "0",
        "0.00",
        "1",
        "-1",
        "123.45",
        "-123.45",
        "0.001",
        "-0.001",
        "1000",
        "-12345678901234567890.123",
        "340282366920938463463374607431768211456",   // 2^128
        "-340282366920938463463374607431768211456",  // -2^128
        "0.000000000000000000000000000001",
        "99999999999999999999999999999999999999.99",
        "127",
        "128",
        "-128",
        "-129",
        "255",
        "256",
        "-256",
        "32767",
        "32768",
        "-32768",
        "-32769",
    };
    for (const char* text : texts) {
        INFO(text);
        CHECK(decimal::parse(text).to_string() == text);
    }
}

TEST_CASE("decimal: parse computes unscaled value and scale like BigDecimal") {
    const auto d = decimal::parse("-12345678901234567890.123");
    CHECK(d.scale() == 3);
    CHECK(d.is_negative());
    CHECK_FALSE(d.unscaled_int64().has_value());  // 12345678901234567890123 needs 75 bits
    CHECK(d.unscaled().size() == 10);

    CHECK(decimal::parse("1.50").scale() == 2);
    CHECK(decimal::parse("1.50").unscaled_int64() == 150);
    CHECK(decimal::parse("+7").unscaled_int64() == 7);
    CHECK(decimal::parse(".5").to_string() == "0.5");
    CHECK(decimal::parse("5.").to_string() == "5");
    CHECK(decimal::parse("5.").scale() == 0);
    CHECK(decimal::parse("-0").to_string() == "0");
    CHECK(decimal::parse("007.10").to_string() == "7.10");

    // Exponents change the scale.
    CHECK(decimal::parse("1.5E+3").scale() == -2);
    CHECK(decimal::parse("1.5E+3").to_string() == "1500");
    CHECK(decimal::parse("15e-4").to_string() == "0.0015");
    CHECK(decimal::parse("15e-4").scale() == 4);
    CHECK(decimal::parse("0E+3").to_string() == "0");
}

TEST_CASE("decimal: malformed text is rejected") {
    for (const char* text :
         {"", "-", "+", ".", "abc", "1.2.3", "1e", "1e+", "1 ", " 1", "1,5", "--1", "1e99999999999", "0x10", "NaN"}) {
        INFO(text);
        CHECK_FALSE(decimal::try_parse(text).has_value());
        CHECK_THROWS_AS(decimal::parse(text), data_error);
    }
}

TEST_CASE("decimal: two's complement unscaled bytes match BigInteger.toByteArray") {
    CHECK(decimal().unscaled() == bytes{0x00});
    CHECK(decimal(0).unscaled() == bytes{0x00});
    CHECK(decimal(1).unscaled() == bytes{0x01});
    CHECK(decimal(-1).unscaled() == bytes{0xFF});
    CHECK(decimal(127).unscaled() == bytes{0x7F});
    CHECK(decimal(128).unscaled() == bytes{0x00, 0x80});
    CHECK(decimal(-128).unscaled() == bytes{0x80});
    CHECK(decimal(-129).unscaled() == bytes{0xFF, 0x7F});
    CHECK(decimal(256).unscaled() == bytes{0x01, 0x00});
    CHECK(decimal(-256).unscaled() == bytes{0xFF, 0x00});
    CHECK(decimal(std::numeric_limits<std::int64_t>::min()).unscaled() == bytes{0x80, 0, 0, 0, 0, 0, 0, 0});
    CHECK(decimal::parse("-128").unscaled() == bytes{0x80});
    CHECK(decimal::parse("128").unscaled() == bytes{0x00, 0x80});
    CHECK(decimal::parse("-129").unscaled() == bytes{0xFF, 0x7F});
    CHECK(decimal::parse("-9223372036854775809").unscaled() ==
          bytes{0xFF, 0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF});

    // Redundant sign bytes are stripped; empty input is zero.
    const bytes padded{0xFF, 0xFF, 0x85};
    CHECK(decimal(padded, 2).unscaled() == bytes{0x85});
    CHECK(decimal(padded, 2).to_string() == "-1.23");
    CHECK(decimal(bytes_view(), 0).is_zero());
    CHECK(decimal(bytes{0x00, 0x00, 0x01}, 0).unscaled() == bytes{0x01});
}

TEST_CASE("decimal: int64 constructor and accessors") {
    const decimal d(12345, 2);
    CHECK(d.to_string() == "123.45");
    CHECK(d.scale() == 2);
    CHECK(d.unscaled_int64() == 12345);
    CHECK_FALSE(d.is_negative());
    CHECK(decimal(-5, 3).to_string() == "-0.005");
    CHECK(decimal(12, -2).to_string() == "1200");
    CHECK(decimal(std::numeric_limits<std::int64_t>::min()).unscaled_int64() ==
          std::numeric_limits<std::int64_t>::min());
    CHECK(decimal(std::numeric_limits<std::int64_t>::max()).unscaled_int64() ==
          std::numeric_limits<std::int64_t>::max());
    CHECK(decimal(std::numeric_limits<std::int64_t>::min()).to_string() == "-9223372036854775808");
}

TEST_CASE("decimal: doubles") {
    CHECK(decimal::from_double(0.1).to_string() == "0.1");
    CHECK(decimal::from_double(0.1).scale() == 1);
    CHECK(decimal::from_double(-2.5).to_string() == "-2.5");
    CHECK(decimal::from_double(2.0).to_string() == "2");
    CHECK(decimal::from_double(1e20).to_string() == "100000000000000000000");
    CHECK(decimal::from_double(1.5e-7).to_string() == "0.00000015");
    CHECK_THROWS_AS(decimal::from_double(std::nan("")), data_error);
    CHECK_THROWS_AS(decimal::from_double(std::numeric_limits<double>::infinity()), data_error);

    CHECK(decimal(12345, 2).to_double() == 123.45);
    CHECK(decimal::parse("-0.001").to_double() == -0.001);
    CHECK(decimal::parse("-12345678901234567890.123").to_double() == Approx(-1.2345678901234567e19));
    CHECK(decimal(1, -400).to_double() == std::numeric_limits<double>::infinity());
    CHECK(decimal(-1, -400).to_double() == -std::numeric_limits<double>::infinity());
    CHECK(decimal(1, 400).to_double() == 0.0);
}

TEST_CASE("decimal: with_scale and compare") {
    const auto d = decimal::parse("1.5");
    CHECK(d.with_scale(3).to_string() == "1.500");
    CHECK(d.with_scale(3).unscaled_int64() == 1500);
    CHECK(decimal::parse("1.500").with_scale(1) == d);
    CHECK(decimal::parse("-2.00").with_scale(0).to_string() == "-2");
    CHECK(decimal::parse("-12345678901234567890.123").with_scale(30).with_scale(3).to_string() ==
          "-12345678901234567890.123");
    CHECK_THROWS_AS(decimal::parse("1.55").with_scale(1), data_error);
    CHECK(decimal::parse("1500").with_scale(-2).to_string() == "1500");
    CHECK(decimal::parse("1500").with_scale(-2).scale() == -2);

    CHECK(decimal::parse("1.0").compare(decimal::parse("1.00")) == 0);
    CHECK(decimal::parse("1.0") != decimal::parse("1.00"));
    CHECK(decimal::parse("-1").compare(decimal::parse("0.5")) == -1);
    CHECK(decimal::parse("0.5").compare(decimal::parse("-1")) == 1);
    CHECK(decimal::parse("-2").compare(decimal::parse("-1.5")) == -1);
    CHECK(decimal::parse("100000000000000000000000").compare(decimal::parse("99999999999999999999999.9")) == 1);
}
