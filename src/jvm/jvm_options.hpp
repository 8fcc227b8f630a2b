#pragma once
// The options the worker's JVM starts with (docs/jvm-bridge.md "When the JVM starts").

#include <string>
#include <vector>

namespace copycat::jvm {

struct jvm_settings {
    // The bridge jar and the Kafka API jars, in class path order.
    std::vector<std::string> class_path;
    // Where a JVM crash report (hs_err_pid<pid>.log) goes.
    std::string log_dir;
    // The worker setting java.bridge.jvm.options: options separated by white space.
    std::string user_options;
};

// Kafka Connect's scripts' maximum heap (KAFKA_HEAP_OPTS of connect-distributed.sh), for a JVM
// whose user options bound the heap in no way.
inline constexpr const char* default_max_heap = "-Xmx2G";

// -Xrs (the worker keeps its signals), -XX:ErrorFile in the log dir, the class path,
// default_max_heap unless the user's options bound the heap, then the user's options last so
// that they win.
std::vector<std::string> jvm_options(const jvm_settings& settings);

}  // namespace copycat::jvm
