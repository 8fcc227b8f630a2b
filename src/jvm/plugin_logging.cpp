#include "jvm/plugin_logging.hpp"

#include <iterator>
#include <string>

#include "common/logging.hpp"
#include "jvm/bridge_call.hpp"
#include "jvm/jvm.hpp"

namespace copycat::jvm {
namespace {

// PluginLogger's LEVELS (TRACE..ERROR) are log::level's first five, in order.
log::level level_of(jint level) {
    return level >= 0 && level <= static_cast<jint>(log::level::error) ? static_cast<log::level>(level)
                                                                        : log::level::off;
}

const log::named_logger& logger_of(jlong handle) { return *reinterpret_cast<const log::named_logger*>(handle); }

// Called from any Java thread: no C++ exception may leave (a Java OutOfMemoryError is pending
// when a copy fails).
jlong JNICALL native_handle(JNIEnv* env, jclass, jbyteArray name) {
    try {
        const std::string text = from_java(env, name).value_or("");
        return reinterpret_cast<jlong>(&log::logger_named(text));
    } catch (...) {
        return reinterpret_cast<jlong>(&log::logger_named("copycat.bridge.PluginLogger"));
    }
}

jboolean JNICALL native_enabled(JNIEnv*, jclass, jlong logger, jint level) {
    return logger_of(logger).enabled(level_of(level)) ? JNI_TRUE : JNI_FALSE;
}

void JNICALL native_write(JNIEnv* env, jclass, jlong logger, jint level, jbyteArray message) {
    try {
        const log::named_logger& to = logger_of(logger);
        if (!to.enabled(level_of(level))) return;
        to.write(level_of(level), from_java(env, message).value_or("null"));
    } catch (...) {  // out of memory: the line is lost, the plugin goes on
    }
}

}  // namespace

void register_plugin_logging(JNIEnv* env) {
    local_ref<jclass> cls(env, env->FindClass("copycat/bridge/PluginLogger"));
    java_vm::throw_if_exception(env, "The JVM bridge has no class PluginLogger");
    JNINativeMethod methods[] = {
        {const_cast<char*>("handle"), const_cast<char*>("([B)J"), reinterpret_cast<void*>(&native_handle)},
        {const_cast<char*>("enabled"), const_cast<char*>("(JI)Z"), reinterpret_cast<void*>(&native_enabled)},
        {const_cast<char*>("write"), const_cast<char*>("(JI[B)V"), reinterpret_cast<void*>(&native_write)},
    };
    env->RegisterNatives(cls.get(), methods, static_cast<jint>(std::size(methods)));
    java_vm::throw_if_exception(env, "Cannot register the native methods of PluginLogger");
}

}  // namespace copycat::jvm
