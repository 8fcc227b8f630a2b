#pragma once
// What the Java transformations, predicates, converters and header converters share: the Java
// instance, a record codec, config() from the Java ConfigDef (read once) and close(). Like
// every chain element and converter, one instance belongs to one task and is called from its
// thread only.

#include <memory>
#include <optional>

#include "copycat/config/config_def.hpp"
#include "jvm/plugin_calls.hpp"
#include "jvm/record_codec.hpp"

namespace copycat::jvm {

class java_plugin_base {
public:
    explicit java_plugin_base(std::unique_ptr<java_object> instance) : instance_(std::move(instance)) {}

protected:
    const config_def& java_config() const;
    void close_java() { java_close(*instance_); }

    std::unique_ptr<java_object> instance_;
    record_codec codec_;

private:
    mutable std::optional<config_def> config_;
};

}  // namespace copycat::jvm
