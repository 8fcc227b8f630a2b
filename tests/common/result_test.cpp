#include <catch2/catch.hpp>

#include "common/result.hpp"

using namespace copycat;

namespace {
result<int> half(int x) {
    if (x % 2 != 0) return make_error(errc::invalid_argument, "odd");
    return x / 2;
}
}  // namespace

TEST_CASE("result carries a value or an error with its message") {
    auto ok = half(4);
    REQUIRE(ok.ok());
    CHECK(*ok == 2);
    auto bad = half(3);
    REQUIRE_FALSE(bad);
    CHECK(bad.err().code == errc::invalid_argument);
    CHECK(bad.err().message == "odd");
    CHECK(bad.err().code.message() == "invalid argument");
    CHECK(std::string(bad.err().code.category().name()) == "copycat");
}

TEST_CASE("result<void> distinguishes success from failure") {
    result<void> fine;
    CHECK(fine.ok());
    result<void> failed = make_error(errc::timeout, "");
    CHECK_FALSE(failed.ok());
    CHECK(failed.err().describe() == "timed out");
}
