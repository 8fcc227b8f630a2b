#include "jvm/java_converters.hpp"

#include "jvm/bridge_call.hpp"
#include "jvm/java_config.hpp"

namespace copycat::jvm {
namespace {

constexpr const char* calls = "copycat/bridge/ConverterCalls";

std::optional<std::string> as_text(std::optional<bytes_view> data) {
    if (!data) return std::nullopt;
    return std::string(reinterpret_cast<const char*>(data->data()), data->size());
}

std::optional<bytes> as_bytes(const std::optional<std::string>& text) {
    if (!text) return std::nullopt;
    return bytes(text->begin(), text->end());
}

// A byte[] argument, or Java's null.
local_ref<jbyteArray> optional_bytes(JNIEnv* env, const std::optional<std::string>& text) {
    if (!text) return local_ref<jbyteArray>(env, nullptr);
    return to_java(env, *text);
}

}  // namespace

void java_converter::configure(const std::map<std::string, std::string>& configs, bool is_key) {
    auto props = to_java(instance_->vm().env(), string_map_to_json(configs));
    call_void(instance_->vm(), {calls, "configure", "(Ljava/lang/Object;[BZ)V"}, instance_->get(), props.get(),
              static_cast<jboolean>(is_key ? JNI_TRUE : JNI_FALSE));
}

std::optional<bytes> java_converter::from_connect_data(std::string_view topic, headers&, const schema_ptr& schema,
                                                       const value& val) {
    JNIEnv* env = instance_->vm().env();
    local_ref<jstring> topic_name(env, env->NewStringUTF(std::string(topic).c_str()));
    auto envelope = optional_bytes(env, codec_.encode_envelope(schema, val));
    return as_bytes(call_bytes(instance_->vm(),
                               {calls, "fromConnectData", "(Ljava/lang/Object;Ljava/lang/String;[B)[B"},
                               instance_->get(), topic_name.get(), envelope.get()));
}

schema_and_value java_converter::to_connect_data(std::string_view topic, const headers&,
                                                 std::optional<bytes_view> data) {
    JNIEnv* env = instance_->vm().env();
    local_ref<jstring> topic_name(env, env->NewStringUTF(std::string(topic).c_str()));
    auto serialized = optional_bytes(env, as_text(data));
    return codec_.decode_envelope(call_bytes(instance_->vm(),
                                             {calls, "toConnectData", "(Ljava/lang/Object;Ljava/lang/String;[B)[B"},
                                             instance_->get(), topic_name.get(), serialized.get()));
}

void java_header_converter::configure(const std::map<std::string, std::string>& configs) {
    auto props = to_java(instance_->vm().env(), string_map_to_json(configs));
    call_void(instance_->vm(), {calls, "configureHeaderConverter", "(Ljava/lang/Object;[B)V"}, instance_->get(),
              props.get());
}

schema_and_value java_header_converter::to_connect_header(std::string_view topic, std::string_view header_key,
                                                          std::optional<bytes_view> data) {
    JNIEnv* env = instance_->vm().env();
    local_ref<jstring> topic_name(env, env->NewStringUTF(std::string(topic).c_str()));
    local_ref<jstring> key(env, env->NewStringUTF(std::string(header_key).c_str()));
    auto serialized = optional_bytes(env, as_text(data));
    return codec_.decode_envelope(call_bytes(
        instance_->vm(), {calls, "toConnectHeader", "(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;[B)[B"},
        instance_->get(), topic_name.get(), key.get(), serialized.get()));
}

std::optional<bytes> java_header_converter::from_connect_header(std::string_view topic, std::string_view header_key,
                                                                const schema_ptr& schema, const value& val) {
    JNIEnv* env = instance_->vm().env();
    local_ref<jstring> topic_name(env, env->NewStringUTF(std::string(topic).c_str()));
    local_ref<jstring> key(env, env->NewStringUTF(std::string(header_key).c_str()));
    auto envelope = optional_bytes(env, codec_.encode_envelope(schema, val));
    return as_bytes(call_bytes(
        instance_->vm(), {calls, "fromConnectHeader", "(Ljava/lang/Object;Ljava/lang/String;Ljava/lang/String;[B)[B"},
        instance_->get(), topic_name.get(), key.get(), envelope.get()));
}

}  // namespace copycat::jvm
