#pragma once
// Java plugins' SLF4J loggers as the worker's named loggers (common/logging.hpp): the native
// methods of copycat.bridge.PluginLogger (docs/jvm-bridge.md "Java plugins' logging").

#include <jni.h>

namespace copycat::jvm {

// Registers PluginLogger's native methods; call once, right after the JVM starts and before any
// plugin class is loaded. Throws connect_error when the bridge's jar lacks the class.
void register_plugin_logging(JNIEnv* env);

}  // namespace copycat::jvm
