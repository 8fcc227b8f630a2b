#pragma once
// key_store: Kafka's key and trust stores (ssl.keystore.* / ssl.truststore.*) of type JKS and
// PKCS12 read into PEM text in memory, for OpenSSL contexts (REST) and librdkafka's
// ssl.key.pem / ssl.certificate.pem / ssl.ca.pem (the worker's Kafka clients). JKS is read by
// net/jks_store (no JVM needed), PKCS12 by OpenSSL's PKCS12_parse. PEM stores are not converted:
// their users read the files as they are.
//
// The type a store is read as (store_format_of), as Kafka and Java read it:
//   - ssl.*.type JKS or PKCS12 (any case): the file's own format among those two, as Java's
//     keystore.type.compat loads either format under either type;
//   - PEM: a PEM file;
//   - not set: Kafka's default JKS (so JKS or PKCS12 as above), except that a PEM file is read as
//     PEM, so that worker files written for Copycat before it read JKS keep working.
//
// A keystore's key is decrypted with ssl.key.password, or the keystore password when that is not
// set (Kafka: DefaultSslEngineFactory); a PKCS12 key with the store password, as keytool writes
// it. The PEM private key returned is unencrypted: keep it in memory, never write or log it.
//
// Errors are invalid_argument in Kafka's ConfigException form naming the key at fault, with
// Kafka's "Failed to load SSL keystore <path> of type <type>" and Java's reason, e.g.
//   Invalid value [hidden] for configuration listeners.https.ssl.keystore.password: Failed to
//   load SSL keystore /etc/copycat/rest.jks of type JKS: Keystore was tampered with, or password
//   was incorrect

#include <optional>
#include <string>
#include <string_view>

#include "common/result.hpp"

namespace copycat::net {

enum class store_format { jks, pkcs12, pem };

struct store_file {
    std::string prefix;    // of the keys in messages: "", "listeners.https.", "producer.", ...
    bool trust = false;    // a truststore (ssl.truststore.*) or a keystore (ssl.keystore.*)
    std::string type;      // ssl.*.type as given; empty: not set
    std::string location;  // ssl.*.location
    std::optional<std::string> password;  // ssl.*.password

    // "<prefix>ssl.keystore.<name>" or "<prefix>ssl.truststore.<name>".
    std::string key(std::string_view name) const;
};

struct pem_key_pair {
    std::string certificate_chain;  // the key's certificate first
    std::string private_key;        // unencrypted PKCS#8
};

// How `store` is read (above); an unknown type or a file that does not match it is an error.
result<store_format> store_format_of(const store_file& store);

// The first private key of a JKS or PKCS12 keystore and its chain. `key_password` is
// ssl.key.password (or nullopt).
result<pem_key_pair> read_key_store(const store_file& store, const std::optional<std::string>& key_password);

// Every certificate of a JKS or PKCS12 truststore, PEM, one after the other.
result<std::string> read_trust_store(const store_file& store);

}  // namespace copycat::net
