#pragma once
// Java Transformations and Predicates in Copycat's transformation chain (docs/jvm-bridge.md
// "Crossing records and configs"): a record crosses to Java and back for each call, in the
// binary format of binary_records. Like every chain element, an instance belongs to one task and is called from its
// thread only.

#include "copycat/transform/predicate.hpp"
#include "copycat/transform/transformation.hpp"
#include "jvm/binary_records.hpp"
#include "jvm/java_plugin_base.hpp"

namespace copycat::jvm {

class java_transformation final : public transformation, private java_plugin_base {
public:
    using java_plugin_base::java_plugin_base;
    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return java_config(); }
    bool apply(connect_record& record) override;
    void close() override { close_java(); }

private:
    binary_records records_;
};

class java_predicate final : public predicate, private java_plugin_base {
public:
    using java_plugin_base::java_plugin_base;
    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return java_config(); }
    bool test(const connect_record& record) override;
    void close() override { close_java(); }

private:
    binary_records records_;
};

}  // namespace copycat::jvm
