#include "kafka/client/sasl_client.hpp"

#include "kafka/client/scram_client.hpp"

namespace copycat::kafka_client {

namespace kp = kafka_protocol;

namespace {

// PLAIN (RFC 4616): one message, "\0<username>\0<password>"; the server answers with an empty
// token or fails the SaslAuthenticate.
class plain_sasl_client final : public sasl_client {
public:
    plain_sasl_client(std::string username, std::string password)
        : username_(std::move(username)), password_(std::move(password)) {}

    std::string mechanism() const override { return "PLAIN"; }

    result<kp::bytes> first_message() override {
        const std::string token = std::string(1, '\0') + username_ + std::string(1, '\0') + password_;
        const auto* p = reinterpret_cast<const std::byte*>(token.data());
        return kp::bytes(p, p + token.size());
    }

    result<std::optional<kp::bytes>> evaluate(kp::bytes_view) override { return std::optional<kp::bytes>(); }

private:
    std::string username_;
    std::string password_;
};

}  // namespace

result<std::unique_ptr<sasl_client>> make_sasl_client(const sasl_options& options) {
    if (options.username.empty()) {
        return make_error(errc::invalid_argument, "SASL needs a username");
    }
    if (options.mechanism == "PLAIN") {
        return std::unique_ptr<sasl_client>(std::make_unique<plain_sasl_client>(options.username, options.password));
    }
    if (options.mechanism == "SCRAM-SHA-256" || options.mechanism == "SCRAM-SHA-512") {
        const auto hash = options.mechanism == "SCRAM-SHA-256" ? scram_hash::sha256 : scram_hash::sha512;
        return std::unique_ptr<sasl_client>(std::make_unique<scram_client>(hash, options.username, options.password));
    }
    return make_error(errc::invalid_argument, "sasl.mechanism " + options.mechanism +
                                                  " is not supported (PLAIN, SCRAM-SHA-256, SCRAM-SHA-512)");
}

}  // namespace copycat::kafka_client
