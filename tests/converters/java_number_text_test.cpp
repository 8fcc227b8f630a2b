#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "converters/java_number_text.hpp"
#include "copycat/data/decimal.hpp"

using namespace copycat;
using namespace copycat::converters;

TEST_CASE("java_double_text prints like Double.toString") {
    CHECK(java_double_text(1.0) == "1.0");
    CHECK(java_double_text(0.1) == "0.1");
    CHECK(java_double_text(12.34) == "12.34");
    CHECK(java_double_text(100.0) == "100.0");
    CHECK(java_double_text(-2.5) == "-2.5");
    CHECK(java_double_text(0.001) == "0.001");
    CHECK(java_double_text(0.0001) == "1.0E-4");
    CHECK(java_double_text(9999999.0) == "9999999.0");
    CHECK(java_double_text(1e7) == "1.0E7");
    CHECK(java_double_text(1.5e7) == "1.5E7");
    CHECK(java_double_text(1e20) == "1.0E20");
    CHECK(java_double_text(1.0e-10) == "1.0E-10");
    CHECK(java_double_text(123456789.125) == "1.23456789125E8");
    CHECK(java_double_text(0.0) == "0.0");
    CHECK(java_double_text(-0.0) == "-0.0");
    CHECK(java_double_text(std::numeric_limits<double>::max()) == "1.7976931348623157E308");
    CHECK(java_double_text(std::numeric_limits<double>::denorm_min()) == "4.9E-324");
    CHECK(java_double_text(std::numeric_limits<double>::quiet_NaN()) == "NaN");
    CHECK(java_double_text(std::numeric_limits<double>::infinity()) == "Infinity");
    CHECK(java_double_text(-std::numeric_limits<double>::infinity()) == "-Infinity");
    CHECK(java_double_text(static_cast<double>(0.1f)) == "0.10000000149011612");
}

TEST_CASE("java_float_text prints like Float.toString") {
    CHECK(java_float_text(1.5f) == "1.5");
    CHECK(java_float_text(0.1f) == "0.1");
    CHECK(java_float_text(12.34f) == "12.34");
    CHECK(java_float_text(1.0f) == "1.0");
    CHECK(java_float_text(1e20f) == "1.0E20");
    CHECK(java_float_text(3.4028235e38f) == "3.4028235E38");
    CHECK(java_float_text(1.0e-5f) == "1.0E-5");
    CHECK(java_float_text(std::numeric_limits<float>::denorm_min()) == "1.4E-45");
    CHECK(java_float_text(-0.0f) == "-0.0");
}

TEST_CASE("java_decimal_text prints like BigDecimal.toString") {
    CHECK(java_decimal_text(decimal(156, 2)) == "1.56");
    CHECK(java_decimal_text(decimal(15600, 4)) == "1.5600");
    CHECK(java_decimal_text(decimal(-156, 2)) == "-1.56");
    CHECK(java_decimal_text(decimal(5, 3)) == "0.005");
    CHECK(java_decimal_text(decimal(1, 6)) == "0.000001");
    CHECK(java_decimal_text(decimal(1, 7)) == "1E-7");
    CHECK(java_decimal_text(decimal(123, 10)) == "1.23E-8");
    CHECK(java_decimal_text(decimal(15, -2)) == "1.5E+3");
    CHECK(java_decimal_text(decimal(1, -2)) == "1E+2");
    CHECK(java_decimal_text(decimal(0, 2)) == "0.00");
    CHECK(java_decimal_text(decimal(0, 0)) == "0");
    CHECK(java_decimal_text(decimal(42, 0)) == "42");
    CHECK(java_decimal_text(decimal::parse("1.23456789123456789")) == "1.23456789123456789");
    CHECK(java_decimal_text(decimal::parse("-12345678901234567890.123")) == "-12345678901234567890.123");
    CHECK(java_decimal_text(decimal::parse("1e-999999999")) == "1E-999999999");
    CHECK(unscaled_digits(decimal(-1500, 3)) == "1500");
}

TEST_CASE("java_float_cast rounds like Java's (float) cast") {
    CHECK(java_float_cast(1.5) == 1.5f);
    CHECK(java_float_cast(0.1) == 0.1f);
    CHECK(java_float_cast(1e300) == std::numeric_limits<float>::infinity());
    CHECK(java_float_cast(-1e300) == -std::numeric_limits<float>::infinity());
    CHECK(java_float_cast(3.4028235e38) == std::numeric_limits<float>::max());
    CHECK(std::isnan(java_float_cast(std::numeric_limits<double>::quiet_NaN())));
}
