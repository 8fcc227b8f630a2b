#include "net/key_store.hpp"

#include <openssl/bio.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/pem.h>
#include <openssl/pkcs12.h>
#include <openssl/x509.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>

#include "common/strings.hpp"
#include "net/jks_store.hpp"

namespace copycat::net {

std::string store_file::key(std::string_view name) const {
    return prefix + (trust ? "ssl.truststore." : "ssl.keystore.") + std::string(name);
}

namespace {

template <class T, void (*Free)(T*)>
struct openssl_deleter {
    void operator()(T* p) const { Free(p); }
};
using bio_ptr = std::unique_ptr<BIO, openssl_deleter<BIO, BIO_free_all>>;
using x509_ptr = std::unique_ptr<X509, openssl_deleter<X509, X509_free>>;
using pkey_ptr = std::unique_ptr<EVP_PKEY, openssl_deleter<EVP_PKEY, EVP_PKEY_free>>;
using pkcs12_ptr = std::unique_ptr<PKCS12, openssl_deleter<PKCS12, PKCS12_free>>;

void free_certificates(STACK_OF(X509) * s) { sk_X509_pop_free(s, X509_free); }
using x509_stack_ptr = std::unique_ptr<STACK_OF(X509), openssl_deleter<STACK_OF(X509), free_certificates>>;

const char* type_name(store_format f) { return f == store_format::jks ? "JKS" : f == store_format::pkcs12 ? "PKCS12" : "PEM"; }

// Kafka's ConfigException text, with the store's load failure as the reason.
class failure {
public:
    failure(const store_file& store, store_format format) : store_(store), format_(format) {}

    error operator()(std::string_view name, std::string_view reason) const {
        const bool secret = name.ends_with("password");
        const std::string key =
            name == "ssl.key.password" ? store_.prefix + std::string(name) : store_.key(name);
        const std::string value = secret ? "[hidden]" : name == "location" ? store_.location : std::string(type_name(format_));
        return make_error(errc::invalid_argument, "Invalid value " + value + " for configuration " + key +
                                                      ": Failed to load SSL " +
                                                      (store_.trust ? "truststore " : "keystore ") + store_.location +
                                                      " of type " + type_name(format_) + ": " + std::string(reason));
    }

private:
    const store_file& store_;
    store_format format_;
};

result<std::string> read_file(const store_file& store) {
    std::ifstream in(store.location, std::ios::binary);
    if (!in) {
        const std::string reason = std::strerror(errno);
        return make_error(errc::invalid_argument, "Invalid value " + store.location + " for configuration " +
                                                      store.key("location") + ": cannot read " + store.location +
                                                      ": " + reason);
    }
    return std::string(std::istreambuf_iterator<char>(in), {});
}

bool is_pem(std::string_view data) { return trim(data).starts_with("-----BEGIN "); }

store_format format_of_contents(std::string_view data) {
    if (is_jks(data)) return store_format::jks;
    return is_pem(data) ? store_format::pem : store_format::pkcs12;
}

std::string openssl_reason() {
    const unsigned long code = ERR_get_error();
    ERR_clear_error();
    if (code == 0) return "unknown error";
    std::array<char, 256> text{};
    ERR_error_string_n(code, text.data(), text.size());
    return text.data();
}

std::string pem_of(X509* certificate) {
    bio_ptr bio(BIO_new(BIO_s_mem()));
    PEM_write_bio_X509(bio.get(), certificate);
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, static_cast<std::size_t>(n));
}

std::string pem_of(EVP_PKEY* key) {
    bio_ptr bio(BIO_new(BIO_s_secmem()));
    PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr);
    char* data = nullptr;
    const long n = BIO_get_mem_data(bio.get(), &data);
    return std::string(data, static_cast<std::size_t>(n));
}

std::optional<std::string> pem_of_der_certificate(std::string_view der) {
    const auto* p = reinterpret_cast<const unsigned char*>(der.data());
    x509_ptr certificate(d2i_X509(nullptr, &p, static_cast<long>(der.size())));
    if (!certificate) return std::nullopt;
    return pem_of(certificate.get());
}

result<std::string> pem_chain(const std::vector<der_bytes>& chain, const failure& fail) {
    std::string out;
    for (const der_bytes& der : chain) {
        auto pem = pem_of_der_certificate(der);
        if (!pem) return fail("type", "a certificate is not X.509: " + openssl_reason());
        out += *pem;
    }
    return out;
}

// The JKS and PKCS12 contents of `store` with their format; PEM is refused (its users read it).
struct loaded {
    std::string data;
    store_format format;
};
result<store_format> resolve(const store_file& store, std::string_view data);

result<loaded> load(const store_file& store) {
    COPYCAT_TRY(std::string data, read_file(store));
    COPYCAT_TRY(const store_format format, resolve(store, data));
    if (format == store_format::pem) return failure(store, format)("type", "a PEM store is read as a file");
    return loaded{std::move(data), format};
}

result<jks_store> parse_jks_store(const loaded& file, const store_file& store) {
    auto parsed = parse_jks(file.data, store.password);
    if (!parsed) {
        const bool digest = parsed.err().message.starts_with("Keystore was tampered");
        return failure(store, file.format)(digest ? "password" : "type", parsed.err().message);
    }
    return parsed;
}

struct pkcs12_contents {
    pkey_ptr key;
    x509_ptr certificate;
    x509_stack_ptr others;
};

