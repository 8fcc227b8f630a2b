#pragma once
// The worker's one JVM (docs/jvm-bridge.md "When the JVM starts" and "Threads").
//
// Created on first need and never destroyed (JNI allows no second JVM in a process, even after a
// destroy); the process exit ends it. Shared by everything that calls Java. env() may be called
// from any Copycat thread: the thread is attached on its first call and detached when it ends, by
// a thread_local guard, so the owner that joins a thread is also the one that detaches it.

#include <jni.h>

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/result.hpp"
#include "jvm/jvm_library.hpp"

namespace copycat::jvm {

// A Java exception taken off a thread: its toString() and its stack trace.
struct java_exception {
    std::string message;
    std::string trace;
};

class java_vm {
public:
    // Starts the JVM with `options`. Fails (never aborts the worker) when the JVM refuses them;
    // the JVM's own complaint goes to stderr. At most one per process: a second call fails.
    static result<std::shared_ptr<java_vm>> start(const jvm_library& library, const std::vector<std::string>& options);

    // The calling thread's JNI environment, attaching it as a daemon thread on its first call.
    // Throws connect_error when the thread cannot be attached.
    JNIEnv* env();

    // The pending exception of `env`, cleared, with its stack trace; nullopt when there is none.
    static std::optional<java_exception> take_exception(JNIEnv* env);

    // Throws connect_error carrying the pending exception when there is one (its trace included).
    static void throw_if_exception(JNIEnv* env, const std::string& what);

    java_vm(const java_vm&) = delete;
    java_vm& operator=(const java_vm&) = delete;

private:
    explicit java_vm(JavaVM* vm) : vm_(vm) {}

    JavaVM* vm_;
};

// A Java string as UTF-8 (Java's modified UTF-8 differs only for NUL and supplementary
// characters, which class names and JSON texts built by the bridge do not hold raw).
std::string to_string(JNIEnv* env, jstring text);

// A local reference freed when the holder leaves scope.
template <class T>
class local_ref {
public:
    local_ref(JNIEnv* env, T ref) : env_(env), ref_(ref) {}
    ~local_ref() {
        if (ref_ != nullptr) env_->DeleteLocalRef(ref_);
    }
    local_ref(local_ref&& other) noexcept : env_(other.env_), ref_(std::exchange(other.ref_, nullptr)) {}
    local_ref(const local_ref&) = delete;
    local_ref& operator=(const local_ref&) = delete;
    local_ref& operator=(local_ref&&) = delete;
    T get() const { return ref_; }
    explicit operator bool() const { return ref_ != nullptr; }

private:
    JNIEnv* env_;
    T ref_;
};

}  // namespace copycat::jvm
