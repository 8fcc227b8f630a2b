#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "loader/plugin_scanner.hpp"

using namespace copycat;
using namespace copycat::loader;
namespace fs = std::filesystem;

namespace {

const std::string kPluginDir = COPYCAT_TEST_PLUGIN_DIR;

std::string library(const std::string& name) { return kPluginDir + "/" + name + ".so"; }

// A temporary directory holding a copy of some fixture libraries and a corrupt ".so" file.
struct plugin_dir {
    fs::path path = fs::temp_directory_path() / ("copycat-loader-test-" + std::to_string(::getpid()));
    plugin_dir() {
        fs::remove_all(path);
        fs::create_directories(path / "nested");
        fs::copy_file(library("test_source_plugin"), path / "nested" / "test_source_plugin.so");
        fs::copy_file(library("test_wrong_abi_plugin"), path / "test_wrong_abi_plugin.so");
        fs::copy_file(library("test_abi_v1_plugin"), path / "test_abi_v1_plugin.so");
        fs::copy_file(library("test_not_a_plugin"), path / "test_not_a_plugin.so");
        std::ofstream(path / "broken.so") << "this is not an ELF file";
        std::ofstream(path / "README.txt") << "ignored";
    }
    ~plugin_dir() { fs::remove_all(path); }
};

}  // namespace

TEST_CASE("plugin.path splitting trims and drops empty elements") {
    CHECK(split_plugin_path(" /a, /b ,,/c ") == std::vector<std::string>{"/a", "/b", "/c"});
    CHECK(split_plugin_path("").empty());
}

TEST_CASE("a good library loads and its classes can be created and used") {
    auto lib = plugin_library::open(library("test_source_plugin"));
    REQUIRE(lib.ok());
    plugin_registry registry;
    registry.add_library(*lib);

    const plugin_entry* source = registry.find("EchoSource");
    REQUIRE(source != nullptr);
    CHECK(source->class_name == "com.example.EchoSourceConnector");
    CHECK(source->kind() == plugin_kind::source_connector);
    CHECK(source->location() == library("test_source_plugin"));
    auto connector = source->descriptor.create<source_connector>();
    CHECK(connector->version() == "1.2.3");
    CHECK(connector->create_task()->version() == "1.2.3");

    // An exception thrown inside the plugin is caught by the worker as the API's type.
    auto conv = registry.find("Fancy")->descriptor.create<converter>();
    headers hdrs;
    CHECK_THROWS_AS(conv->from_connect_data("t", hdrs, nullptr, value(1)), data_error);
}

TEST_CASE("broken, foreign and mismatched libraries are refused with a reason, and the scan goes on") {
    plugin_dir dir;
    plugin_registry registry;
    auto report = scan_plugin_path({dir.path.string(), "/does/not/exist"}, registry);

    REQUIRE(report.loaded.size() == 1);
    CHECK(report.loaded[0].ends_with("nested/test_source_plugin.so"));
    REQUIRE(report.refused.size() == 5);
    const auto mentions = [&](const std::string& text) {
        return std::any_of(report.refused.begin(), report.refused.end(),
                           [&](const std::string& m) { return m.find(text) != std::string::npos; });
    };
    CHECK(mentions("broken.so"));
    CHECK(mentions("test_not_a_plugin.so is not a Copycat plugin"));
    CHECK(mentions("ABI version " + std::to_string(COPYCAT_ABI_VERSION + 41)));
    CHECK(mentions("test_abi_v1_plugin.so: Plugin ABI version 1 does not match the worker's ABI version " +
                   std::to_string(COPYCAT_ABI_VERSION)));
    CHECK(mentions("/does/not/exist"));
    CHECK(registry.find("com.example.EchoSourceConnector") != nullptr);
    CHECK(registry.find("com.example.OldAbiSourceConnector") == nullptr);
}

TEST_CASE("a plugin built against the version-1 API headers is refused, naming both versions") {
    STATIC_REQUIRE(COPYCAT_ABI_VERSION >= 2);
    auto lib = plugin_library::open(library("test_abi_v1_plugin"));
    REQUIRE_FALSE(lib.ok());
    CHECK(lib.err().message == "refusing plugin library " + library("test_abi_v1_plugin") +
                                       ": Plugin ABI version 1 does not match the worker's ABI version " +
                                       std::to_string(COPYCAT_ABI_VERSION) +
                                       "; rebuild the plugin against the Copycat headers of this worker");
    // The loader goes on: a good library still loads afterwards.
    CHECK(plugin_library::open(library("test_source_plugin")).ok());
}

TEST_CASE("an alias shared by two classes is ambiguous but full names still work") {
    plugin_registry registry;
    for (const char* name : {"test_source_plugin", "test_clash_plugin"}) {
        auto lib = plugin_library::open(library(name));
        REQUIRE(lib.ok());
        registry.add_library(*lib);
    }
    CHECK(registry.find("FancyConverter") == nullptr);
    CHECK(registry.find("Fancy") == nullptr);
    CHECK(registry.find("com.example.FancyConverter") != nullptr);
    CHECK(registry.find("org.other.FancyConverter")->version == "2.0");
}
