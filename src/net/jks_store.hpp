#pragma once
// jks_store: a reader of Java KeyStore files (keytool -storetype JKS, Kafka's default
// ssl.keystore.type and ssl.truststore.type), so that a worker reads its users' key and trust
// stores without a JVM: Copycat starts TLS (REST listeners, Kafka clients) before, and without,
// any JVM it may host for Java plugins, and a worker without Java plugins has no JVM at all.
//
// The format (Sun's JavaKeyStore, version 1 or 2; big-endian):
//   0xFEEDFEED, version, entry count, then per entry a tag (1: private key, 2: trusted
//   certificate), the alias (Java modified UTF-8, 16-bit length), a timestamp (64-bit ms), and
//     tag 1: the protected key (32-bit length + DER EncryptedPrivateKeyInfo), the chain (32-bit
//            count; per certificate, in version 2, a type name such as "X.509", then 32-bit
//            length + DER);
//     tag 2: in version 2 a type name, then 32-bit length + DER;
//   then SHA-1(password as UTF-16BE + "Mighty Aphrodite" + every byte before the digest).
// A private key is protected with Sun's "JKS key protection" (OID 1.3.6.1.4.1.42.2.17.1.1):
// salt (20 bytes) + key XOR a SHA-1 keystream (d1 = SHA-1(pw + salt), d(i+1) = SHA-1(pw + di))
// + SHA-1(pw + plain key) as a check; the plain key is a DER PKCS#8 PrivateKeyInfo.
//
//   COPYCAT_TRY(auto store, net::parse_jks(file_bytes, password));   // digest checked
//   COPYCAT_TRY(auto pkcs8, net::recover_jks_key(store.keys[0].protected_key, key_password));
//
// Errors are invalid_argument with Java's wording ("Keystore was tampered with, or password was
// incorrect", "Cannot recover key", "Invalid keystore format"). Pure functions.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace copycat::net {

using der_bytes = std::string;  // DER as raw bytes

struct jks_key_entry {
    std::string alias;
    der_bytes protected_key;              // EncryptedPrivateKeyInfo
    std::vector<der_bytes> chain;         // the key's certificate first
};

struct jks_certificate_entry {
    std::string alias;
    der_bytes certificate;
};

struct jks_store {
    std::vector<jks_key_entry> keys;
    std::vector<jks_certificate_entry> certificates;
};

// Whether `data` starts with the JKS magic number.
bool is_jks(std::string_view data);

// The entries of a JKS file. With a password the integrity digest is checked (a mismatch is
// "Keystore was tampered with, or password was incorrect"); without one it is not, as Java loads
// a store with a null password.
result<jks_store> parse_jks(std::string_view data, const std::optional<std::string>& password);

// The DER PKCS#8 PrivateKeyInfo of a protected key; `password` is UTF-8.
result<der_bytes> recover_jks_key(std::string_view protected_key, std::string_view password);

}  // namespace copycat::net
