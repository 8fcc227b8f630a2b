#include "net/jks_store.hpp"

#include <openssl/asn1.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/objects.h>
#include <openssl/x509.h>

#include <array>
#include <cstdint>
#include <memory>

#include "common/utf8.hpp"

namespace copycat::net {
namespace {

constexpr std::uint32_t magic = 0xFEEDFEED;
constexpr std::string_view whitener = "Mighty Aphrodite";
constexpr std::string_view key_protector_oid = "1.3.6.1.4.1.42.2.17.1.1";
constexpr std::size_t sha1_length = 20;

using sha1_digest = std::array<unsigned char, sha1_length>;

error invalid(std::string message) { return make_error(errc::invalid_argument, std::move(message)); }

// A bounds-checked big-endian reader over the file.
class reader {
public:
    explicit reader(std::string_view data) : data_(data) {}

    std::optional<std::uint32_t> u32() {
        if (remaining() < 4) return std::nullopt;
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(data_[at_++]);
        return v;
    }
    std::optional<std::string_view> bytes(std::size_t n) {
        if (remaining() < n) return std::nullopt;
        auto out = data_.substr(at_, n);
        at_ += n;
        return out;
    }
    // Java's DataInput.readUTF: a 16-bit length, then modified UTF-8 (kept as it is).
    std::optional<std::string_view> utf() {
        if (remaining() < 2) return std::nullopt;
        const std::size_t n = (static_cast<unsigned char>(data_[at_]) << 8) | static_cast<unsigned char>(data_[at_ + 1]);
        at_ += 2;
        return bytes(n);
    }
    std::optional<std::string_view> sized() {
        const auto n = u32();
        return n ? bytes(*n) : std::nullopt;
    }
    std::size_t position() const { return at_; }
    std::size_t remaining() const { return data_.size() - at_; }

private:
    std::string_view data_;
    std::size_t at_ = 0;
};

// Java's char[] of the password as the big-endian bytes the JKS digests take.
std::string utf16be(std::string_view text) {
    std::string out;
    const auto put = [&](char16_t unit) {
        out.push_back(static_cast<char>(unit >> 8));
        out.push_back(static_cast<char>(unit & 0xFF));
    };
    for (std::size_t at = 0; at < text.size();) {
        std::size_t replaced = 0;
        const std::size_t length = utf8::sequence_length(text, at, replaced);
        if (length == 0) {
            put(0xFFFD);
            at += replaced == 0 ? 1 : replaced;
            continue;
        }
        const char32_t c = utf8::code_point(text, at, length);
        at += length;
        if (c < 0x10000) {
            put(static_cast<char16_t>(c));
        } else {
            put(static_cast<char16_t>(0xD800 + ((c - 0x10000) >> 10)));
            put(static_cast<char16_t>(0xDC00 + ((c - 0x10000) & 0x3FF)));
        }
    }
    return out;
}

// SHA-1 over the concatenation of `parts`.
sha1_digest sha1(std::initializer_list<std::string_view> parts) {
    std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
    sha1_digest out{};
    EVP_DigestInit_ex(ctx.get(), EVP_sha1(), nullptr);
    for (std::string_view p : parts) EVP_DigestUpdate(ctx.get(), p.data(), p.size());
    EVP_DigestFinal_ex(ctx.get(), out.data(), nullptr);
    return out;
}

std::string_view view(const sha1_digest& d) { return {reinterpret_cast<const char*>(d.data()), d.size()}; }

bool same(std::string_view a, std::string_view b) {
    return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::optional<std::vector<der_bytes>> read_chain(reader& in, std::uint32_t version) {
    const auto count = in.u32();
    if (!count || *count > in.remaining()) return std::nullopt;
    std::vector<der_bytes> chain;
    for (std::uint32_t i = 0; i < *count; ++i) {
        if (version == 2 && !in.utf()) return std::nullopt;
        const auto der = in.sized();
        if (!der) return std::nullopt;
        chain.emplace_back(*der);
    }
    return chain;
}

// The salt + encrypted key + check of an EncryptedPrivateKeyInfo using Sun's key protection.
result<std::string> protected_data(std::string_view encrypted_info) {
    const auto* p = reinterpret_cast<const unsigned char*>(encrypted_info.data());
    std::unique_ptr<X509_SIG, decltype(&X509_SIG_free)> info(
        d2i_X509_SIG(nullptr, &p, static_cast<long>(encrypted_info.size())), X509_SIG_free);
    if (!info) return invalid("Cannot recover key: the protected key is not an EncryptedPrivateKeyInfo");
    const X509_ALGOR* algorithm = nullptr;
    const ASN1_OCTET_STRING* data = nullptr;
    X509_SIG_get0(info.get(), &algorithm, &data);
    const ASN1_OBJECT* oid = nullptr;
    X509_ALGOR_get0(&oid, nullptr, nullptr, algorithm);
    std::array<char, 80> name{};
    OBJ_obj2txt(name.data(), static_cast<int>(name.size()), oid, 1);
    if (std::string_view(name.data()) != key_protector_oid)
        return invalid(std::string("Cannot recover key: unsupported key protection algorithm ") + name.data() +
                       " (Copycat reads JKS keys protected with " + std::string(key_protector_oid) + ")");
    return std::string(reinterpret_cast<const char*>(ASN1_STRING_get0_data(data)),
                       static_cast<std::size_t>(ASN1_STRING_length(data)));
}

}  // namespace

bool is_jks(std::string_view data) { return reader(data).u32() == magic; }

result<jks_store> parse_jks(std::string_view data, const std::optional<std::string>& password) {
    const auto malformed = [] { return invalid("Invalid keystore format"); };
    if (data.size() < 12 + sha1_length || !is_jks(data)) return malformed();
    const std::string_view body = data.substr(0, data.size() - sha1_length);
    if (password && !same(view(sha1({utf16be(*password), whitener, body})), data.substr(body.size())))
        return invalid("Keystore was tampered with, or password was incorrect");
    reader in(body);
    in.u32();
    const auto version = in.u32();
    const auto count = in.u32();
    if (!version || (*version != 1 && *version != 2)) return invalid("Invalid keystore format: unknown version");
    if (!count) return malformed();
    jks_store store;
    for (std::uint32_t i = 0; i < *count; ++i) {
        const auto tag = in.u32();
        const auto alias = in.utf();
        if (!tag || !alias || !in.bytes(8)) return malformed();
        if (*tag == 1) {
            const auto key = in.sized();
            auto chain = key ? read_chain(in, *version) : std::nullopt;
            if (!chain) return malformed();
            store.keys.push_back({std::string(*alias), std::string(*key), std::move(*chain)});
        } else if (*tag == 2) {
            if (*version == 2 && !in.utf()) return malformed();
            const auto der = in.sized();
            if (!der) return malformed();
            store.certificates.push_back({std::string(*alias), std::string(*der)});
        } else {
            return invalid("Invalid keystore format: unknown entry tag " + std::to_string(*tag));
        }
    }
    if (in.remaining() != 0) return malformed();
    return store;
}

result<der_bytes> recover_jks_key(std::string_view protected_key, std::string_view password) {
    COPYCAT_TRY(const std::string data, protected_data(protected_key));
    if (data.size() < 2 * sha1_length) return invalid("Cannot recover key: the protected key is too short");
    const std::string pw = utf16be(password);
    const std::string_view salt = std::string_view(data).substr(0, sha1_length);
    const std::string_view encrypted = std::string_view(data).substr(sha1_length, data.size() - 2 * sha1_length);
    const std::string_view check = std::string_view(data).substr(data.size() - sha1_length);
    der_bytes plain(encrypted.size(), '\0');
    sha1_digest stream = sha1({pw, salt});
    for (std::size_t i = 0; i < encrypted.size(); ++i) {
        if (i > 0 && i % sha1_length == 0) stream = sha1({pw, view(stream)});
        plain[i] = static_cast<char>(encrypted[i] ^ static_cast<char>(stream[i % sha1_length]));
    }
    if (!same(view(sha1({pw, plain})), check)) {
        OPENSSL_cleanse(plain.data(), plain.size());
        return invalid("Cannot recover key");
    }
    return plain;
}

}  // namespace copycat::net
