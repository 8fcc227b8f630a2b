#include "kafka/client/kafka_error.hpp"

#include <string>

#include <boost/asio/ssl/error.hpp>
#include <boost/system/error_code.hpp>

namespace copycat::kafka_client {
namespace {

class category final : public std::error_category {
public:
    const char* name() const noexcept override { return "kafka"; }
    std::string message(int code) const override {
        return kafka_protocol::describe(static_cast<kafka_protocol::error_code>(code));
    }
};

}  // namespace

const std::error_category& kafka_category() noexcept {
    static const category instance;
    return instance;
}

std::error_code make_kafka_error_code(kafka_protocol::error_code code) noexcept {
    return {static_cast<int>(code), kafka_category()};
}

error kafka_error(kafka_protocol::error_code code, std::string_view context) {
    return {make_kafka_error_code(code), std::string(context) + ": " + kafka_protocol::describe(code)};
}

std::optional<kafka_protocol::error_code> kafka_code_of(const std::error_code& code) noexcept {
    if (code.category() != kafka_category()) return std::nullopt;
    return static_cast<kafka_protocol::error_code>(code.value());
}

bool is_kafka_error(const error& e, kafka_protocol::error_code code) noexcept { return kafka_code_of(e.code) == code; }

bool is_tls_refusal(const std::error_code& code) noexcept {
    // OpenSSL's own errors come in Asio's ssl category (a closed stream is in another one); a
    // boost::system::error_code turned into a std::error_code keeps its category's identity.
    static const std::error_category& openssl =
        std::error_code(boost::system::error_code(1, boost::asio::error::get_ssl_category())).category();
    return code && code.category() == openssl;
}

bool is_authentication_failure(const error& e) noexcept {
    using kafka_protocol::error_code;
    const auto code = kafka_code_of(e.code);
    if (code) {
        return *code == error_code::sasl_authentication_failed || *code == error_code::unsupported_sasl_mechanism ||
               *code == error_code::illegal_sasl_state;
    }
    return is_tls_refusal(e.code);
}

}  // namespace copycat::kafka_client
