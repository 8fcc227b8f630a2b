#include "test_certificate.hpp"

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <stdexcept>

namespace copycat::kafka_client::testing {

namespace {

void add_extension(X509* cert, int nid, const std::string& value) {
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, cert, cert, nullptr, nullptr, 0);
    X509_EXTENSION* ext = X509V3_EXT_nconf_nid(nullptr, &ctx, nid, value.c_str());
    if (ext == nullptr) throw std::runtime_error("bad certificate extension " + value);
    X509_add_ext(cert, ext, -1);
    X509_EXTENSION_free(ext);
}

void write_pem(const std::string& path, const std::function<int(FILE*)>& write) {
    std::unique_ptr<FILE, int (*)(FILE*)> file(std::fopen(path.c_str(), "w"), &std::fclose);
    if (!file || write(file.get()) != 1) throw std::runtime_error("cannot write " + path);
}

}  // namespace

test_certificate make_test_certificate(const std::string& common_name,
                                       const std::vector<std::string>& subject_alt_names) {
    static std::atomic<int> sequence{0};
    const auto dir = std::filesystem::temp_directory_path() /
                     ("copycat-tls-" + std::to_string(::getpid()) + "-" + std::to_string(sequence.fetch_add(1)));
    std::filesystem::create_directories(dir);

    std::unique_ptr<EVP_PKEY, void (*)(EVP_PKEY*)> key(EVP_EC_gen("P-256"), &EVP_PKEY_free);
    std::unique_ptr<X509, void (*)(X509*)> cert(X509_new(), &X509_free);
    if (!key || !cert) throw std::runtime_error("cannot make a test key");
    X509_set_version(cert.get(), 2);
    ASN1_INTEGER_set(X509_get_serialNumber(cert.get()), sequence.load() + 1);
    X509_gmtime_adj(X509_getm_notBefore(cert.get()), -3600);
    X509_gmtime_adj(X509_getm_notAfter(cert.get()), 24 * 3600);
    X509_set_pubkey(cert.get(), key.get());
    X509_NAME* name = X509_get_subject_name(cert.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>(common_name.c_str()),
                               -1, -1, 0);
    X509_set_issuer_name(cert.get(), name);
    add_extension(cert.get(), NID_basic_constraints, "critical,CA:TRUE");
    std::string sans;
    for (const auto& san : subject_alt_names) sans += (sans.empty() ? "" : ",") + san;
    if (!sans.empty()) add_extension(cert.get(), NID_subject_alt_name, sans);
    if (X509_sign(cert.get(), key.get(), EVP_sha256()) == 0) {
        throw std::runtime_error("cannot sign the test certificate");
    }

    test_certificate out{(dir / "cert.pem").string(), (dir / "key.pem").string()};
    write_pem(out.cert_file, [&](FILE* f) { return PEM_write_X509(f, cert.get()); });
    write_pem(out.key_file,
              [&](FILE* f) { return PEM_write_PrivateKey(f, key.get(), nullptr, nullptr, 0, nullptr, nullptr); });
    return out;
}

}  // namespace copycat::kafka_client::testing
