#include <catch2/catch.hpp>

#include <initializer_list>
#include <string>

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

namespace {
// Each helper records how far it got, to show that a failure returns before the next step.
result<int> quarter(int x, int& steps) {
    COPYCAT_TRY(auto h, half(x));
    ++steps;
    COPYCAT_TRY(const int q, half(h));
    ++steps;
    return q;
}

result<void> check_even(int x, int& steps) {
    COPYCAT_TRY_VOID(half(x));
    ++steps;
    return {};
}

result<void> check_all_even(std::initializer_list<int> xs, int& steps) {
    for (int x : xs) COPYCAT_TRY_VOID(check_even(x, steps));
    return {};
}

struct point {
    int x = 0;
};

result<point> half_point(int x) {
    point p;
    COPYCAT_TRY(p.x, half(x));
    return p;
}

result<std::string> moved_string(result<std::string> in) {
    COPYCAT_TRY(auto s, std::move(in));
    return s + "!";
}
}  // namespace

TEST_CASE("COPYCAT_TRY unwraps a value or returns the same error") {
    int steps = 0;
    auto both = quarter(8, steps);
    REQUIRE(both.ok());
    CHECK(*both == 2);
    CHECK(steps == 2);

    steps = 0;
    auto second = quarter(6, steps);  // 6 -> 3, which is odd
    REQUIRE_FALSE(second);
    CHECK(steps == 1);
    CHECK(second.err().code == errc::invalid_argument);
    CHECK(second.err().message == "odd");

    steps = 0;
    auto first = quarter(5, steps);
    REQUIRE_FALSE(first);
    CHECK(steps == 0);
    CHECK(first.err().message == "odd");
}

TEST_CASE("COPYCAT_TRY assigns to an existing target and moves the value") {
    auto p = half_point(10);
    REQUIRE(p.ok());
    CHECK(p->x == 5);
    CHECK_FALSE(half_point(3));

    auto s = moved_string(std::string("value"));
    REQUIRE(s.ok());
    CHECK(*s == "value!");
    auto failed = moved_string(make_error(errc::not_found, "gone"));
    REQUIRE_FALSE(failed);
    CHECK(failed.err().code == errc::not_found);
    CHECK(failed.err().message == "gone");
}

TEST_CASE("COPYCAT_TRY_VOID returns the first error, also from a loop body") {
    int steps = 0;
    CHECK(check_all_even({2, 4, 6}, steps).ok());
    CHECK(steps == 3);

    steps = 0;
    auto failed = check_all_even({2, 3, 4}, steps);
    REQUIRE_FALSE(failed);
    CHECK(steps == 1);
    CHECK(failed.err().code == errc::invalid_argument);
    CHECK(failed.err().message == "odd");
}
