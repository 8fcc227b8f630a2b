#pragma once
// JKS and PKCS12 stores made by the JDK's keytool at test time, in a fresh temporary directory
// (removed by the destructor): key pairs keytool generates, key stores holding a PEM key and
// certificate (openssl pkcs12 -export, then keytool -importkeystore, so that keytool writes the
// JKS and the PKCS12 file as a Java user's would be written), and trust stores of a PEM CA
// (keytool -importcert).

#include <filesystem>
#include <string>

namespace copycat::testing {

struct java_store_pair {
    std::string jks;
    std::string pkcs12;
};

class java_keystores {
public:
    java_keystores();
    ~java_keystores();
    java_keystores(const java_keystores&) = delete;
    java_keystores& operator=(const java_keystores&) = delete;

    static constexpr const char* store_password = "store-pass1";
    static constexpr const char* key_password = "key-pass22";  // JKS key stores' key password

    // keytool -genkeypair -storetype <type> (JKS or PKCS12) with CN=<name>; a JKS key is
    // protected with key_password, a PKCS12 key with store_password (keytool allows no other).
    // "" when keytool failed.
    std::string generate(const std::string& name, const std::string& type, const std::string& keyalg = "EC");
    // The PEM key and certificate as a JKS (key protected with key_password) and a PKCS12 key store.
    java_store_pair key_stores(const std::string& name, const std::string& key_pem_file,
                               const std::string& certificate_pem_file);
    // The PEM CA certificate as a JKS and a PKCS12 trust store.
    java_store_pair trust_stores(const std::string& name, const std::string& ca_pem_file);
    // keytool -exportcert -rfc: the PEM of the store's certificate of `alias`, with LF line ends.
    std::string exported_certificate(const std::string& store, const std::string& alias);

    std::string path(const std::string& file) const { return (dir_ / file).string(); }

private:
    std::filesystem::path dir_;
};

}  // namespace copycat::testing
