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

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>

#include "copycat/connector/sink_connector.hpp"
#include "copycat/connector/source_connector.hpp"
#include "jvm/plugin_calls.hpp"

namespace copycat::jvm {

// What a Java connector holds, and the questions only one kind of connector answers.
template <class Base>
class java_connector_base : public Base {
protected:
    explicit java_connector_base(std::unique_ptr<java_object> instance) : instance_(std::move(instance)) {}
    std::unique_ptr<java_object> instance_;
};

// A source connector also answers KIP-618's preflight questions from the Java connector's
// exactlyOnceSupport and canDefineTransactionBoundaries (docs/jvm-bridge.md "Exactly-once source").
template <>
class java_connector_base<source_connector> : public source_connector {
public:
    // Java's null is nullopt; a Java exception is a connect_error whose message is the exception's
    // getMessage() (Kafka's validation message quotes that), its stack trace logged.
    std::optional<copycat::exactly_once_support> exactly_once_support(
        const std::map<std::string, std::string>& connector_config) override;
    // Java's null answers unsupported (Kafka words that case differently, docs/jvm-bridge.md).
    connector_transaction_boundaries can_define_transaction_boundaries(
        const std::map<std::string, std::string>& connector_config) override;

protected:
    explicit java_connector_base(std::unique_ptr<java_object> instance) : instance_(std::move(instance)) {}
    std::unique_ptr<java_object> instance_;
};

template <class Base>
class java_connector final : public java_connector_base<Base> {
public:
    using task_type = std::conditional_t<std::is_same_v<Base, source_connector>, source_task, sink_task>;

    explicit java_connector(std::unique_ptr<java_object> instance)
        : java_connector_base<Base>(std::move(instance)) {}
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

    using java_connector_base<Base>::instance_;
    std::unique_ptr<java_object> context_;  // the Java ConnectorContext, after initialize()
    std::thread requests_;
    // The Java ConfigDef, read on the first config() (calls on one instance come one at a time).
    mutable std::optional<config_def> config_;
};

extern template class java_connector<source_connector>;
extern template class java_connector<sink_connector>;

}  // namespace copycat::jvm
