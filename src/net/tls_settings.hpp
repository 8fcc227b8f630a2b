#pragma once
// tls_settings: Kafka's ssl.* settings as the REST server (an https listener) and the REST client
// (forwarding to an https worker) use them (Kafka: SSLUtils). Plain data; the application fills it
// from worker.properties and net/tls_context turns it into an Asio SSL context.
//
// Key and trust material (ssl.keystore.type / ssl.truststore.type JKS, PKCS12 or PEM; how an
// unset type is read: net/key_store.hpp):
//   keystore:   ssl.keystore.location (a JKS or PKCS12 store opened with ssl.keystore.password,
//               or a PEM file holding the private key and the certificate chain), or
//               ssl.keystore.certificate.chain + ssl.keystore.key given inline (PEM);
//               ssl.key.password decrypts the key (a JKS key: the keystore password by default).
//   truststore: ssl.truststore.location (a JKS or PKCS12 store, ssl.truststore.password checks
//               its integrity; or a PEM file of CA certificates) or ssl.truststore.certificates
//               inline (PEM); without one the system's default CA paths are used.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace copycat::net {

struct tls_settings {
    std::string config_prefix{};  // of the keys in messages: "listeners.https." or ""
    std::string keystore_type{};  // empty: not set (Kafka's default JKS)
    std::string keystore_location{};
    std::optional<std::string> keystore_password{};
    std::string keystore_certificate_chain{};
    std::string keystore_key{};
    std::string key_password{};  // ssl.key.password: decrypts an encrypted key; empty: not set
    std::string truststore_type{};
    std::string truststore_location{};
    std::optional<std::string> truststore_password{};
    std::string truststore_certificates{};
    std::string client_auth = "none";  // server: none | requested | required
    std::vector<std::string> enabled_protocols = {"TLSv1.2", "TLSv1.3"};
    std::vector<std::string> cipher_suites{};                 // IANA (Java) or OpenSSL names; empty: OpenSSL's defaults
    std::string endpoint_identification_algorithm = "https";  // client: "https" checks the host name; "": no check
    bool verify_peer = true;  // client: false accepts any certificate (copycat-cli --insecure; no Kafka setting)

    bool has_keystore() const {
        return !keystore_location.empty() || !keystore_certificate_chain.empty() || !keystore_key.empty();
    }
};

// Kafka's valuesWithPrefixAllOrNothing(prefix) over ssl.* keys: when any key starts with
// `prefix` (e.g. "listeners.https."), only "<prefix>ssl.*" keys are read, otherwise the plain
// "ssl.*" keys. Unset keys keep the defaults above.
tls_settings tls_settings_from(const std::map<std::string, std::string, std::less<>>& props, const std::string& prefix);

}  // namespace copycat::net
