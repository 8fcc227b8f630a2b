#include "jvm/jvm_options.hpp"

#include <catch2/catch.hpp>

using copycat::jvm::jvm_options;

TEST_CASE("The JVM keeps out of the worker's signals, reports crashes into the log dir, and the user's options win") {
    const auto options = jvm_options({{"/b/copycat-bridge.jar", "/b/lib/connect-api.jar"}, "/var/log/copycat",
                                      "  -Xmx512m\t-XX:+UseG1GC  "});
    CHECK(options == std::vector<std::string>{"-Xrs", "-XX:ErrorFile=/var/log/copycat/hs_err_pid%p.log",
                                              "-Djava.class.path=/b/copycat-bridge.jar:/b/lib/connect-api.jar",
                                              "-Xmx512m", "-XX:+UseG1GC"});
}
