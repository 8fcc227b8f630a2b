#include "jvm/java_sink_task.hpp"

#include <mutex>

#include "common/json.hpp"
#include "copycat/connector/sink_task_context.hpp"
#include "copycat/errors.hpp"
#include "jvm/bridge_call.hpp"
#include "jvm/java_config.hpp"

namespace copycat::jvm {
namespace {

constexpr const char* calls = "copycat/bridge/SinkTaskCalls";

std::string partitions_json(const std::vector<topic_partition>& partitions) {
    json::value out = json::value::make_array();
    for (const topic_partition& tp : partitions) {
        json::value p = json::value::make_object();
        p.set("topic", tp.topic);
        p.set("partition", tp.partition);
        out.push_back(std::move(p));
    }
    return json::dump(out);
}

std::string offsets_json(const topic_partition_offsets& offsets) {
    json::value out = json::value::make_array();
    for (const auto& [tp, om] : offsets) {
        json::value p = json::value::make_object();
        p.set("topic", tp.topic);
        p.set("partition", tp.partition);
        p.set("offset", om.offset);
        p.set("metadata", om.metadata);
        out.push_back(std::move(p));
    }
    return json::dump(out);
}

json::value parse_array(const std::string& text) {
    auto parsed = json::parse(text);
    if (!parsed || !parsed->is_array()) throw connect_error("The JVM bridge answered with JSON that is not an array");
    return std::move(*parsed);
}

topic_partition partition_of(const json::value& p) {
    return {p.find("topic")->as_string(), static_cast<std::int32_t>(p.find("partition")->as_int64())};
}

std::vector<topic_partition> partitions_of(const std::string& text) {
    std::vector<topic_partition> out;
    const json::value parsed = parse_array(text);
    for (const json::value& p : parsed.as_array()) out.push_back(partition_of(p));
    return out;
}

// The native methods of SinkTaskCalls.Context: `context` is the task's sink_task_context,
// valid while the task runs; Java calls them only on Copycat's threads.
sink_task_context& context_at(jlong context) { return *reinterpret_cast<sink_task_context*>(context); }

template <class F>
auto guarded(JNIEnv* env, F&& f) -> decltype(f()) {
    try {
        return f();
    } catch (const std::exception& e) {
        local_ref<jclass> error(env, env->FindClass("org/apache/kafka/connect/errors/ConnectException"));
        env->ThrowNew(error.get(), e.what());
        return decltype(f())();
    }
}

void JNICALL native_offsets(JNIEnv* env, jclass, jlong context, jbyteArray offsets) {
    guarded(env, [&] {
        std::map<topic_partition, std::int64_t> wanted;
        const json::value parsed = parse_array(from_java(env, offsets).value_or("[]"));
        for (const json::value& p : parsed.as_array())
            wanted[partition_of(p)] = p.find("offset")->as_int64();
        context_at(context).offset(wanted);
    });
}

void JNICALL native_timeout(JNIEnv* env, jclass, jlong context, jlong millis) {
    guarded(env, [&] { context_at(context).timeout(std::chrono::milliseconds(millis)); });
}

jbyteArray JNICALL native_assignment(JNIEnv* env, jclass, jlong context) {
    return guarded(env, [&]() -> jbyteArray {
        const auto assigned = context_at(context).assignment();
        auto bytes = to_java(env, partitions_json({assigned.begin(), assigned.end()}));
        return static_cast<jbyteArray>(env->NewLocalRef(bytes.get()));
    });
}

void JNICALL native_pause(JNIEnv* env, jclass, jlong context, jbyteArray partitions) {
    guarded(env, [&] { context_at(context).pause(partitions_of(from_java(env, partitions).value_or("[]"))); });
}

void JNICALL native_resume(JNIEnv* env, jclass, jlong context, jbyteArray partitions) {
    guarded(env, [&] { context_at(context).resume(partitions_of(from_java(env, partitions).value_or("[]"))); });
}

void JNICALL native_request_commit(JNIEnv* env, jclass, jlong context) {
    guarded(env, [&] { context_at(context).request_commit(); });
}

jboolean JNICALL native_has_reporter(JNIEnv* env, jclass, jlong context) {
    return guarded(env, [&]() -> jboolean {
        return context_at(context).errant_record_reporter() != nullptr ? JNI_TRUE : JNI_FALSE;
    });
}

// The Java record and error handed to the context's errant_record_reporter; a failure (errors
// not tolerated) comes back to Java as a ConnectException from report().
void JNICALL native_report(JNIEnv* env, jclass, jlong context, jbyteArray record, jstring error) {
    guarded(env, [&] {
        copycat::errant_record_reporter* reporter = context_at(context).errant_record_reporter();
        if (reporter == nullptr) throw connect_error("The sink task context has no errant record reporter");
        sink_record decoded;
        binary_records records;
        records.decode_into(from_java(env, record).value_or(""), decoded);
        const char* chars = env->GetStringUTFChars(error, nullptr);
        const std::string message = chars != nullptr ? chars : "null";
        if (chars != nullptr) env->ReleaseStringUTFChars(error, chars);
        reporter->report(decoded, std::make_exception_ptr(connect_error(message))).get();
    });
}

void register_natives(JNIEnv* env) {
    static std::once_flag once;
    std::call_once(once, [env] {
        local_ref<jclass> cls(env, env->FindClass("copycat/bridge/SinkTaskCalls$Context"));
        java_vm::throw_if_exception(env, "The JVM bridge has no class SinkTaskCalls.Context");
        JNINativeMethod methods[] = {
            {const_cast<char*>("offsets"), const_cast<char*>("(J[B)V"), reinterpret_cast<void*>(&native_offsets)},
            {const_cast<char*>("timeout"), const_cast<char*>("(JJ)V"), reinterpret_cast<void*>(&native_timeout)},
            {const_cast<char*>("assignment"), const_cast<char*>("(J)[B"), reinterpret_cast<void*>(&native_assignment)},
            {const_cast<char*>("pause"), const_cast<char*>("(J[B)V"), reinterpret_cast<void*>(&native_pause)},
            {const_cast<char*>("resume"), const_cast<char*>("(J[B)V"), reinterpret_cast<void*>(&native_resume)},
            {const_cast<char*>("requestCommit"), const_cast<char*>("(J)V"),
             reinterpret_cast<void*>(&native_request_commit)},
            {const_cast<char*>("hasReporter"), const_cast<char*>("(J)Z"),
             reinterpret_cast<void*>(&native_has_reporter)},
            {const_cast<char*>("report"), const_cast<char*>("(J[BLjava/lang/String;)V"),
             reinterpret_cast<void*>(&native_report)},
        };
        env->RegisterNatives(cls.get(), methods, static_cast<jint>(std::size(methods)));
        java_vm::throw_if_exception(env, "Cannot register the native methods of SinkTaskCalls.Context");
    });
}

}  // namespace

std::string java_sink_task::version() const {
    return call_string(instance_->vm(), {calls, "version", "(Ljava/lang/Object;)Ljava/lang/String;"}, instance_->get());
}

void java_sink_task::initialize(sink_task_context& context) {
    sink_task::initialize(context);
    JNIEnv* env = instance_->vm().env();
    register_natives(env);
    auto configs = to_java(env, string_map_to_json(context.configs()));
    call_void(instance_->vm(), {calls, "initialize", "(Ljava/lang/Object;[BJ)V"}, instance_->get(), configs.get(),
              static_cast<jlong>(reinterpret_cast<std::intptr_t>(&context)));
}

void java_sink_task::start(const std::map<std::string, std::string>& props) {
    auto json = to_java(instance_->vm().env(), string_map_to_json(props));
    call_void(instance_->vm(), {calls, "start", "(Ljava/lang/Object;[B)V"}, instance_->get(), json.get());
}

void java_sink_task::put(std::vector<sink_record>& records) {
    std::vector<const connect_record*> batch;
    batch.reserve(records.size());
    for (const sink_record& r : records) batch.push_back(&r);
    auto bytes = to_java(instance_->vm().env(), records_.encode(batch));
    call_void(instance_->vm(), {calls, "put", "(Ljava/lang/Object;[B)V"}, instance_->get(), bytes.get());
}

void java_sink_task::flush(const topic_partition_offsets& current_offsets) {
    auto bytes = to_java(instance_->vm().env(), offsets_json(current_offsets));
    call_void(instance_->vm(), {calls, "flush", "(Ljava/lang/Object;[B)V"}, instance_->get(), bytes.get());
}

topic_partition_offsets java_sink_task::pre_commit(const topic_partition_offsets& current_offsets) {
    auto bytes = to_java(instance_->vm().env(), offsets_json(current_offsets));
    const auto answer =
        call_bytes(instance_->vm(), {calls, "preCommit", "(Ljava/lang/Object;[B)[B"}, instance_->get(), bytes.get());
    topic_partition_offsets out;
    const json::value parsed = parse_array(answer.value_or("[]"));
    for (const json::value& p : parsed.as_array()) {
        const json::value* metadata = p.find("metadata");
        out[partition_of(p)] = offset_and_metadata{p.find("offset")->as_int64(),
                                                   metadata && metadata->is_string() ? metadata->as_string() : "",
                                                   std::nullopt};
    }
    return out;
}

void java_sink_task::open(const std::vector<topic_partition>& partitions) {
    auto bytes = to_java(instance_->vm().env(), partitions_json(partitions));
    call_void(instance_->vm(), {calls, "open", "(Ljava/lang/Object;[B)V"}, instance_->get(), bytes.get());
}

void java_sink_task::close(const std::vector<topic_partition>& partitions) {
    auto bytes = to_java(instance_->vm().env(), partitions_json(partitions));
    call_void(instance_->vm(), {calls, "close", "(Ljava/lang/Object;[B)V"}, instance_->get(), bytes.get());
}

void java_sink_task::stop() { call_void(instance_->vm(), {calls, "stop", "(Ljava/lang/Object;)V"}, instance_->get()); }

}  // namespace copycat::jvm