result<pkcs12_contents> parse_pkcs12(const loaded& file, const store_file& store) {
    const failure fail(store, file.format);
    bio_ptr bio(BIO_new_mem_buf(file.data.data(), static_cast<int>(file.data.size())));
    pkcs12_ptr p12(d2i_PKCS12_bio(bio.get(), nullptr));
    if (!p12) return fail("type", "Invalid keystore format: " + openssl_reason());
    const char* password = store.password ? store.password->c_str() : nullptr;
    if (PKCS12_mac_present(p12.get()) && password != nullptr &&
        PKCS12_verify_mac(p12.get(), password, static_cast<int>(store.password->size())) != 1) {
        ERR_clear_error();
        return fail("password", "Keystore was tampered with, or password was incorrect");
    }
    EVP_PKEY* key = nullptr;
    X509* certificate = nullptr;
    STACK_OF(X509)* others = nullptr;
    if (PKCS12_parse(p12.get(), password, &key, &certificate, &others) != 1)
        return fail("password", (password == nullptr ? "the store is encrypted and no password is set: "
                                                     : "cannot decrypt the store: ") +
                                    openssl_reason());
    return pkcs12_contents{pkey_ptr(key), x509_ptr(certificate), x509_stack_ptr(others)};
}

result<pem_key_pair> jks_key_pair(const loaded& file, const store_file& store,
                                  const std::optional<std::string>& key_password) {
    const failure fail(store, file.format);
    COPYCAT_TRY(const jks_store jks, parse_jks_store(file, store));
    if (jks.keys.empty()) return fail("location", "the store holds no private key entry");
    const std::optional<std::string>& password = key_password ? key_password : store.password;
    if (!password) return fail("password", "a JKS key needs ssl.key.password or the keystore's password");
    auto pkcs8 = recover_jks_key(jks.keys.front().protected_key, *password);
    if (!pkcs8) return fail(key_password ? "ssl.key.password" : "password", pkcs8.err().message);
    const auto* p = reinterpret_cast<const unsigned char*>(pkcs8->data());
    pkey_ptr key(d2i_AutoPrivateKey(nullptr, &p, static_cast<long>(pkcs8->size())));
    OPENSSL_cleanse(pkcs8->data(), pkcs8->size());
    if (!key) return fail("type", "the private key is not PKCS#8: " + openssl_reason());
    COPYCAT_TRY(std::string chain, pem_chain(jks.keys.front().chain, fail));
    return pem_key_pair{std::move(chain), pem_of(key.get())};
}

result<store_format> resolve(const store_file& store, std::string_view data) {
    const std::string type = to_upper(trim(store.type));
    if (!type.empty() && type != "JKS" && type != "PKCS12" && type != "PEM")
        return make_error(errc::invalid_argument, "Invalid value " + store.type + " for configuration " +
                                                      store.key("type") +
                                                      ": Copycat reads JKS, PKCS12 and PEM stores");
    const store_format found = format_of_contents(data);
    const store_format declared =
        type == "PEM" ? store_format::pem : type == "PKCS12" ? store_format::pkcs12 : store_format::jks;
    if (type.empty() || declared == found || (declared != store_format::pem && found != store_format::pem))
        return found;
    return failure(store, declared)("type", declared == store_format::pem
                                                ? std::string("the file is not PEM")
                                                : "Invalid keystore format (the file is PEM: set " +
                                                      store.key("type") + "=PEM)");
}

}  // namespace

result<store_format> store_format_of(const store_file& store) {
    COPYCAT_TRY(const std::string data, read_file(store));
    return resolve(store, data);
}

result<pem_key_pair> read_key_store(const store_file& store, const std::optional<std::string>& key_password) {
    COPYCAT_TRY(const loaded file, load(store));
    if (file.format == store_format::jks) return jks_key_pair(file, store, key_password);
    COPYCAT_TRY(pkcs12_contents p12, parse_pkcs12(file, store));
    if (!p12.key || !p12.certificate)
        return failure(store, file.format)("location", "the store holds no private key entry");
    std::string chain = pem_of(p12.certificate.get());
    for (int i = 0; p12.others && i < sk_X509_num(p12.others.get()); ++i) chain += pem_of(sk_X509_value(p12.others.get(), i));
    return pem_key_pair{std::move(chain), pem_of(p12.key.get())};
}

result<std::string> read_trust_store(const store_file& store) {
    COPYCAT_TRY(const loaded file, load(store));
    const failure fail(store, file.format);
    std::string out;
    if (file.format == store_format::jks) {
        COPYCAT_TRY(const jks_store jks, parse_jks_store(file, store));
        std::vector<der_bytes> certificates;
        for (const auto& c : jks.certificates) certificates.push_back(c.certificate);
        for (const auto& k : jks.keys)
            if (!k.chain.empty()) certificates.push_back(k.chain.front());  // as Java's trust managers
        COPYCAT_TRY(out, pem_chain(certificates, fail));
    } else {
        COPYCAT_TRY(pkcs12_contents p12, parse_pkcs12(file, store));
        if (p12.certificate) out = pem_of(p12.certificate.get());
        for (int i = 0; p12.others && i < sk_X509_num(p12.others.get()); ++i) out += pem_of(sk_X509_value(p12.others.get(), i));
    }
    if (out.empty()) return fail("location", "the store holds no certificate");
    return out;
}

}  // namespace copycat::net
