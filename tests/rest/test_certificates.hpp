#pragma once
// Self-signed certificates for the TLS tests, made by the openssl command line tool in a fresh
// temporary directory (removed by the destructor): a server certificate for localhost and
// 127.0.0.1, and a client certificate. Each is its own CA, so a truststore holding one
// certificate trusts exactly that peer.

#include <filesystem>
#include <string>

namespace copycat::rest::testing {

struct pem_identity {
    std::string certificate;    // file: the certificate
    std::string key;            // file: the unencrypted private key
    std::string keystore;       // file: key + certificate (Kafka's PEM keystore file)
    std::string encrypted_key;  // file: the key encrypted with `key_password`
};

class test_certificates {
public:
    test_certificates();
    ~test_certificates();
    test_certificates(const test_certificates&) = delete;
    test_certificates& operator=(const test_certificates&) = delete;

    bool ok() const { return ok_; }  // false when openssl failed (the output says why)
    const pem_identity& server() const { return server_; }
    const pem_identity& client() const { return client_; }
    static constexpr const char* key_password = "s3cret-pass";

    static std::string read(const std::string& file);

private:
    bool make(const std::string& name, const std::string& subject_alt_names, pem_identity& out);

    std::filesystem::path dir_;
    pem_identity server_;
    pem_identity client_;
    bool ok_ = false;
};

}  // namespace copycat::rest::testing
