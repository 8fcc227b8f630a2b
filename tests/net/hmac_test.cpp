// HMAC under Java's algorithm names: RFC 4231 / RFC 2202 vectors, key generation, comparison.
#include <catch2/catch.hpp>

#include <string>

#include "net/hmac.hpp"

using namespace copycat;

namespace {

std::string hex(const std::string& bytes) {
    static const char* digits = "0123456789abcdef";
    std::string out;
    for (unsigned char c : bytes) {
        out += digits[c >> 4];
        out += digits[c & 15];
    }
    return out;
}

}  // namespace

TEST_CASE("hmac computes the RFC 4231 and RFC 2202 test vectors") {
    const std::string key(20, '\x0b');
    auto sha256 = net::hmac("HmacSHA256", key, "Hi There");
    REQUIRE(sha256);
    CHECK(hex(*sha256) == "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    auto sha512 = net::hmac("HmacSHA512", "Jefe", "what do ya want for nothing?");
    REQUIRE(sha512);
    CHECK(hex(*sha512).starts_with("164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea250554"));
    auto sha1 = net::hmac("HmacSHA1", key, "Hi There");
    REQUIRE(sha1);
    CHECK(hex(*sha1) == "b617318655057264e28bc0b6fb378c8ef146be00");
}

TEST_CASE("an algorithm Java does not name that way is not available, with Java's message") {
    CHECK_FALSE(net::hmac_supported("hmacsha256"));
    CHECK_FALSE(net::hmac_supported("SHA256"));
    auto r = net::hmac("HmacSHA3", "k", "d");
    REQUIRE_FALSE(r);
    CHECK(r.err().message == "Algorithm HmacSHA3 not available");
    CHECK_FALSE(net::generate_hmac_key("Nope", std::nullopt));
}

TEST_CASE("generated keys have Java's default sizes, or the configured number of bits") {
    auto k256 = net::generate_hmac_key("HmacSHA256", std::nullopt);
    REQUIRE(k256);
    CHECK(k256->size() == 32);
    CHECK(net::generate_hmac_key("HmacSHA1", std::nullopt)->size() == 64);
    CHECK(net::generate_hmac_key("HmacSHA512", std::nullopt)->size() == 64);
    CHECK(net::generate_hmac_key("HmacSHA256", 128)->size() == 16);
    CHECK(net::generate_hmac_key("HmacSHA256", 129)->size() == 17);
    CHECK_FALSE(net::generate_hmac_key("HmacSHA256", 0));
    CHECK(*net::generate_hmac_key("HmacSHA256", std::nullopt) != *k256);  // random
}

TEST_CASE("equal_in_constant_time compares contents and lengths") {
    CHECK(net::equal_in_constant_time("abc", "abc"));
    CHECK_FALSE(net::equal_in_constant_time("abc", "abd"));
    CHECK_FALSE(net::equal_in_constant_time("abc", "abcd"));
    CHECK(net::equal_in_constant_time("", ""));
}
