#include "net/tls_context.hpp"

#include <openssl/crypto.h>
#include <openssl/ssl.h>

#include <algorithm>
#include <cctype>
#include <string_view>

#include <boost/asio/buffer.hpp>
#include <boost/asio/ssl/context.hpp>

#include "common/strings.hpp"
#include "net/key_store.hpp"

namespace copycat::net {
namespace {

namespace ssl = boost::asio::ssl;
using error_code = boost::system::error_code;

error bad(const std::string& what, const error_code& ec) {
    return make_error(errc::invalid_argument, what + ": " + ec.message());
}

store_file store_of(const tls_settings& s, bool trust) {
    return {.prefix = s.config_prefix,
            .trust = trust,
            .type = trust ? s.truststore_type : s.keystore_type,
            .location = trust ? s.truststore_location : s.keystore_location,
            .password = trust ? s.truststore_password : s.keystore_password};
}

// Inline stores (ssl.keystore.key, ssl.truststore.certificates, ...) are PEM, as in Kafka.
result<void> check_inline_type(const store_file& store, std::string_view inline_keys) {
    const std::string type = to_upper(trim(store.type));
    if (type.empty() || type == "PEM") return {};
    return make_error(errc::invalid_argument, "Invalid value " + store.type + " for configuration " +
                                                  store.key("type") + ": " + std::string(inline_keys) +
                                                  " are PEM; set " + store.key("type") + "=PEM");
}

// ssl.enabled.protocols: every protocol not listed is switched off.
result<void> restrict_protocols(ssl::context& ctx, const std::vector<std::string>& enabled) {
    struct known {
        const char* name;
        long off;
    };
    static const known protocols[] = {{"TLSV1", ssl::context::no_tlsv1},
                                      {"TLSV1.1", ssl::context::no_tlsv1_1},
                                      {"TLSV1.2", ssl::context::no_tlsv1_2},
                                      {"TLSV1.3", ssl::context::no_tlsv1_3}};
    long options = ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3;
    bool any = false;
    for (const auto& name : enabled) {
        const auto wanted = to_upper(name);
        if (std::none_of(std::begin(protocols), std::end(protocols), [&](const known& k) { return wanted == k.name; }))
            return make_error(errc::invalid_argument, "ssl.enabled.protocols: unsupported protocol " + name +
                                                          " (supported: TLSv1, TLSv1.1, TLSv1.2, TLSv1.3)");
    }
    for (const auto& p : protocols) {
        const bool on =
            std::any_of(enabled.begin(), enabled.end(), [&](const auto& n) { return to_upper(n) == p.name; });
        if (on) {
            any = true;
        } else {
            options |= p.off;
        }
    }
    if (!any) return make_error(errc::invalid_argument, "ssl.enabled.protocols enables no protocol");
    error_code ec;
    ctx.set_options(options, ec);
    if (ec) return bad("Cannot set the TLS protocols", ec);
    return {};
}

bool is_tls13_suite(std::string_view name) { return name.starts_with("TLS_AES_") || name.starts_with("TLS_CHACHA20_"); }

// ssl.cipher.suites: IANA (Java) names are translated to OpenSSL's; TLS 1.3 suites go to their
// own list. As with Java's include list, the suites given are the only ones allowed.
result<void> restrict_ciphers(ssl::context& ctx, const std::vector<std::string>& suites) {
    if (suites.empty()) return {};
    std::string tls12;
    std::string tls13;
    for (const auto& name : suites) {
        if (is_tls13_suite(name)) {
            tls13 += (tls13.empty() ? "" : ":") + name;
            continue;
        }
        const char* openssl_name = OPENSSL_cipher_name(name.c_str());
        const std::string chosen = std::string_view(openssl_name) == "(NONE)" ? name : std::string(openssl_name);
        tls12 += (tls12.empty() ? "" : ":") + chosen;
    }
    SSL_CTX* native = ctx.native_handle();
    if (SSL_CTX_set_ciphersuites(native, tls13.c_str()) != 1)
        return make_error(errc::invalid_argument, "ssl.cipher.suites: unknown TLS 1.3 suites in " + tls13);
    if (!tls12.empty() && SSL_CTX_set_cipher_list(native, tls12.c_str()) != 1)
        return make_error(errc::invalid_argument, "ssl.cipher.suites: no usable cipher suite in " + tls12);
    if (tls12.empty()) SSL_CTX_set_cipher_list(native, "");  // TLS 1.3 suites only
    return {};
}

// A JKS or PKCS12 keystore, converted to PEM in memory (never written anywhere).
result<void> use_key_store(ssl::context& ctx, const store_file& store, const std::string& key_password) {
    COPYCAT_TRY(net::pem_key_pair pair,
                read_key_store(store, key_password.empty() ? std::nullopt : std::optional(key_password)));
    error_code ec;
    ctx.use_certificate_chain(boost::asio::buffer(pair.certificate_chain), ec);
    if (!ec) ctx.use_private_key(boost::asio::buffer(pair.private_key), ssl::context::pem, ec);
    OPENSSL_cleanse(pair.private_key.data(), pair.private_key.size());
    if (ec) return bad("Cannot use the keystore " + store.location, ec);
    if (SSL_CTX_check_private_key(ctx.native_handle()) != 1)
        return make_error(errc::invalid_argument, "The keystore's private key does not match its certificate");
    return {};
}

result<void> load_keystore(ssl::context& ctx, const tls_settings& s, bool required) {
    if (!s.has_keystore()) {
        if (required)
            return make_error(errc::invalid_argument,
                              "An https listener needs a keystore: set ssl.keystore.location (a JKS, PKCS12 or PEM "
                              "file, with ssl.keystore.type and ssl.keystore.password) or ssl.keystore.certificate.chain "
                              "and ssl.keystore.key, or the same keys prefixed with listeners.https.");
        return {};
    }
    const store_file store = store_of(s, false);
    error_code ec;
    if (!s.key_password.empty()) {
        ctx.set_password_callback(
            [password = s.key_password](std::size_t, ssl::context::password_purpose) { return password; }, ec);
        if (ec) return bad("Cannot use ssl.key.password", ec);
    }
    if (!s.keystore_location.empty()) {
        COPYCAT_TRY(const store_format format, store_format_of(store));
        if (format != store_format::pem) return use_key_store(ctx, store, s.key_password);
        ctx.use_certificate_chain_file(s.keystore_location, ec);
        if (ec) return bad("Cannot read the certificate chain of ssl.keystore.location " + s.keystore_location, ec);
        ctx.use_private_key_file(s.keystore_location, ssl::context::pem, ec);
        if (ec) return bad("Cannot read the private key of ssl.keystore.location " + s.keystore_location, ec);
    } else {
        COPYCAT_TRY_VOID(check_inline_type(store, "ssl.keystore.certificate.chain and ssl.keystore.key"));
        if (s.keystore_certificate_chain.empty() || s.keystore_key.empty())
            return make_error(errc::invalid_argument,
                              "ssl.keystore.certificate.chain and ssl.keystore.key must be set together");
        ctx.use_certificate_chain(boost::asio::buffer(s.keystore_certificate_chain), ec);
        if (ec) return bad("Cannot read ssl.keystore.certificate.chain", ec);
        ctx.use_private_key(boost::asio::buffer(s.keystore_key), ssl::context::pem, ec);
        if (ec) return bad("Cannot read ssl.keystore.key", ec);
    }
    if (SSL_CTX_check_private_key(ctx.native_handle()) != 1)
        return make_error(errc::invalid_argument, "The keystore's private key does not match its certificate");
    return {};
}

result<void> load_truststore(ssl::context& ctx, const tls_settings& s) {
    error_code ec;
    if (s.truststore_location.empty() && s.truststore_certificates.empty()) {
        ctx.set_default_verify_paths(ec);
        if (ec) return bad("Cannot load the system's CA certificates", ec);
        return {};
    }
    const store_file store = store_of(s, true);
    if (!s.truststore_location.empty()) {
        COPYCAT_TRY(const store_format format, store_format_of(store));
        if (format == store_format::pem) {
            ctx.load_verify_file(s.truststore_location, ec);
        } else {
            COPYCAT_TRY(const std::string certificates, read_trust_store(store));
            ctx.add_certificate_authority(boost::asio::buffer(certificates), ec);
        }
        if (ec) return bad("Cannot read ssl.truststore.location " + s.truststore_location, ec);
    }
    if (!s.truststore_certificates.empty()) {
        COPYCAT_TRY_VOID(check_inline_type(store, "ssl.truststore.certificates"));
        ctx.add_certificate_authority(boost::asio::buffer(s.truststore_certificates), ec);
        if (ec) return bad("Cannot read ssl.truststore.certificates", ec);
    }
    return {};
}

}  // namespace

bool verifies_host_name(const tls_settings& settings) {
    return to_upper(settings.endpoint_identification_algorithm) == "HTTPS";
}

result<tls_context_ptr> make_server_tls_context(const tls_settings& s) {
    auto ctx = std::make_shared<ssl::context>(ssl::context::tls_server);
    COPYCAT_TRY_VOID(restrict_protocols(*ctx, s.enabled_protocols));
    COPYCAT_TRY_VOID(restrict_ciphers(*ctx, s.cipher_suites));
    COPYCAT_TRY_VOID(load_keystore(*ctx, s, true));
    error_code ec;
    const std::string auth = to_upper(s.client_auth);
    if (auth == "REQUIRED" || auth == "REQUESTED") {
        COPYCAT_TRY_VOID(load_truststore(*ctx, s));
        ssl::verify_mode mode = ssl::verify_peer;
        if (auth == "REQUIRED") mode |= ssl::verify_fail_if_no_peer_cert;
        ctx->set_verify_mode(mode, ec);
        // A session id context is needed for session resumption with client certificates.
        static constexpr unsigned char session_id[] = "copycat-rest";
        SSL_CTX_set_session_id_context(ctx->native_handle(), session_id, sizeof(session_id) - 1);
    } else if (auth == "NONE") {
        ctx->set_verify_mode(ssl::verify_none, ec);
    } else {
        return make_error(errc::invalid_argument,
                          "ssl.client.auth must be one of none, requested, required; got " + s.client_auth);
    }
    if (ec) return bad("Cannot set the client authentication mode", ec);
    return ctx;
}

result<tls_context_ptr> make_client_tls_context(const tls_settings& s) {
    auto ctx = std::make_shared<ssl::context>(ssl::context::tls_client);
    COPYCAT_TRY_VOID(restrict_protocols(*ctx, s.enabled_protocols));
    COPYCAT_TRY_VOID(restrict_ciphers(*ctx, s.cipher_suites));
    COPYCAT_TRY_VOID(load_keystore(*ctx, s, false));
    COPYCAT_TRY_VOID(load_truststore(*ctx, s));
    error_code ec;
    ctx->set_verify_mode(s.verify_peer ? ssl::verify_peer : ssl::verify_none, ec);
    if (ec) return bad("Cannot enable certificate verification", ec);
    return ctx;
}

}  // namespace copycat::net
