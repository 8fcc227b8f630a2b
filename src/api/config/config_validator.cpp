#include "copycat/config/config_validator.hpp"

#include "copycat/config/config_recommender.hpp"
#include "copycat/errors.hpp"

namespace copycat {

config_validator::~config_validator() = default;

std::string config_validator::to_string() const { return {}; }

config_recommender::~config_recommender() = default;

std::string invalid_value_message(std::string_view name, std::string_view value_text, std::string_view reason) {
    std::string out = "Invalid value ";
    out += value_text;
    out += " for configuration ";
    out += name;
    if (!reason.empty()) {
        out += ": ";
        out += reason;
    }
    return out;
}

void throw_invalid_value(std::string_view name, const parsed_value& v, std::string_view reason) {
    throw config_error(invalid_value_message(name, parsed_value_to_string(v), reason));
}

}  // namespace copycat
