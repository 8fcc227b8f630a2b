// Kafka's key and trust stores of type JKS and PKCS12, made by keytool for each test run
// (tests/net/java_keystores.hpp), read into PEM by net::key_store and net::jks_store.
#include <catch2/catch.hpp>

#include <openssl/bio.h>
#include <openssl/pem.h>
#include <openssl/x509.h>

#include <filesystem>
#include <fstream>

#include "net/java_keystores.hpp"
#include "net/jks_store.hpp"
#include "net/key_store.hpp"

using namespace copycat;
using copycat::testing::java_keystores;

namespace {

net::store_file keystore(const std::string& location, const std::string& type = "",
                         std::optional<std::string> password = java_keystores::store_password) {
    return {.prefix = "", .trust = false, .type = type, .location = location, .password = std::move(password)};
}

net::store_file truststore(const std::string& location, const std::string& type = "",
                           std::optional<std::string> password = java_keystores::store_password) {
    auto s = keystore(location, type, std::move(password));
    s.trust = true;
    return s;
}

// Whether the private key belongs to the first certificate of the chain.
bool key_matches_certificate(const net::pem_key_pair& pair) {
    BIO* cert_bio = BIO_new_mem_buf(pair.certificate_chain.data(), static_cast<int>(pair.certificate_chain.size()));
    BIO* key_bio = BIO_new_mem_buf(pair.private_key.data(), static_cast<int>(pair.private_key.size()));
    X509* cert = PEM_read_bio_X509(cert_bio, nullptr, nullptr, nullptr);
    EVP_PKEY* key = PEM_read_bio_PrivateKey(key_bio, nullptr, nullptr, nullptr);
    const bool matches = cert != nullptr && key != nullptr && X509_check_private_key(cert, key) == 1;
    X509_free(cert);
    EVP_PKEY_free(key);
    BIO_free(cert_bio);
    BIO_free(key_bio);
    return matches;
}

std::string message(const auto& r) { return r ? std::string() : r.err().message; }

}  // namespace

TEST_CASE("JKS and PKCS12 key stores made by keytool read into a PEM key and its certificate") {
    java_keystores stores;
    const auto [type, keyalg] = GENERATE(std::pair{"JKS", "EC"}, std::pair{"JKS", "RSA"}, std::pair{"PKCS12", "EC"},
                                         std::pair{"PKCS12", "RSA"});
    CAPTURE(type, keyalg);
    const std::string file = stores.generate("worker", type, keyalg);
    REQUIRE_FALSE(file.empty());
    const std::optional<std::string> key_password =
        std::string(type) == "JKS" ? std::optional<std::string>(java_keystores::key_password) : std::nullopt;
    auto pair = net::read_key_store(keystore(file, type), key_password);
    INFO(message(pair));
    REQUIRE(pair.ok());
    CHECK(pair->certificate_chain == stores.exported_certificate(file, "worker"));
    CHECK(pair->private_key.starts_with("-----BEGIN PRIVATE KEY-----"));
    CHECK(key_matches_certificate(*pair));
    // Java's keystore.type.compat: either type reads either format; no type is Kafka's JKS.
    CHECK(net::read_key_store(keystore(file, std::string(type) == "JKS" ? "PKCS12" : "jks"), key_password).ok());
    CHECK(net::read_key_store(keystore(file), key_password).ok());
}

TEST_CASE("a JKS key without ssl.key.password is decrypted with the keystore's password, as Kafka does") {
    java_keystores stores;
    const std::string file = stores.path("same.jks");
    REQUIRE(std::system(("keytool -genkeypair -noprompt -storetype JKS -keystore " + file +
                         " -alias same -keyalg EC -dname CN=same -storepass " + java_keystores::store_password +
                         " -keypass " + java_keystores::store_password + " >/dev/null 2>&1")
                            .c_str()) == 0);
    auto pair = net::read_key_store(keystore(file, "JKS"), std::nullopt);
    INFO(message(pair));
    CHECK(pair.ok());
}

TEST_CASE("a wrong store or key password is an error naming the key, without the password") {
    java_keystores stores;
    const std::string jks = stores.generate("worker", "JKS");
    const std::string p12 = stores.generate("other", "PKCS12");
    REQUIRE_FALSE(jks.empty());
    REQUIRE_FALSE(p12.empty());
    for (const std::string& file : {jks, p12}) {
        CAPTURE(file);
        auto store = keystore(file, "", "wrong-password");
        store.prefix = "listeners.https.";
        const auto wrong = net::read_key_store(store, java_keystores::key_password);
        REQUIRE_FALSE(wrong.ok());
        CHECK_THAT(wrong.err().message,
                   Catch::StartsWith("Invalid value [hidden] for configuration listeners.https.ssl.keystore.password: "
                                     "Failed to load SSL keystore " + file + " of type ") &&
                       Catch::Contains("Keystore was tampered with, or password was incorrect"));
        CHECK_THAT(wrong.err().message, !Catch::Contains("wrong-password"));
        const auto trust = net::read_trust_store(truststore(file, "", "wrong-password"));
        REQUIRE_FALSE(trust.ok());
        CHECK_THAT(trust.err().message, Catch::StartsWith("Invalid value [hidden] for configuration "
                                                          "ssl.truststore.password: Failed to load SSL truststore"));
    }
    const auto wrong_key = net::read_key_store(keystore(jks, "JKS"), std::string("not-the-key-password"));
    REQUIRE_FALSE(wrong_key.ok());
    CHECK_THAT(wrong_key.err().message,
               Catch::StartsWith("Invalid value [hidden] for configuration ssl.key.password: ") &&
                   Catch::EndsWith("Cannot recover key"));
}

