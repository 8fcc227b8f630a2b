#include "copycat/connector/connector.hpp"

#include "copycat/connector/sink_connector.hpp"
#include "copycat/connector/source_connector.hpp"
#include "copycat/errors.hpp"

namespace copycat {

connector::~connector() = default;

void connector::initialize(connector_context& context) { context_ = &context; }

void connector::reconfigure(const std::map<std::string, std::string>& props) {
    stop();
    start(props);
}

std::vector<config_value> connector::validate(const std::map<std::string, std::string>& connector_config) {
    return config().validate(connector_config);
}

connector_context& connector::context() const {
    if (context_ == nullptr) throw connect_error("The connector has not been initialized");
    return *context_;
}

std::optional<exactly_once_support> source_connector::exactly_once_support(
    const std::map<std::string, std::string>& /*connector_config*/) {
    return std::nullopt;
}

connector_transaction_boundaries source_connector::can_define_transaction_boundaries(
    const std::map<std::string, std::string>& /*connector_config*/) {
    return connector_transaction_boundaries::unsupported;
}

bool source_connector::alter_offsets(const std::map<std::string, std::string>& /*connector_config*/,
                                     const std::vector<source_offset_change>& /*offsets*/) {
    return false;
}

source_connector_context& source_connector::source_context() const {
    auto* source = dynamic_cast<source_connector_context*>(&context());
    if (source == nullptr) throw connect_error("The connector was not given a source connector context");
    return *source;
}

bool sink_connector::alter_offsets(const std::map<std::string, std::string>& /*connector_config*/,
                                   const std::map<topic_partition, std::optional<std::int64_t>>& /*offsets*/) {
    return false;
}

}  // namespace copycat
