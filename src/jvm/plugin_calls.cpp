#include "jvm/plugin_calls.hpp"

#include <fmt/format.h>

#include "common/json.hpp"
#include "common/logging.hpp"
#include "copycat/errors.hpp"
#include "jvm/bridge_call.hpp"

namespace copycat::jvm {
namespace {

constexpr const char* calls = "copycat/bridge/PluginCalls";

// PluginCalls.answer(): {"answer":name|null} or {"error":message|null,"trace":...}.
std::optional<std::string> java_answer(const java_object& connector, const char* method,
                                       const std::string& props_json) {
    auto props = to_java(connector.vm().env(), props_json);
    const std::string text =
        call_bytes(connector.vm(), {calls, method, "(Ljava/lang/Object;[B)[B"}, connector.get(), props.get())
            .value_or("{}");
    auto answer = json::parse(text);
    if (!answer || !answer->is_object())
        throw connect_error(fmt::format("The JVM bridge answered {} with {}", method, text));
    if (const json::value* trace = answer->find("trace")) {
        log::error("The Java connector's {} threw: {}", method, trace->as_string());
        const json::value* message = answer->find("error");
        throw connect_error(message != nullptr && message->is_string() ? message->as_string() : std::string());
    }
    const json::value* name = answer->find("answer");
    if (name == nullptr || !name->is_string()) return std::nullopt;
    return name->as_string();
}

}  // namespace

java_object::java_object(std::shared_ptr<java_vm> vm, jobject global) : vm_(std::move(vm)), ref_(global) {}

java_object::~java_object() { vm_->env()->DeleteGlobalRef(ref_); }

std::unique_ptr<java_object> new_plugin_instance(const std::shared_ptr<java_vm>& vm, const std::string& location,
                                                 const std::string& class_name) {
    JNIEnv* env = vm->env();
    local_ref<jstring> where(env, env->NewStringUTF(location.c_str()));
    local_ref<jstring> name(env, env->NewStringUTF(class_name.c_str()));
    jobject instance =
        call_object(env, {calls, "newInstance", "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/Object;"},
                    fmt::format("Cannot create an instance of Java class {}", class_name), where.get(), name.get());
    return std::make_unique<java_object>(vm, instance);
}

std::unique_ptr<java_object> new_task_instance(const java_object& connector) {
    jobject task = call_object(connector.vm().env(), {calls, "newTask", "(Ljava/lang/Object;)Ljava/lang/Object;"},
                               "Cannot create the Java connector's task", connector.get());
    return std::make_unique<java_object>(connector.vm_ptr(), task);
}

std::string java_config_def(const java_object& plugin) {
    return call_bytes(plugin.vm(), {calls, "configDef", "(Ljava/lang/Object;)[B"}, plugin.get()).value_or("[]");
}

std::string java_validate(const java_object& connector, const std::string& props_json) {
    auto props = to_java(connector.vm().env(), props_json);
    return call_bytes(connector.vm(), {calls, "validate", "(Ljava/lang/Object;[B)[B"}, connector.get(), props.get())
        .value_or("[]");
}

std::string java_version(const java_object& connector) {
    return call_string(connector.vm(), {calls, "version", "(Ljava/lang/Object;)Ljava/lang/String;"}, connector.get());
}

std::unique_ptr<java_object> java_initialize(const java_object& connector) {
    jobject context = call_object(connector.vm().env(), {calls, "initialize", "(Ljava/lang/Object;)Ljava/lang/Object;"},
                                  "Java initialize failed", connector.get());
    return std::make_unique<java_object>(connector.vm_ptr(), context);
}

std::string java_next_request(const java_object& context) {
    return call_bytes(context.vm(), {calls, "nextRequest", "(Ljava/lang/Object;)[B"}, context.get())
        .value_or(R"({"type":"closed"})");
}

void java_close_context(const java_object& context) {
    call_void(context.vm(), {calls, "closeContext", "(Ljava/lang/Object;)V"}, context.get());
}

void java_start(const java_object& connector, const std::string& props_json) {
    auto props = to_java(connector.vm().env(), props_json);
    call_void(connector.vm(), {calls, "start", "(Ljava/lang/Object;[B)V"}, connector.get(), props.get());
}

std::string java_task_configs(const java_object& connector, int max_tasks) {
    return call_bytes(connector.vm(), {calls, "taskConfigs", "(Ljava/lang/Object;I)[B"}, connector.get(),
                      static_cast<jint>(max_tasks))
        .value_or("[]");
}

void java_stop(const java_object& connector) {
    call_void(connector.vm(), {calls, "stop", "(Ljava/lang/Object;)V"}, connector.get());
}

std::optional<std::string> java_exactly_once_support(const java_object& connector, const std::string& props_json) {
    return java_answer(connector, "exactlyOnceSupport", props_json);
}

std::optional<std::string> java_can_define_transaction_boundaries(const java_object& connector,
                                                                  const std::string& props_json) {
    return java_answer(connector, "canDefineTransactionBoundaries", props_json);
}

void java_configure(const java_object& plugin, const std::string& props_json) {
    auto props = to_java(plugin.vm().env(), props_json);
    call_void(plugin.vm(), {calls, "configure", "(Ljava/lang/Object;[B)V"}, plugin.get(), props.get());
}

std::optional<std::string> java_apply(const java_object& transformation, const std::string& encoded) {
    auto record = to_java(transformation.vm().env(), encoded);
    return call_bytes(transformation.vm(), {calls, "apply", "(Ljava/lang/Object;[B)[B"}, transformation.get(),
                      record.get());
}

bool java_test(const java_object& predicate, const std::string& encoded) {
    auto record = to_java(predicate.vm().env(), encoded);
    return call_bool(predicate.vm(), {calls, "test", "(Ljava/lang/Object;[B)Z"}, predicate.get(), record.get());
}

void java_close(const java_object& plugin) {
    call_void(plugin.vm(), {calls, "close", "(Ljava/lang/Object;)V"}, plugin.get());
}

}  // namespace copycat::jvm
