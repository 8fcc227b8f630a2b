#include "herder/exactly_once_validation.hpp"

#include <exception>
#include <string_view>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "copycat/connector/source_connector.hpp"
#include "runtime/connector_config.hpp"

namespace copycat::herder {
namespace {

namespace keys = runtime::connector_keys;

// The entry of `key` when it validated cleanly and holds a string value.
config_value* clean_entry(std::map<std::string, config_value, std::less<>>& validated, std::string_view key,
                          std::string& value) {
    auto it = validated.find(key);
    if (it == validated.end() || it->second.has_errors()) return nullptr;
    const auto* text = std::get_if<std::string>(&it->second.value);
    if (text == nullptr) return nullptr;
    value = to_lower(*text);
    return &it->second;
}

// Kafka's text for an exception thrown by the connector while it was asked.
std::string unexpected_error(const std::exception& e) {
    const std::string_view message = trim(e.what());
    if (message.empty()) return "An unexpected error occurred during validation; please see the worker logs for more details.";
    return "An unexpected error occurred during validation: " + std::string(message);
}

void check_exactly_once_support(runtime::exactly_once_source_support worker_support, source_connector& connector,
                                const std::map<std::string, std::string>& connector_config, config_value& entry) {
    if (worker_support != runtime::exactly_once_source_support::enabled)
        entry.add_error("This worker does not have exactly-once source support enabled.");
    try {
        const auto declared = connector.exactly_once_support(connector_config);
        if (!declared) {
            entry.add_error(
                "The connector does not implement the API required for preflight validation of exactly-once source "
                "support. Please consult the documentation for the connector to determine whether it supports "
                "exactly-once semantics, and then consider reconfiguring the connector to use the value \"requested\" "
                "for this property (which will disable this preflight check and allow the connector to be created).");
        } else if (*declared != exactly_once_support::supported) {
            entry.add_error("The connector does not support exactly-once semantics with the provided configuration.");
        }
    } catch (const std::exception& e) {
        log::error("Failed while validating connector support for exactly-once semantics: {}", e.what());
        entry.add_error(unexpected_error(e));
    }
}

void check_transaction_boundary(source_connector& connector, const std::map<std::string, std::string>& connector_config,
                                config_value& entry) {
    try {
        if (connector.can_define_transaction_boundaries(connector_config) != connector_transaction_boundaries::supported)
            entry.add_error(
                "The connector does not support connector-defined transaction boundaries with the given configuration. "
                "Please reconfigure it to use a different transaction boundary definition.");
    } catch (const std::exception& e) {
        log::error("Failed while validating connector support for defining its own transaction boundaries: {}",
                   e.what());
        entry.add_error(unexpected_error(e));
    }
}

}  // namespace

void validate_exactly_once_source(runtime::exactly_once_source_support worker_support, source_connector& connector,
                                  const std::map<std::string, std::string>& connector_config,
                                  std::map<std::string, config_value, std::less<>>& validated) {
    std::string value;
    if (config_value* entry = clean_entry(validated, keys::exactly_once_support, value); entry && value == "required")
        check_exactly_once_support(worker_support, connector, connector_config, *entry);
    if (config_value* entry = clean_entry(validated, keys::transaction_boundary, value); entry && value == "connector")
        check_transaction_boundary(connector, connector_config, *entry);
}

}  // namespace copycat::herder
