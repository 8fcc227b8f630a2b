#include <catch2/catch.hpp>

#include "common/fingerprint.hpp"

using copycat::fingerprint;

TEST_CASE("fingerprint is 64-bit FNV-1a as 16 hex digits") {
    CHECK(fingerprint("") == "cbf29ce484222325");  // the offset basis
    CHECK(fingerprint("a") == "af63dc4c8601ec8c");
    CHECK(fingerprint("foobar") == "85944171f73967e8");
    CHECK(fingerprint("{\"a\":1}") != fingerprint("{\"a\":2}"));
}
