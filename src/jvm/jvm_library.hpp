#pragma once
// Finds and opens libjvm.so (docs/jvm-bridge.md "When the JVM starts"). The worker does not link
// it: a worker whose plugin.path holds no jars never loads it, and one without Java installed
// still runs its native plugins.

#include <jni.h>

#include <optional>
#include <string>
#include <vector>

#include "common/result.hpp"

namespace copycat::jvm {

struct jvm_library {
    std::string path;
    jint (*create_java_vm)(JavaVM**, void**, void*);
};

// Where libjvm.so may be, in the order tried: with JAVA_HOME set, only
// $JAVA_HOME/lib/server/libjvm.so (a wrong JAVA_HOME is an error, not a reason to pick another
// JVM); otherwise Debian's default JVM (/usr/lib/jvm/default-java), then openjdk-17-jdk-headless's.
std::vector<std::string> libjvm_candidates(const std::optional<std::string>& java_home);

// dlopens the first candidate that exists. The error names every path tried and dlopen's reason.
result<jvm_library> open_libjvm(const std::optional<std::string>& java_home);

}  // namespace copycat::jvm
