#include "jvm/java_plugin_locations.hpp"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "jvm/jvm_library.hpp"

namespace fs = std::filesystem;
using copycat::jvm::java_plugin_locations;

namespace {

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("copycat-jvm-locations-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void touch(const fs::path& p) {
    fs::create_directories(p.parent_path());
    std::ofstream(p) << "x";
}

}  // namespace

TEST_CASE("Kafka's plugin.path layout: each jar and each directory holding jars is one location") {
    const fs::path top = fresh_dir("layout");
    touch(top / "debezium" / "debezium-core.jar");
    touch(top / "debezium" / "deps" / "protobuf.jar");
    touch(top / "uber.jar");
    touch(top / "native" / "copycat-file.so");
    touch(top / "notes.txt");
    const fs::path lone = fresh_dir("lone") / "single.jar";
    touch(lone);

    const auto locations = java_plugin_locations({top.string(), lone.string(), (top / "missing").string()});
    CHECK(locations ==
          std::vector<std::string>{(top / "debezium").string(), (top / "uber.jar").string(), lone.string()});
    fs::remove_all(top);
    fs::remove_all(lone.parent_path());
}

TEST_CASE("A plugin.path without jars has no Java plugin location") {
    const fs::path top = fresh_dir("native");
    touch(top / "native" / "copycat-file.so");
    CHECK(java_plugin_locations({top.string()}).empty());
    CHECK(java_plugin_locations({}).empty());
    fs::remove_all(top);
}

TEST_CASE("JAVA_HOME, when set, is the only place libjvm.so is looked for") {
    CHECK(copycat::jvm::libjvm_candidates(std::string("/opt/jdk")) ==
          std::vector<std::string>{"/opt/jdk/lib/server/libjvm.so"});
    const auto defaults = copycat::jvm::libjvm_candidates(std::nullopt);
    REQUIRE_FALSE(defaults.empty());
    CHECK(defaults.front() == "/usr/lib/jvm/default-java/lib/server/libjvm.so");

    const auto wrong = copycat::jvm::open_libjvm(std::string("/nonexistent-java-home"));
    REQUIRE_FALSE(wrong);
    CHECK_THAT(wrong.err().message, Catch::Contains("/nonexistent-java-home/lib/server/libjvm.so") &&
                                        Catch::Contains("set JAVA_HOME"));
}
