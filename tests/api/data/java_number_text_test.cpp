// java_double_text, java_float_text and java_decimal_text against Java: the corpus file holds
// what the JDK's Double.toString and Float.toString print for hard and random values
// (JavaNumberText.java, run by the build).
#include <catch2/catch.hpp>

#include <bit>
#include <cstdint>
#include <fstream>
#include <limits>
#include <sstream>
#include <string>

#include "copycat/data/decimal.hpp"
#include "copycat/data/java_number_text.hpp"

using namespace copycat;

TEST_CASE("java_double_text and java_float_text print what the JVM prints for the corpus") {
    std::ifstream corpus(COPYCAT_TEST_JAVA_NUMBER_TEXT_CORPUS);
    REQUIRE(corpus);
    std::string line;
    REQUIRE(std::getline(corpus, line));
    // JDK 19 changed Double.toString to the shortest text; Copycat prints as JDK 17 does.
    INFO("the corpus comes from " << line << "; Copycat prints as JDK 17 does");
    REQUIRE(line == "java 17");
    int doubles = 0;
    int floats = 0;
    int mismatches = 0;
    while (std::getline(corpus, line)) {
        std::istringstream fields(line);
        std::string kind;
        std::string hex;
        std::string java;
        fields >> kind >> hex >> java;
        const std::uint64_t bits = std::stoull(hex, nullptr, 16);
        std::string ours;
        if (kind == "d") {
            ours = java_double_text(std::bit_cast<double>(bits));
            ++doubles;
        } else {
            ours = java_float_text(std::bit_cast<float>(static_cast<std::uint32_t>(bits)));
            ++floats;
        }
        if (ours != java && ++mismatches <= 20) {
            FAIL_CHECK(kind << " " << hex << ": Java " << java << ", Copycat " << ours);
        }
    }
    CHECK(mismatches == 0);
    CHECK(doubles > 30000);
    CHECK(floats > 30000);
}

TEST_CASE("java_double_text and java_float_text: examples") {
    CHECK(java_double_text(1.0) == "1.0");
    CHECK(java_double_text(0.001) == "0.001");
    CHECK(java_double_text(1.0E-4) == "1.0E-4");
    CHECK(java_double_text(9999999.0) == "9999999.0");
    CHECK(java_double_text(1.0E7) == "1.0E7");
    CHECK(java_double_text(-0.0) == "-0.0");
    CHECK(java_double_text(std::numeric_limits<double>::denorm_min()) == "4.9E-324");
    CHECK(java_double_text(std::numeric_limits<double>::max()) == "1.7976931348623157E308");
    CHECK(java_double_text(std::numeric_limits<double>::quiet_NaN()) == "NaN");
    CHECK(java_double_text(-std::numeric_limits<double>::infinity()) == "-Infinity");
    // JDK 17 is not always shortest: JDK 19+ prints 2.0037948894976604E18 and 1.131327E18.
    CHECK(java_double_text(2.00379488949766042E18) == "2.00379488949766042E18");
    CHECK(java_float_text(1.13132703E18F) == "1.13132703E18");
    CHECK(java_float_text(0.1F) == "0.1");
    CHECK(java_double_text(static_cast<double>(0.1F)) == "0.10000000149011612");
    CHECK(java_float_text(1.0E10F) == "1.0E10");
    CHECK(java_float_text(std::numeric_limits<float>::denorm_min()) == "1.4E-45");

    std::string out = "x=";
    append_java_double_text(out, 2.5);
    append_java_float_text(out, -1.5F);
    CHECK(out == "x=2.5-1.5");
}

TEST_CASE("java_decimal_text prints like BigDecimal.toString") {
    CHECK(java_decimal_text(decimal(156, 2)) == "1.56");
    CHECK(java_decimal_text(decimal(15600, 4)) == "1.5600");
    CHECK(java_decimal_text(decimal(-156, 2)) == "-1.56");
    CHECK(java_decimal_text(decimal(5, 3)) == "0.005");
    CHECK(java_decimal_text(decimal(1, 6)) == "0.000001");
    CHECK(java_decimal_text(decimal(1, 7)) == "1E-7");
    CHECK(java_decimal_text(decimal(-15, 8)) == "-1.5E-7");
    CHECK(java_decimal_text(decimal(123, 10)) == "1.23E-8");
    CHECK(java_decimal_text(decimal(15, -2)) == "1.5E+3");
    CHECK(java_decimal_text(decimal(1, -2)) == "1E+2");
    CHECK(java_decimal_text(decimal(0, 2)) == "0.00");
    CHECK(java_decimal_text(decimal(0, 0)) == "0");
    CHECK(java_decimal_text(decimal(42, 0)) == "42");
    CHECK(java_decimal_text(decimal::parse("1.23456789123456789")) == "1.23456789123456789");
    CHECK(java_decimal_text(decimal::parse("-12345678901234567890.123")) == "-12345678901234567890.123");
    CHECK(java_decimal_text(decimal::parse("1e-999999999")) == "1E-999999999");
}
