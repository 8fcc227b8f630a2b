#pragma once
// A Java plugin class in Copycat's plugin registry (docs/jvm-bridge.md "How a Java class enters
// the plugin registry"): its plugin location (whose class loader the Java side keeps) and its
// name. Shared by the registry entry; usable from any thread.

#include <memory>
#include <string>

#include "jvm/jvm.hpp"
#include "loader/foreign_class.hpp"

namespace copycat::jvm {

class java_class final : public loader::foreign_class {
public:
    java_class(std::shared_ptr<java_vm> vm, std::string location, std::string class_name)
        : vm_(std::move(vm)), location_(std::move(location)), class_name_(std::move(class_name)) {}

    // An instance behind Copycat's interface of `kind`: java_connector, java_transforms or
    // java_converters. Throws connect_error (with Java's stack trace) when Java cannot create it.
    loader::plugin_instance create(plugin_kind kind) const override;
    std::string location() const override { return location_; }

private:
    std::shared_ptr<java_vm> vm_;
    std::string location_;
    std::string class_name_;
};

}  // namespace copycat::jvm