TEST_CASE("JKS and PKCS12 trust stores made by keytool read into their PEM certificates") {
    java_keystores stores;
    const std::string source = stores.generate("ca", "PKCS12");
    REQUIRE_FALSE(source.empty());
    const std::string ca = stores.exported_certificate(source, "ca");
    REQUIRE_FALSE(ca.empty());
    const std::string ca_file = stores.path("ca.pem");
    std::ofstream(ca_file) << ca;
    const auto trust = stores.trust_stores("ca", ca_file);
    REQUIRE_FALSE(trust.jks.empty());
    for (const std::string& file : {trust.jks, trust.pkcs12}) {
        CAPTURE(file);
        auto pem = net::read_trust_store(truststore(file));
        INFO(message(pem));
        REQUIRE(pem.ok());
        CHECK(*pem == ca);
    }
    // Without a password a JKS store is read without its integrity check, as Java loads it.
    auto unchecked = net::read_trust_store(truststore(trust.jks, "JKS", std::nullopt));
    INFO(message(unchecked));
    CHECK(unchecked.ok());
}

TEST_CASE("the store type: an unknown type, a PEM file under JKS and a missing file are errors naming the key") {
    java_keystores stores;
    const std::string jks = stores.generate("worker", "JKS");
    REQUIRE_FALSE(jks.empty());
    const std::string pem = stores.path("ca.pem");
    std::ofstream(pem) << stores.exported_certificate(jks, "worker");

    CHECK(net::store_format_of(keystore(jks)).value() == net::store_format::jks);
    CHECK(net::store_format_of(truststore(pem)).value() == net::store_format::pem);  // no type: PEM is read as PEM
    CHECK(net::store_format_of(truststore(pem, "pem")).value() == net::store_format::pem);

    const auto unknown = net::store_format_of(keystore(jks, "BKS"));
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.err().message ==
          "Invalid value BKS for configuration ssl.keystore.type: Copycat reads JKS, PKCS12 and PEM stores");
    const auto pem_as_jks = net::read_trust_store(truststore(pem, "JKS"));
    REQUIRE_FALSE(pem_as_jks.ok());
    CHECK_THAT(pem_as_jks.err().message, Catch::StartsWith("Invalid value JKS for configuration ssl.truststore.type") &&
                                             Catch::Contains("set ssl.truststore.type=PEM"));
    const auto jks_as_pem = net::store_format_of(keystore(jks, "PEM"));
    REQUIRE_FALSE(jks_as_pem.ok());
    CHECK_THAT(jks_as_pem.err().message, Catch::StartsWith("Invalid value PEM for configuration ssl.keystore.type"));
    const auto missing = net::read_key_store(keystore(stores.path("missing.jks")), std::nullopt);
    REQUIRE_FALSE(missing.ok());
    CHECK_THAT(missing.err().message, Catch::StartsWith("Invalid value " + stores.path("missing.jks") +
                                                        " for configuration ssl.keystore.location: "));
}

TEST_CASE("a JKS file changed by one byte or cut short fails its checks without crashing") {
    java_keystores stores;
    const std::string jks = stores.generate("worker", "JKS");
    REQUIRE_FALSE(jks.empty());
    std::ifstream in(jks, std::ios::binary);
    const std::string data((std::istreambuf_iterator<char>(in)), {});
    REQUIRE(net::is_jks(data));
    REQUIRE(net::parse_jks(data, std::string(java_keystores::store_password)).ok());

    std::string changed = data;
    changed[changed.size() / 2] ^= 0x01;
    const auto tampered = net::parse_jks(changed, std::string(java_keystores::store_password));
    REQUIRE_FALSE(tampered.ok());
    CHECK(tampered.err().message == "Keystore was tampered with, or password was incorrect");
    for (std::size_t cut = 0; cut < data.size(); cut += 7) {
        const auto cut_short = net::parse_jks(std::string_view(data).substr(0, cut), std::nullopt);
        CHECK_FALSE(cut_short.ok());
    }
    const auto store = net::parse_jks(data, std::nullopt);
    REQUIRE(store.ok());
    REQUIRE(store->keys.size() == 1);
    CHECK(store->keys.front().alias == "worker");
    CHECK(store->keys.front().chain.size() == 1);
    CHECK_FALSE(net::recover_jks_key(store->keys.front().protected_key, "bad").ok());
    CHECK(net::recover_jks_key(store->keys.front().protected_key, java_keystores::key_password).ok());
}
