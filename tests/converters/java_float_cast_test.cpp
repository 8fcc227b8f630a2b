#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "converters/java_float_cast.hpp"

using namespace copycat::converters;

TEST_CASE("java_float_cast rounds like Java's (float) cast") {
    CHECK(java_float_cast(1.5) == 1.5f);
    CHECK(java_float_cast(0.1) == 0.1f);
    CHECK(java_float_cast(1e300) == std::numeric_limits<float>::infinity());
    CHECK(java_float_cast(-1e300) == -std::numeric_limits<float>::infinity());
    CHECK(java_float_cast(3.4028235e38) == std::numeric_limits<float>::max());
    CHECK(std::isnan(java_float_cast(std::numeric_limits<double>::quiet_NaN())));
}
