#include "jvm/java_plugin_base.hpp"

#include "jvm/java_config.hpp"

namespace copycat::jvm {

const config_def& java_plugin_base::java_config() const {
    if (!config_) config_ = config_def_from_json(java_config_def(*instance_));
    return *config_;
}

}  // namespace copycat::jvm
