#pragma once
// The Java ConfigProviders on plugin.path as the worker's config providers (docs/security.md
// "Config providers", docs/jvm-bridge.md "Config providers"): a config.providers.<name>.class that
// names none of the native providers is created in the worker's JVM from the plugin location
// whose jars define it (jvm/java_config_provider.hpp), configured with the .param.* settings, and
// closed when the worker no longer holds it.

#include <memory>

#include "app/worker_config_providers.hpp"

namespace copycat::jvm {
class java_vm;
}

namespace copycat::app {

// The source of the Java providers in `vm`; an empty source (native providers only) when no JVM
// runs (no jars on plugin.path, or the JVM did not start).
config_provider_source java_config_providers(std::shared_ptr<jvm::java_vm> vm);

}  // namespace copycat::app
