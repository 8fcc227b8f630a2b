#pragma once
// Calling the static methods of the bridge's Java classes (copycat.bridge.*) from C++: one JNI
// call each, on the calling Copycat thread. JSON crosses as UTF-8 byte arrays, not JNI strings,
// whose "modified UTF-8" differs from UTF-8 outside the BMP. A Java exception becomes a
// connect_error whose message is Java's stack trace.

#include <jni.h>

#include <optional>
#include <string>

#include "jvm/jvm.hpp"

namespace copycat::jvm {

// A static method of a bridge class, e.g. {"copycat/bridge/PluginCalls", "apply", "(Ljava/lang/Object;[B)[B"}.
struct bridge_method {
    const char* class_name;
    const char* name;
    const char* signature;
};

// The class and method id; throws connect_error when the bridge's jar lacks them.
std::pair<local_ref<jclass>, jmethodID> resolve(JNIEnv* env, const bridge_method& m);

local_ref<jbyteArray> to_java(JNIEnv* env, const std::string& text);
std::optional<std::string> from_java(JNIEnv* env, jbyteArray bytes);
// The bytes into `out`, whose memory is reused (a batch a call returns again and again need not
// be allocated each time); false, `out` untouched, for null.
bool from_java_into(JNIEnv* env, jbyteArray bytes, std::string& out);

// A method returning byte[] (null allowed).
template <class... Args>
std::optional<std::string> call_bytes(java_vm& vm, const bridge_method& m, Args... args) {
    JNIEnv* env = vm.env();
    auto [cls, id] = resolve(env, m);
    local_ref<jbyteArray> answer(env, static_cast<jbyteArray>(env->CallStaticObjectMethod(cls.get(), id, args...)));
    java_vm::throw_if_exception(env, std::string("Java ") + m.name + " failed");
    return from_java(env, answer.get());
}

// A method returning byte[] into `out` (from_java_into); false when it returned null.
template <class... Args>
bool call_bytes_into(std::string& out, java_vm& vm, const bridge_method& m, Args... args) {
    JNIEnv* env = vm.env();
    auto [cls, id] = resolve(env, m);
    local_ref<jbyteArray> answer(env, static_cast<jbyteArray>(env->CallStaticObjectMethod(cls.get(), id, args...)));
    java_vm::throw_if_exception(env, std::string("Java ") + m.name + " failed");
    return from_java_into(env, answer.get(), out);
}

template <class... Args>
std::string call_string(java_vm& vm, const bridge_method& m, Args... args) {
    JNIEnv* env = vm.env();
    auto [cls, id] = resolve(env, m);
    local_ref<jstring> answer(env, static_cast<jstring>(env->CallStaticObjectMethod(cls.get(), id, args...)));
    java_vm::throw_if_exception(env, std::string("Java ") + m.name + " failed");
    return to_string(env, answer.get());
}

template <class... Args>
bool call_bool(java_vm& vm, const bridge_method& m, Args... args) {
    JNIEnv* env = vm.env();
    auto [cls, id] = resolve(env, m);
    const jboolean answer = env->CallStaticBooleanMethod(cls.get(), id, args...);
    java_vm::throw_if_exception(env, std::string("Java ") + m.name + " failed");
    return answer == JNI_TRUE;
}

template <class... Args>
void call_void(java_vm& vm, const bridge_method& m, Args... args) {
    JNIEnv* env = vm.env();
    auto [cls, id] = resolve(env, m);
    env->CallStaticVoidMethod(cls.get(), id, args...);
    java_vm::throw_if_exception(env, std::string("Java ") + m.name + " failed");
}

// A method returning a new Java object, held as a global reference.
template <class... Args>
jobject call_object(JNIEnv* env, const bridge_method& m, const std::string& what, Args... args) {
    auto [cls, id] = resolve(env, m);
    local_ref<jobject> answer(env, env->CallStaticObjectMethod(cls.get(), id, args...));
    java_vm::throw_if_exception(env, what);
    return env->NewGlobalRef(answer.get());
}

}  // namespace copycat::jvm
