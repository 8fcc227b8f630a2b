// A secret configuration value (Kafka: org.apache.kafka.common.config.types.Password).
#pragma once

#include <string>
#include <string_view>
#include <utility>

namespace copycat {

/// Holds a secret so that it is not printed by accident: to_string() gives "[hidden]", and so do
/// validation results and error messages. Read the secret itself with value().
class password {
public:
    /// The text every password prints as.
    static constexpr std::string_view hidden = "[hidden]";

    password() = default;
    explicit password(std::string secret) : value_(std::move(secret)) {}

    /// The secret itself. Never log it.
    const std::string& value() const noexcept { return value_; }

    /// Always "[hidden]".
    std::string to_string() const { return std::string(hidden); }

    friend bool operator==(const password&, const password&) = default;

private:
    std::string value_;
};

}  // namespace copycat
