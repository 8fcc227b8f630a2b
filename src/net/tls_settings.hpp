#pragma once
// tls_settings: Kafka's ssl.* settings as the REST server (an https listener) and the REST client
// (forwarding to an https worker) use them (Kafka: SSLUtils). Plain data; the application fills it
// from worker.properties and net/tls_context turns it into an Asio SSL context.
//
// Key and trust material is PEM only (ssl.keystore.type / ssl.truststore.type = PEM):
//   keystore:   ssl.keystore.location (a file holding the private key and the certificate chain),
//               or ssl.keystore.certificate.chain + ssl.keystore.key given inline;
//               ssl.key.password decrypts an encrypted key.
//   truststore: ssl.truststore.location (a file of CA certificates) or ssl.truststore.certificates
//               inline; without one the system's default CA paths are used.
// JKS and PKCS12 stores are refused with a message naming the setting.

#include <map>
#include <string>
#include <vector>

namespace copycat::net {

struct tls_settings {
    std::string keystore_type = "JKS";  // Kafka's default; only PEM is supported
    std::string keystore_location{};
    std::string keystore_certificate_chain{};
    std::string keystore_key{};
    std::string key_password{};  // ssl.key.password: decrypts an encrypted PEM key
    std::string truststore_type = "JKS";
    std::string truststore_location{};
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
