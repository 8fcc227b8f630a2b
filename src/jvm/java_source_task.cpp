#include "jvm/java_source_task.hpp"

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <string_view>

#include "copycat/connector/source_task_context.hpp"
#include "copycat/errors.hpp"
#include "jvm/bridge_call.hpp"
#include "jvm/java_config.hpp"
#include "jvm/record_codec.hpp"

namespace copycat::jvm {
namespace {

constexpr const char* calls = "copycat/bridge/SourceTaskCalls";

// NativeOffsets.offsets(long reader, byte[] partitions): runs on the task thread that is inside a
// call into Java (NativeOffsets refuses other threads), with the reader Copycat passed to
// initialize(), valid until the task stops.
jbyteArray JNICALL native_offsets(JNIEnv* env, jclass, jlong reader, jbyteArray partitions) {
    try {
        thread_local record_codec codec;
        const std::vector<source_map> wanted = codec.decode_source_maps(from_java(env, partitions).value_or("[]"));
        const auto found = reinterpret_cast<offset_storage_reader*>(reader)->offsets(wanted);
        std::vector<std::optional<source_map>> answer;
        for (const source_map& partition : wanted) {
            auto it = std::find_if(found.begin(), found.end(), [&](const auto& f) { return f.first == partition; });
            answer.push_back(it == found.end() ? std::nullopt : std::optional<source_map>(it->second));
        }
        return static_cast<jbyteArray>(env->NewLocalRef(to_java(env, codec.encode_optional_source_maps(answer)).get()));
    } catch (const std::exception& e) {
        local_ref<jclass> error(env, env->FindClass("org/apache/kafka/connect/errors/ConnectException"));
        env->ThrowNew(error.get(), (std::string("Reading source offsets from Copycat failed: ") + e.what()).c_str());
        return nullptr;
    }
}

void register_natives(JNIEnv* env) {
    static std::once_flag once;
    std::call_once(once, [env] {
        local_ref<jclass> cls(env, env->FindClass("copycat/bridge/NativeOffsets"));
        java_vm::throw_if_exception(env, "The JVM bridge has no class NativeOffsets");
        JNINativeMethod method{const_cast<char*>("offsets"), const_cast<char*>("(J[B)[B"),
                               reinterpret_cast<void*>(&native_offsets)};
        env->RegisterNatives(cls.get(), &method, 1);
        java_vm::throw_if_exception(env, "Cannot register NativeOffsets.offsets");
    });
}

}  // namespace

std::string java_source_task::version() const {
    return call_string(instance_->vm(), {calls, "version", "(Ljava/lang/Object;)Ljava/lang/String;"}, instance_->get());
}

void java_source_task::initialize(source_task_context& context) {
    source_task::initialize(context);
    JNIEnv* env = instance_->vm().env();
    register_natives(env);
    auto configs = to_java(env, string_map_to_json(context.configs()));
    const auto reader = static_cast<jlong>(reinterpret_cast<std::intptr_t>(&context.offset_storage_reader()));
    const jboolean transactional = context.transaction_context() != nullptr ? JNI_TRUE : JNI_FALSE;
    jobject transactions = call_object(env, {calls, "initialize", "(Ljava/lang/Object;[BJZ)Ljava/lang/Object;"},
                                       "Java initialize failed", instance_->get(), configs.get(), reader, transactional);
    if (transactions != nullptr) transactions_ = std::make_unique<java_object>(instance_->vm_ptr(), transactions);
    forwards_commit_record_ =
        call_bool(instance_->vm(), {calls, "overridesCommitRecord", "(Ljava/lang/Object;)Z"}, instance_->get());
}

void java_source_task::start(const std::map<std::string, std::string>& props) {
    auto json = to_java(instance_->vm().env(), string_map_to_json(props));
    call_void(instance_->vm(), {calls, "start", "(Ljava/lang/Object;[B)V"}, instance_->get(), json.get());
}

std::vector<source_record> java_source_task::poll() {
    // Into the same buffer each time: a batch is often a megabyte, whose allocation and release
    // per poll() showed in the profile (docs/jvm-bridge.md "Status: what is built, what remains").
    const bool polled =
        call_bytes_into(batch_, instance_->vm(), {calls, "poll", "(Ljava/lang/Object;)[B"}, instance_->get());
    pass_transaction_requests();
    if (!polled) return {};
    return records_.decode_source_records(batch_);
}

// The requests of TransactionRequests.take(): a byte of flags (1 commit the batch, 2 abort it),
// the number of records to commit after (4 bytes, big-endian), one batch of those records and
// then of the records to abort after. Made before or during the poll() that just returned, they
// apply to its batch, as Kafka's worker asks its transaction context after dispatching a batch.
void java_source_task::pass_transaction_requests() {
    if (!transactions_) return;
    if (!call_bytes_into(requests_, instance_->vm(), {calls, "takeTransactionRequests", "(Ljava/lang/Object;)[B"},
                         transactions_->get()))
        return;
    constexpr std::size_t header = 5;
    if (requests_.size() < header) throw data_error("The JVM bridge sent transaction requests of less than 5 bytes");
    const auto byte = [this](std::size_t i) {
        return static_cast<std::uint32_t>(static_cast<unsigned char>(requests_[i]));
    };
    const std::uint32_t flags = byte(0);
    const std::size_t commits = (byte(1) << 24) | (byte(2) << 16) | (byte(3) << 8) | byte(4);
    const std::vector<source_record> records =
        records_.decode_source_records(std::string_view(requests_).substr(header));
    if (commits > records.size()) throw data_error("The JVM bridge sent more records to commit after than records");
    transaction_context& transactions = *context().transaction_context();
    for (std::size_t i = 0; i < records.size(); ++i) {
        if (i < commits) {
            transactions.commit_transaction(records[i]);
        } else {
            transactions.abort_transaction(records[i]);
        }
    }
    if ((flags & 1U) != 0) transactions.commit_transaction();
    if ((flags & 2U) != 0) transactions.abort_transaction();
}

void java_source_task::commit() {
    call_void(instance_->vm(), {calls, "commit", "(Ljava/lang/Object;)V"}, instance_->get());
}

void java_source_task::commit_record(const source_record& record, const std::optional<record_metadata>& metadata) {
    if (!forwards_commit_record_) return;
    JNIEnv* env = instance_->vm().env();
    local_ref<jstring> topic(env, env->NewStringUTF(metadata ? metadata->topic.c_str() : ""));
    const auto partition = static_cast<jint>(metadata ? metadata->partition : -1);
    const auto offset = static_cast<jlong>(metadata ? metadata->offset : -1);
    const auto timestamp = static_cast<jlong>(metadata && metadata->timestamp ? *metadata->timestamp : -1);
    // The record's identity is enough for the Java side to find the record it polled (a quarter of
    // a Debezium snapshot's CPU went into sending the whole record back, docs/jvm-bridge.md); the
    // whole record crosses only for a record it did not keep.
    auto reference = to_java(env, records_.encode_reference(record));
    if (call_bool(instance_->vm(), {calls, "commitKeptRecord", "(Ljava/lang/Object;[BLjava/lang/String;IJJ)Z"},
                  instance_->get(), reference.get(), topic.get(), partition, offset, timestamp))
        return;
    auto encoded = to_java(env, records_.encode(record));
    call_void(instance_->vm(), {calls, "commitRecord", "(Ljava/lang/Object;[BLjava/lang/String;IJJ)V"},
              instance_->get(), encoded.get(), topic.get(), partition, offset, timestamp);
}

void java_source_task::stop() { call_void(instance_->vm(), {calls, "stop", "(Ljava/lang/Object;)V"}, instance_->get()); }

}  // namespace copycat::jvm
