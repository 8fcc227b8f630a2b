#include "jvm/java_config_provider.hpp"

#include <fmt/format.h>

#include <exception>

#include "common/json.hpp"
#include "common/logging.hpp"
#include "jvm/bridge_call.hpp"

namespace copycat::jvm {
namespace {

constexpr const char* calls = "copycat/bridge/ConfigProviderCalls";

// The pending Java exception of `env` as an error holding its toString(); its stack trace is
// logged under `what`.
std::optional<error> java_failure(JNIEnv* env, const std::string& what) {
    auto thrown = java_vm::take_exception(env);
    if (!thrown) return std::nullopt;
    log::debug("{}: {}", what, thrown->trace);
    return make_error(errc::invalid_argument, thrown->message);
}

// `call` with this thread's JNI environment; a C++ exception on the way (a thread the JVM does
// not attach, a bridge jar without the method) becomes an error too.
template <class T, class F>
result<T> guarded(java_vm& vm, const std::string& what, F&& call) {
    try {
        return call(vm.env());
    } catch (const std::exception& e) {
        return make_error(errc::internal, fmt::format("{}: {}", what, e.what()));
    }
}

json::value get_request(const std::string& path, const std::set<std::string>& keys) {
    json::value list = json::value::make_array();
    for (const std::string& key : keys) list.push_back(key);
    json::value request = json::value::make_object();
    request.set("path", path);
    request.set("keys", std::move(list));
    return request;
}

result<java_config_data> parse_answer(const std::string& text) {
    auto answer = json::parse(text);
    const json::value* data = answer && answer->is_object() ? answer->find("data") : nullptr;
    if (data == nullptr || !data->is_object())
        return make_error(errc::internal, "The JVM bridge's answer to ConfigProvider.get is not its JSON");
    java_config_data out;
    for (const json::member& m : data->as_object())
        if (m.val.is_string()) out.data.emplace(m.name, m.val.as_string());
    if (const json::value* ttl = answer->find("ttl"); ttl != nullptr && ttl->is_integer()) out.ttl_ms = ttl->as_int64();
    return out;
}

}  // namespace

result<std::unique_ptr<java_config_provider>> java_config_provider::create(const std::shared_ptr<java_vm>& vm,
                                                                          const std::string& class_name) {
    const std::string what = "Java ConfigProvider " + class_name + " could not be created";
    return guarded<std::unique_ptr<java_config_provider>>(
        *vm, what, [&](JNIEnv* env) -> result<std::unique_ptr<java_config_provider>> {
            auto [cls, id] = resolve(env, {calls, "newProvider", "(Ljava/lang/String;)Ljava/lang/Object;"});
            local_ref<jstring> name(env, env->NewStringUTF(class_name.c_str()));
            local_ref<jobject> instance(env, env->CallStaticObjectMethod(cls.get(), id, name.get()));
            if (auto failed = java_failure(env, what)) return *failed;
            if (!instance)
                return make_error(errc::not_found,
                                  fmt::format("no plugin location on plugin.path has class {}", class_name));
            auto object = std::make_unique<java_object>(vm, env->NewGlobalRef(instance.get()));
            return std::unique_ptr<java_config_provider>(new java_config_provider(std::move(object), class_name));
        });
}

java_config_provider::~java_config_provider() {
    try {
        java_close(*instance_);
    } catch (const std::exception& e) {
        log::warn("Closing Java ConfigProvider {} failed: {}", class_name_, e.what());
    }
}

result<void> java_config_provider::configure(const string_map& params) {
    json::value props = json::value::make_object();
    for (const auto& [key, value] : params) props.set(key, value);
    const std::string what = class_name_ + ".configure threw";
    return guarded<void>(instance_->vm(), what, [&](JNIEnv* env) -> result<void> {
        auto [cls, id] = resolve(env, {calls, "configure", "(Ljava/lang/Object;[B)V"});
        auto bytes = to_java(env, json::dump(props));
        env->CallStaticVoidMethod(cls.get(), id, instance_->get(), bytes.get());
        if (auto failed = java_failure(env, what)) return *failed;
        return {};
    });
}

result<java_config_data> java_config_provider::get(const std::string& path, const std::set<std::string>& keys) const {
    const std::string what = fmt::format("{}.get of path '{}' threw", class_name_, path);
    return guarded<java_config_data>(instance_->vm(), what, [&](JNIEnv* env) -> result<java_config_data> {
        auto [cls, id] = resolve(env, {calls, "get", "(Ljava/lang/Object;[B)[B"});
        auto request = to_java(env, json::dump(get_request(path, keys)));
        local_ref<jbyteArray> answer(
            env, static_cast<jbyteArray>(env->CallStaticObjectMethod(cls.get(), id, instance_->get(), request.get())));
        if (auto failed = java_failure(env, what)) return *failed;
        return parse_answer(from_java(env, answer.get()).value_or(""));
    });
}

}  // namespace copycat::jvm
