#pragma once
// Java Transformations and Predicates in Copycat's transformation chain (docs/jvm-bridge.md
// "Crossing records and configs"): a record crosses to Java and back for each call, encoded by
// record_codec. Like every chain element, an instance belongs to one task and is called from its
// thread only.

#include <memory>
#include <optional>

#include "copycat/transform/predicate.hpp"
#include "copycat/transform/transformation.hpp"
#include "jvm/plugin_calls.hpp"
#include "jvm/record_codec.hpp"

namespace copycat::jvm {

// What a Java transformation and a Java predicate share: configure, config and close.
class java_chain_element {
public:
    explicit java_chain_element(std::unique_ptr<java_object> instance) : instance_(std::move(instance)) {}

protected:
    void configure_java(const std::map<std::string, std::string>& configs);
    const config_def& java_config() const;
    void close_java();

    std::unique_ptr<java_object> instance_;
    record_codec codec_;

private:
    mutable std::optional<config_def> config_;
};

class java_transformation final : public transformation, private java_chain_element {
public:
    using java_chain_element::java_chain_element;
    void configure(const std::map<std::string, std::string>& configs) override { configure_java(configs); }
    const config_def& config() const override { return java_config(); }
    bool apply(connect_record& record) override;
    void close() override { close_java(); }
};

class java_predicate final : public predicate, private java_chain_element {
public:
    using java_chain_element::java_chain_element;
    void configure(const std::map<std::string, std::string>& configs) override { configure_java(configs); }
    const config_def& config() const override { return java_config(); }
    bool test(const connect_record& record) override;
    void close() override { close_java(); }
};

}  // namespace copycat::jvm
