#pragma once
// A Java Connector behind Copycat's connector interface (docs/jvm-bridge.md "How a Java class
// enters the plugin registry"): each call is one call into the Java instance on the calling
// (connector or herder) thread; config() and validate() answer from the Java ConfigDef and
// validate(). create_task() gives a java_source_task or java_sink_task.
//
// Requests the connector makes from its own threads (requestTaskReconfiguration, raiseError)
// are queued in Java; a thread this adapter owns (started by initialize(), joined by stop() or
// the destructor) takes them one by one and passes them to Copycat's connector_context, so Java
// never calls into Copycat on a thread Copycat does not own (docs/jvm-bridge.md "Threads").

#include <memory>
#include <optional>
#include <thread>
#include <type_traits>

#include "copycat/connector/sink_connector.hpp"
#include "copycat/connector/source_connector.hpp"
#include "jvm/plugin_calls.hpp"

namespace copycat::jvm {

template <class Base>
class java_connector final : public Base {
public:
    using task_type = std::conditional_t<std::is_same_v<Base, source_connector>, source_task, sink_task>;

    explicit java_connector(std::unique_ptr<java_object> instance) : instance_(std::move(instance)) {}
    ~java_connector() override;
    java_connector(const java_connector&) = delete;
    java_connector& operator=(const java_connector&) = delete;

    std::string version() const override;
    void initialize(connector_context& context) override;
    void start(const std::map<std::string, std::string>& props) override;
    std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) override;
    void stop() override;
    const config_def& config() const override;
    std::vector<config_value> validate(const std::map<std::string, std::string>& connector_config) override;
    std::unique_ptr<task_type> create_task() const override;

private:
    void forward_requests(connector_context& context);
    void end_requests();

    std::unique_ptr<java_object> instance_;
    std::unique_ptr<java_object> context_;  // the Java ConnectorContext, after initialize()
    std::thread requests_;
    // The Java ConfigDef, read on the first config() (calls on one instance come one at a time).
    mutable std::optional<config_def> config_;
};

extern template class java_connector<source_connector>;
extern template class java_connector<sink_connector>;

}  // namespace copycat::jvm
