#include "kafka/client/scram_client.hpp"

#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/rand.h>

#include <charconv>
#include <vector>

#include "copycat/data/base64.hpp"
#include "kafka/client/kafka_error.hpp"

namespace copycat::kafka_client {

namespace kp = kafka_protocol;

namespace {

const EVP_MD* digest_of(scram_hash hash) { return hash == scram_hash::sha256 ? EVP_sha256() : EVP_sha512(); }

std::string text_of(kp::bytes_view bytes) { return {reinterpret_cast<const char*>(bytes.data()), bytes.size()}; }

kp::bytes bytes_of(const std::string& text) {
    const auto* p = reinterpret_cast<const std::byte*>(text.data());
    return {p, p + text.size()};
}

// saslname: '=' and ',' escaped as "=3D" and "=2C" (RFC 5802 section 5.1).
std::string escape_username(const std::string& name) {
    std::string out;
    for (char c : name) {
        if (c == '=') {
            out += "=3D";
        } else if (c == ',') {
            out += "=2C";
        } else {
            out += c;
        }
    }
    return out;
}

// The attributes of a SCRAM message ("r=...,s=...,i=..."), in order.
std::vector<std::pair<char, std::string>> attributes(const std::string& message) {
    std::vector<std::pair<char, std::string>> out;
    std::size_t start = 0;
    while (start <= message.size()) {
        const auto comma = message.find(',', start);
        const std::string part = message.substr(start, comma - start);
        if (part.size() >= 2 && part[1] == '=') out.emplace_back(part[0], part.substr(2));
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

std::string random_nonce() {
    unsigned char raw[24];
    if (RAND_bytes(raw, sizeof raw) != 1) return {};
    return base64_encode(std::string(reinterpret_cast<const char*>(raw), sizeof raw));
}

error scram_failure(const std::string& what) {
    return kafka_error(kp::error_code::sasl_authentication_failed, "SCRAM: " + what);
}

}  // namespace

std::string scram_hmac(scram_hash hash, const std::string& key, const std::string& data) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    HMAC(digest_of(hash), key.data(), static_cast<int>(key.size()), reinterpret_cast<const unsigned char*>(data.data()),
         data.size(), out, &length);
    return {reinterpret_cast<const char*>(out), length};
}

std::string scram_digest(scram_hash hash, const std::string& data) {
    unsigned char out[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    EVP_Digest(data.data(), data.size(), out, &length, digest_of(hash), nullptr);
    return {reinterpret_cast<const char*>(out), length};
}

std::string scram_salted_password(scram_hash hash, const std::string& password, const std::string& salt,
                                  int iterations) {
    std::string out(static_cast<std::size_t>(EVP_MD_get_size(digest_of(hash))), '\0');
    PKCS5_PBKDF2_HMAC(password.data(), static_cast<int>(password.size()),
                      reinterpret_cast<const unsigned char*>(salt.data()), static_cast<int>(salt.size()), iterations,
                      digest_of(hash), static_cast<int>(out.size()), reinterpret_cast<unsigned char*>(out.data()));
    return out;
}

scram_client::scram_client(scram_hash hash, std::string username, std::string password, std::string client_nonce)
    : hash_(hash),
      username_(std::move(username)),
      password_(std::move(password)),
      client_nonce_(client_nonce.empty() ? random_nonce() : std::move(client_nonce)) {}

std::string scram_client::mechanism() const { return hash_ == scram_hash::sha256 ? "SCRAM-SHA-256" : "SCRAM-SHA-512"; }

result<kp::bytes> scram_client::first_message() {
    if (step_ != step::initial || client_nonce_.empty()) {
        return make_error(errc::internal, "SCRAM: no client nonce or a repeated first message");
    }
    client_first_bare_ = "n=" + escape_username(username_) + ",r=" + client_nonce_;
    step_ = step::first_sent;
    return bytes_of("n,," + client_first_bare_);
}

result<std::optional<kp::bytes>> scram_client::evaluate(kp::bytes_view server_message) {
    const std::string message = text_of(server_message);
    switch (step_) {
        case step::first_sent:
            return on_server_first(message);
        case step::final_sent:
            return on_server_final(message);
        default:
            return scram_failure("unexpected server message");
    }
}

result<std::optional<kp::bytes>> scram_client::on_server_first(const std::string& message) {
    std::string nonce, salt_text, iterations_text;
    for (const auto& [key, value] : attributes(message)) {
        if (key == 'm') return scram_failure("the server requires an unsupported extension");
        if (key == 'r') nonce = value;
        if (key == 's') salt_text = value;
        if (key == 'i') iterations_text = value;
    }
    if (nonce.rfind(client_nonce_, 0) != 0 || nonce.size() <= client_nonce_.size()) {
        return scram_failure("the server nonce does not extend the client nonce");
    }
    const auto salt = base64_decode_string(salt_text);
    int iterations = 0;
    const auto [end, ec] =
        std::from_chars(iterations_text.data(), iterations_text.data() + iterations_text.size(), iterations);
    if (!salt || ec != std::errc() || end != iterations_text.data() + iterations_text.size()) {
        return scram_failure("malformed server-first-message '" + message + "'");
    }
    if (iterations < min_iterations) {
        return scram_failure("the server asks for " + std::to_string(iterations) + " iterations, fewer than " +
                             std::to_string(min_iterations));
    }
    const std::string salted = scram_salted_password(hash_, password_, *salt, iterations);
    const std::string client_key = scram_hmac(hash_, salted, "Client Key");
    const std::string stored_key = scram_digest(hash_, client_key);
    const std::string without_proof = "c=" + base64_encode("n,,") + ",r=" + nonce;
    const std::string auth_message = client_first_bare_ + "," + message + "," + without_proof;
    const std::string signature = scram_hmac(hash_, stored_key, auth_message);
    std::string proof = client_key;
    for (std::size_t i = 0; i < proof.size(); ++i) proof[i] = static_cast<char>(proof[i] ^ signature[i]);
    const std::string server_key = scram_hmac(hash_, salted, "Server Key");
    expected_server_signature_ = base64_encode(scram_hmac(hash_, server_key, auth_message));
    step_ = step::final_sent;
    return std::optional<kp::bytes>(bytes_of(without_proof + ",p=" + base64_encode(proof)));
}

result<std::optional<kp::bytes>> scram_client::on_server_final(const std::string& message) {
    for (const auto& [key, value] : attributes(message)) {
        if (key == 'e') return scram_failure("the server refused: " + value);
        if (key == 'v') {
            if (value != expected_server_signature_) {
                return scram_failure("the server signature does not verify");
            }
            step_ = step::done;
            return std::optional<kp::bytes>();
        }
    }
    return scram_failure("malformed server-final-message '" + message + "'");
}

}  // namespace copycat::kafka_client
