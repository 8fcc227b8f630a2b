#include "net/hmac.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <array>

namespace copycat::net {
namespace {

struct hmac_algorithm {
    std::string_view name;
    const EVP_MD* (*digest)();
    int default_key_bytes;
};

constexpr std::array<hmac_algorithm, 6> algorithms{{
    {"HmacMD5", EVP_md5, 64},
    {"HmacSHA1", EVP_sha1, 64},
    {"HmacSHA224", EVP_sha224, 28},
    {"HmacSHA256", EVP_sha256, 32},
    {"HmacSHA384", EVP_sha384, 48},
    {"HmacSHA512", EVP_sha512, 64},
}};

const hmac_algorithm* find(std::string_view name) {
    for (const auto& a : algorithms)
        if (a.name == name) return &a;
    return nullptr;
}

error not_available(std::string_view algorithm) {
    return error(errc::invalid_argument, "Algorithm " + std::string(algorithm) + " not available");
}

}  // namespace

bool hmac_supported(std::string_view algorithm) { return find(algorithm) != nullptr; }

result<std::string> hmac(std::string_view algorithm, std::string_view key, std::string_view data) {
    const hmac_algorithm* a = find(algorithm);
    if (a == nullptr) return not_available(algorithm);
    std::array<unsigned char, EVP_MAX_MD_SIZE> out{};
    unsigned int length = 0;
    if (HMAC(a->digest(), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
             data.size(), out.data(), &length) == nullptr)
        return error(errc::internal, "HMAC failed");
    return std::string(reinterpret_cast<const char*>(out.data()), length);
}

result<std::string> generate_hmac_key(std::string_view algorithm, std::optional<int> size_bits) {
    const hmac_algorithm* a = find(algorithm);
    if (a == nullptr) return not_available(algorithm);
    if (size_bits && *size_bits <= 0)
        return error(errc::invalid_argument, "Invalid key size " + std::to_string(*size_bits));
    const int bytes = size_bits ? (*size_bits + 7) / 8 : a->default_key_bytes;
    std::string key(static_cast<std::size_t>(bytes), '\0');
    if (RAND_bytes(reinterpret_cast<unsigned char*>(key.data()), bytes) != 1)
        return error(errc::internal, "No random bytes for a session key");
    return key;
}

bool equal_in_constant_time(std::string_view a, std::string_view b) {
    return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

}  // namespace copycat::net
