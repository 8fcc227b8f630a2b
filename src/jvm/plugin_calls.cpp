#include "jvm/plugin_calls.hpp"

#include <fmt/format.h>

#include "copycat/errors.hpp"

namespace copycat::jvm {
namespace {

constexpr const char* calls_class = "copycat/bridge/PluginCalls";

local_ref<jclass> calls(JNIEnv* env) {
    local_ref<jclass> found(env, env->FindClass(calls_class));
    java_vm::throw_if_exception(env, "The JVM bridge's classes are missing");
    return found;
}

// A static method of PluginCalls; throws connect_error when the bridge's jar lacks it.
jmethodID method(JNIEnv* env, jclass cls, const char* name, const char* signature) {
    jmethodID id = env->GetStaticMethodID(cls, name, signature);
    java_vm::throw_if_exception(env, fmt::format("The JVM bridge has no method PluginCalls.{}", name));
    return id;
}

// JSON crosses as UTF-8 bytes (byte[]), not as JNI strings, whose "modified UTF-8" differs from
// UTF-8 for characters outside the BMP.
local_ref<jbyteArray> to_java(JNIEnv* env, const std::string& text) {
    local_ref<jbyteArray> out(env, env->NewByteArray(static_cast<jsize>(text.size())));
    java_vm::throw_if_exception(env, "Cannot pass data to the JVM");
    env->SetByteArrayRegion(out.get(), 0, static_cast<jsize>(text.size()), reinterpret_cast<const jbyte*>(text.data()));
    return out;
}

std::optional<std::string> from_java(JNIEnv* env, jbyteArray bytes) {
    if (bytes == nullptr) return std::nullopt;
    std::string out(static_cast<std::size_t>(env->GetArrayLength(bytes)), '\0');
    env->GetByteArrayRegion(bytes, 0, static_cast<jsize>(out.size()), reinterpret_cast<jbyte*>(out.data()));
    return out;
}

// Calls a PluginCalls method returning byte[] (null allowed); Java exceptions become connect_error.
template <class... Args>
std::optional<std::string> call_bytes(java_vm& vm, const char* name, const char* signature, Args... args) {
    JNIEnv* env = vm.env();
    auto cls = calls(env);
    local_ref<jbyteArray> answer(env, static_cast<jbyteArray>(env->CallStaticObjectMethod(
                                          cls.get(), method(env, cls.get(), name, signature), args...)));
    java_vm::throw_if_exception(env, fmt::format("Java {} failed", name));
    return from_java(env, answer.get());
}

template <class... Args>
void call_void(java_vm& vm, const char* name, const char* signature, Args... args) {
    JNIEnv* env = vm.env();
    auto cls = calls(env);
    env->CallStaticVoidMethod(cls.get(), method(env, cls.get(), name, signature), args...);
    java_vm::throw_if_exception(env, fmt::format("Java {} failed", name));
}

}  // namespace

java_object::java_object(std::shared_ptr<java_vm> vm, jobject local) : vm_(std::move(vm)) {
    ref_ = vm_->env()->NewGlobalRef(local);
}

java_object::~java_object() { vm_->env()->DeleteGlobalRef(ref_); }

std::unique_ptr<java_object> new_plugin_instance(const std::shared_ptr<java_vm>& vm, const std::string& location,
                                                 const std::string& class_name) {
    JNIEnv* env = vm->env();
    auto cls = calls(env);
    local_ref<jstring> where(env, env->NewStringUTF(location.c_str()));
    local_ref<jstring> name(env, env->NewStringUTF(class_name.c_str()));
    local_ref<jobject> instance(
        env, env->CallStaticObjectMethod(
                 cls.get(),
                 method(env, cls.get(), "newInstance", "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;"),
                 where.get(), name.get()));
    java_vm::throw_if_exception(env, fmt::format("Cannot create an instance of Java class {}", class_name));
    return std::make_unique<java_object>(vm, instance.get());
}

std::string java_config_def(const java_object& plugin) {
    return call_bytes(plugin.vm(), "configDef", "(Ljava/lang/Object;)[B", plugin.get()).value_or("[]");
}

std::string java_validate(const java_object& connector, const std::string& props_json) {
    auto props = to_java(connector.vm().env(), props_json);
    return call_bytes(connector.vm(), "validate", "(Ljava/lang/Object;[B)[B", connector.get(), props.get())
        .value_or("[]");
}

std::string java_version(const java_object& connector) {
    JNIEnv* env = connector.vm().env();
    auto cls = calls(env);
    local_ref<jstring> answer(env, static_cast<jstring>(env->CallStaticObjectMethod(
                                       cls.get(), method(env, cls.get(), "version", "(Ljava/lang/Object;)Ljava/lang/String;"),
                                       connector.get())));
    java_vm::throw_if_exception(env, "Java version failed");
    return to_string(env, answer.get());
}

void java_initialize(const java_object& connector) {
    call_void(connector.vm(), "initialize", "(Ljava/lang/Object;)V", connector.get());
}

void java_start(const java_object& connector, const std::string& props_json) {
    auto props = to_java(connector.vm().env(), props_json);
    call_void(connector.vm(), "start", "(Ljava/lang/Object;[B)V", connector.get(), props.get());
}

std::string java_task_configs(const java_object& connector, int max_tasks) {
    return call_bytes(connector.vm(), "taskConfigs", "(Ljava/lang/Object;I)[B", connector.get(),
                      static_cast<jint>(max_tasks))
        .value_or("[]");
}

void java_stop(const java_object& connector) {
    call_void(connector.vm(), "stop", "(Ljava/lang/Object;)V", connector.get());
}

void java_configure(const java_object& plugin, const std::string& props_json) {
    auto props = to_java(plugin.vm().env(), props_json);
    call_void(plugin.vm(), "configure", "(Ljava/lang/Object;[B)V", plugin.get(), props.get());
}

std::optional<std::string> java_apply(const java_object& transformation, const std::string& record_json) {
    auto record = to_java(transformation.vm().env(), record_json);
    return call_bytes(transformation.vm(), "apply", "(Ljava/lang/Object;[B)[B", transformation.get(), record.get());
}

bool java_test(const java_object& predicate, const std::string& record_json) {
    JNIEnv* env = predicate.vm().env();
    auto record = to_java(env, record_json);
    auto cls = calls(env);
    const jboolean matched = env->CallStaticBooleanMethod(
        cls.get(), method(env, cls.get(), "test", "(Ljava/lang/Object;[B)Z"), predicate.get(), record.get());
    java_vm::throw_if_exception(env, "Java test failed");
    return matched == JNI_TRUE;
}

void java_close(const java_object& plugin) { call_void(plugin.vm(), "close", "(Ljava/lang/Object;)V", plugin.get()); }

}  // namespace copycat::jvm
