#include "jvm/jvm.hpp"

#include <fmt/format.h>

#include <atomic>
#include <thread>

#include "copycat/errors.hpp"

namespace copycat::jvm {
namespace {

std::atomic<bool> started{false};

// Detaches the thread it belongs to when that thread ends.
struct attachment {
    JavaVM* vm = nullptr;
    ~attachment() {
        if (vm != nullptr) vm->DetachCurrentThread();
    }
};
thread_local attachment this_thread;

}  // namespace

result<std::shared_ptr<java_vm>> java_vm::start(const jvm_library& library, const std::vector<std::string>& options) {
    if (started.exchange(true)) return make_error(errc::conflict, "A JVM was already started in this process");
    std::vector<JavaVMOption> jni_options(options.size());
    for (std::size_t i = 0; i < options.size(); ++i) {
        jni_options[i].optionString = const_cast<char*>(options[i].c_str());
        jni_options[i].extraInfo = nullptr;
    }
    JavaVMInitArgs args{};
    args.version = JNI_VERSION_10;
    args.nOptions = static_cast<jint>(jni_options.size());
    args.options = jni_options.data();
    args.ignoreUnrecognized = JNI_FALSE;

    // The JVM is created on a thread of its own, joined right away: the thread that creates a JVM
    // stays attached to it, and the caller (often the process's primordial thread, which HotSpot
    // supports poorly) should attach like any other thread.
    JavaVM* vm = nullptr;
    jint rc = JNI_ERR;
    std::thread creator([&] {
        JNIEnv* env = nullptr;
        rc = library.create_java_vm(&vm, reinterpret_cast<void**>(&env), &args);
        if (rc == JNI_OK) vm->DetachCurrentThread();
    });
    creator.join();
    if (rc != JNI_OK)
        return make_error(errc::unavailable,
                          fmt::format("The JVM in {} did not start (JNI_CreateJavaVM returned {}; its reason is on "
                                      "stderr)",
                                      library.path, rc));
    return std::shared_ptr<java_vm>(new java_vm(vm));
}

JNIEnv* java_vm::env() {
    JNIEnv* env = nullptr;
    if (vm_->GetEnv(reinterpret_cast<void**>(&env), JNI_VERSION_10) == JNI_OK) return env;
    if (vm_->AttachCurrentThreadAsDaemon(reinterpret_cast<void**>(&env), nullptr) != JNI_OK)
        throw connect_error("Cannot attach this thread to the JVM");
    this_thread.vm = vm_;
    return env;
}

std::optional<java_exception> java_vm::take_exception(JNIEnv* env) {
    if (!env->ExceptionCheck()) return std::nullopt;
    local_ref<jthrowable> thrown(env, env->ExceptionOccurred());
    env->ExceptionClear();
    java_exception out;
    local_ref<jclass> object_class(env, env->FindClass("java/lang/Object"));
    jmethodID to_string_id = env->GetMethodID(object_class.get(), "toString", "()Ljava/lang/String;");
    local_ref<jstring> message(env, static_cast<jstring>(env->CallObjectMethod(thrown.get(), to_string_id)));
    out.message = env->ExceptionCheck() ? "a Java exception whose toString() failed" : to_string(env, message.get());
    env->ExceptionClear();
    local_ref<jclass> throwables(env, env->FindClass("copycat/bridge/Throwables"));
    if (throwables) {
        jmethodID trace_id =
            env->GetStaticMethodID(throwables.get(), "stackTrace", "(Ljava/lang/Throwable;)Ljava/lang/String;");
        local_ref<jstring> trace(env,
                                 static_cast<jstring>(env->CallStaticObjectMethod(throwables.get(), trace_id, thrown.get())));
        if (!env->ExceptionCheck()) out.trace = to_string(env, trace.get());
    }
    env->ExceptionClear();
    if (out.trace.empty()) out.trace = out.message;
    return out;
}

void java_vm::throw_if_exception(JNIEnv* env, const std::string& what) {
    // The trace begins with the exception's toString(): the message once, then Java's frames.
    if (auto e = take_exception(env)) throw connect_error(fmt::format("{}: {}", what, e->trace));
}

std::string to_string(JNIEnv* env, jstring text) {
    if (text == nullptr) return {};
    const char* chars = env->GetStringUTFChars(text, nullptr);
    if (chars == nullptr) return {};
    std::string out(chars, static_cast<std::size_t>(env->GetStringUTFLength(text)));
    env->ReleaseStringUTFChars(text, chars);
    return out;
}

}  // namespace copycat::jvm
