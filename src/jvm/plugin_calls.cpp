#include "jvm/plugin_calls.hpp"

#include <fmt/format.h>

#include "copycat/errors.hpp"

namespace copycat::jvm {
namespace {

constexpr const char* calls_class = "copycat/bridge/PluginCalls";

// A static method of PluginCalls; throws connect_error when the bridge's jar lacks it.
jmethodID method(JNIEnv* env, jclass calls, const char* name, const char* signature) {
    jmethodID id = env->GetStaticMethodID(calls, name, signature);
    java_vm::throw_if_exception(env, fmt::format("The JVM bridge has no method PluginCalls.{}", name));
    return id;
}

local_ref<jclass> calls(JNIEnv* env) {
    local_ref<jclass> found(env, env->FindClass(calls_class));
    java_vm::throw_if_exception(env, "The JVM bridge's classes are missing");
    return found;
}

// Calls a PluginCalls method returning a String; Java exceptions become connect_error.
template <class... Args>
std::string call_string(java_vm& vm, const char* name, const char* signature, Args... args) {
    JNIEnv* env = vm.env();
    auto cls = calls(env);
    local_ref<jstring> answer(env, static_cast<jstring>(env->CallStaticObjectMethod(
                                       cls.get(), method(env, cls.get(), name, signature), args...)));
    java_vm::throw_if_exception(env, fmt::format("Java {} failed", name));
    return to_string(env, answer.get());
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
    JNIEnv* env = vm_->env();
    ref_ = env->NewGlobalRef(local);
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
                 cls.get(), method(env, cls.get(), "newInstance", "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;"),
                 where.get(), name.get()));
    java_vm::throw_if_exception(env, fmt::format("Cannot create an instance of Java class {}", class_name));
    return std::make_unique<java_object>(vm, instance.get());
}

std::string java_config_def(const java_object& plugin) {
    return call_string(plugin.vm(), "configDef", "(Ljava/lang/Object;)Ljava/lang/String;", plugin.get());
}

std::string java_validate(const java_object& connector, const std::string& props_json) {
    JNIEnv* env = connector.vm().env();
    local_ref<jstring> props(env, env->NewStringUTF(props_json.c_str()));
    return call_string(connector.vm(), "validate", "(Ljava/lang/Object;Ljava/lang/String;)Ljava/lang/String;",
                       connector.get(), props.get());
}

std::string java_version(const java_object& connector) {
    return call_string(connector.vm(), "version", "(Ljava/lang/Object;)Ljava/lang/String;", connector.get());
}

void java_initialize(const java_object& connector) {
    call_void(connector.vm(), "initialize", "(Ljava/lang/Object;)V", connector.get());
}

void java_start(const java_object& connector, const std::string& props_json) {
    JNIEnv* env = connector.vm().env();
    local_ref<jstring> props(env, env->NewStringUTF(props_json.c_str()));
    call_void(connector.vm(), "start", "(Ljava/lang/Object;Ljava/lang/String;)V", connector.get(), props.get());
}

std::string java_task_configs(const java_object& connector, int max_tasks) {
    return call_string(connector.vm(), "taskConfigs", "(Ljava/lang/Object;I)Ljava/lang/String;", connector.get(),
                       static_cast<jint>(max_tasks));
}

void java_stop(const java_object& connector) {
    call_void(connector.vm(), "stop", "(Ljava/lang/Object;)V", connector.get());
}

}  // namespace copycat::jvm
