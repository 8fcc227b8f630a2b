#include "jvm/java_connector.hpp"

#include <fmt/format.h>

#include "common/json.hpp"
#include "common/logging.hpp"
#include "copycat/errors.hpp"
#include "jvm/java_config.hpp"
#include "jvm/java_sink_task.hpp"
#include "jvm/java_source_task.hpp"

namespace copycat::jvm {

std::optional<copycat::exactly_once_support> java_connector_base<source_connector>::exactly_once_support(
    const std::map<std::string, std::string>& connector_config) {
    const auto answer = java_exactly_once_support(*instance_, string_map_to_json(connector_config));
    if (!answer) return std::nullopt;
    using support = copycat::exactly_once_support;
    return *answer == "SUPPORTED" ? support::supported : support::unsupported;
}

connector_transaction_boundaries java_connector_base<source_connector>::can_define_transaction_boundaries(
    const std::map<std::string, std::string>& connector_config) {
    const auto answer = java_can_define_transaction_boundaries(*instance_, string_map_to_json(connector_config));
    return answer == "SUPPORTED" ? connector_transaction_boundaries::supported
                                 : connector_transaction_boundaries::unsupported;
}

template <class Base>
std::string java_connector<Base>::version() const {
    return java_version(*instance_);
}

template <class Base>
java_connector<Base>::~java_connector() {
    end_requests();
}

template <class Base>
void java_connector<Base>::initialize(connector_context& context) {
    Base::initialize(context);
    end_requests();
    context_ = java_initialize(*instance_);
    requests_ = std::thread([this, &context] { forward_requests(context); });
}

template <class Base>
void java_connector<Base>::forward_requests(connector_context& context) {
    try {
        while (true) {
            auto request = json::parse(java_next_request(*context_));
            if (!request) throw connect_error("The JVM bridge answered with JSON that does not parse");
            const std::string& type = request->find("type")->as_string();
            if (type == "closed") return;
            if (type == "reconfigure") {
                context.request_task_reconfiguration();
            } else {
                context.raise_error(request->find("trace")->as_string());
            }
        }
    } catch (const std::exception& e) {
        log::error("Requests of a Java connector can no longer reach the worker: {}", e.what());
    }
}

template <class Base>
void java_connector<Base>::end_requests() {
    if (!requests_.joinable()) return;
    java_close_context(*context_);
    requests_.join();
}

template <class Base>
void java_connector<Base>::start(const std::map<std::string, std::string>& props) {
    java_start(*instance_, string_map_to_json(props));
}

template <class Base>
std::vector<std::map<std::string, std::string>> java_connector<Base>::task_configs(int max_tasks) {
    return string_maps_from_json(java_task_configs(*instance_, max_tasks));
}

template <class Base>
void java_connector<Base>::stop() {
    java_stop(*instance_);
    end_requests();  // the context is valid until stop() returns, not after
}

template <class Base>
const config_def& java_connector<Base>::config() const {
    if (!config_) config_ = config_def_from_json(java_config_def(*instance_));
    return *config_;
}

template <class Base>
std::vector<config_value> java_connector<Base>::validate(const std::map<std::string, std::string>& connector_config) {
    return config_values_from_json(java_validate(*instance_, string_map_to_json(connector_config)));
}

template <class Base>
auto java_connector<Base>::create_task() const -> std::unique_ptr<task_type> {
    if constexpr (std::is_same_v<Base, source_connector>) {
        return std::make_unique<java_source_task>(new_task_instance(*instance_));
    } else {
        return std::make_unique<java_sink_task>(new_task_instance(*instance_));
    }
}

template class java_connector<source_connector>;
template class java_connector<sink_connector>;

}  // namespace copycat::jvm
