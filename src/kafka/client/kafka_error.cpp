#include "kafka/client/kafka_error.hpp"

#include <string>

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

}  // namespace copycat::kafka_client
