#include "jvm/jvm_options.hpp"

#include <algorithm>

#include <catch2/catch.hpp>

using copycat::jvm::jvm_options;

TEST_CASE("The JVM keeps out of the worker's signals, reports crashes into the log dir, and the user's options win") {
    const auto options = jvm_options({{"/b/copycat-bridge.jar", "/b/lib/connect-api.jar"}, "/var/log/copycat",
                                      "  -Xmx512m\t-XX:+UseG1GC  "});
    CHECK(options == std::vector<std::string>{"-Xrs", "-XX:ErrorFile=/var/log/copycat/hs_err_pid%p.log",
                                              "-Djava.class.path=/b/copycat-bridge.jar:/b/lib/connect-api.jar",
                                              "-Xmx512m", "-XX:+UseG1GC"});
}

TEST_CASE("The JVM's heap is bounded as Kafka Connect's scripts bound it unless the user's options bound it") {
    const auto defaults = jvm_options({{"/b/copycat-bridge.jar"}, "/l", "-XX:+UseG1GC"});
    CHECK(defaults == std::vector<std::string>{"-Xrs", "-XX:ErrorFile=/l/hs_err_pid%p.log",
                                               "-Djava.class.path=/b/copycat-bridge.jar", "-Xmx2G", "-XX:+UseG1GC"});
    for (const char* bound : {"-Xmx256m", "-XX:MaxHeapSize=1g", "-XX:MaxRAMPercentage=50", "-XX:MaxRAM=4g"}) {
        const auto options = jvm_options({{"/b/copycat-bridge.jar"}, "/l", bound});
        CHECK(std::count(options.begin(), options.end(), std::string("-Xmx2G")) == 0);
        CHECK(options.back() == bound);
    }
}
