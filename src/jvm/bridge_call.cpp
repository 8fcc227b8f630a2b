#include "jvm/bridge_call.hpp"

#include <fmt/format.h>

namespace copycat::jvm {

std::pair<local_ref<jclass>, jmethodID> resolve(JNIEnv* env, const bridge_method& m) {
    local_ref<jclass> cls(env, env->FindClass(m.class_name));
    java_vm::throw_if_exception(env, fmt::format("The JVM bridge has no class {}", m.class_name));
    jmethodID id = env->GetStaticMethodID(cls.get(), m.name, m.signature);
    java_vm::throw_if_exception(env, fmt::format("The JVM bridge has no method {}.{}", m.class_name, m.name));
    return {std::move(cls), id};
}

local_ref<jbyteArray> to_java(JNIEnv* env, const std::string& text) {
    local_ref<jbyteArray> out(env, env->NewByteArray(static_cast<jsize>(text.size())));
    java_vm::throw_if_exception(env, "Cannot pass data to the JVM");
    env->SetByteArrayRegion(out.get(), 0, static_cast<jsize>(text.size()), reinterpret_cast<const jbyte*>(text.data()));
    return out;
}

std::optional<std::string> from_java(JNIEnv* env, jbyteArray bytes) {
    std::string out;
    if (!from_java_into(env, bytes, out)) return std::nullopt;
    return out;
}

bool from_java_into(JNIEnv* env, jbyteArray bytes, std::string& out) {
    if (bytes == nullptr) return false;
    out.resize(static_cast<std::size_t>(env->GetArrayLength(bytes)));
    env->GetByteArrayRegion(bytes, 0, static_cast<jsize>(out.size()), reinterpret_cast<jbyte*>(out.data()));
    return true;
}

}  // namespace copycat::jvm
