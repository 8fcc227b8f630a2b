// plugin.discovery against the real JVM and real jars (tests/jvm/CMakeLists.txt): the fixture jar
// java-unlisted/unlisted/ has no META-INF/services manifest, good/ has one for each plugin. One JVM
// per process: each test case runs in a process of its own (catch_discover_tests).
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>

#include "app/builtin_plugins.hpp"
#include "app/plugin_path_command.hpp"
#include "jvm/java_plugins.hpp"
#include "jvm/plugin_discovery_mode.hpp"
#include "loader/plugin_registry.hpp"
#include "plugins/file/file_test_support.hpp"

using namespace copycat;
namespace fs = std::filesystem;

namespace {

const std::string java_plugins = COPYCAT_TEST_JAVA_PLUGIN_DIR;
const std::string unlisted_path = COPYCAT_TEST_JAVA_UNLISTED_DIR;  // a plugin.path element
const std::string unlisted = unlisted_path + "/unlisted";              // its one plugin location
const std::string unlisted_source = "copycat.test.unlisted.UnlistedSourceConnector";
const std::string shout = "copycat.test.unlisted.Shout";

jvm::java_bridge_settings settings(jvm::plugin_discovery_mode mode, const std::string& cache_dir) {
    auto out = jvm::bridge_settings_from_environment("-Xmx128m", {});
    out.discovery = mode;
    out.scan_cache_dir = cache_dir;
    return out;
}

bool any_contains(const std::vector<std::string>& lines, const std::string& a, const std::string& b = "") {
    return std::any_of(lines.begin(), lines.end(), [&](const std::string& l) {
        return l.find(a) != std::string::npos && l.find(b) != std::string::npos;
    });
}

bool lacks_manifest(const jvm::java_scan_report& report, const std::string& class_name, const std::string& type) {
    return std::any_of(report.without_manifest.begin(), report.without_manifest.end(), [&](const auto& m) {
        return m.class_name == class_name && m.type == type && m.location == unlisted;
    });
}

}  // namespace

TEST_CASE("plugin.discovery is one of Kafka's four modes, in any case") {
    using jvm::plugin_discovery_mode;
    CHECK(jvm::parse_plugin_discovery_mode("hybrid_warn") == plugin_discovery_mode::hybrid_warn);
    CHECK(jvm::parse_plugin_discovery_mode("ONLY_SCAN") == plugin_discovery_mode::only_scan);
    CHECK(jvm::parse_plugin_discovery_mode("Hybrid_Fail") == plugin_discovery_mode::hybrid_fail);
    CHECK(jvm::parse_plugin_discovery_mode("service_load") == plugin_discovery_mode::service_load);
    CHECK_FALSE(jvm::parse_plugin_discovery_mode("scan").has_value());
    CHECK(jvm::plugin_discovery_mode_name(plugin_discovery_mode::hybrid_fail) == "hybrid_fail");
}

TEST_CASE("The hybrid modes report plugins without a manifest as Kafka's Plugins does") {
    using jvm::plugin_discovery_mode;
    const std::vector<jvm::plugin_without_manifest> missing{{"/p/b", "b.Shout", "transformation", "undefined"},
                                                            {"/p/a", "a.Source", "source", "1.0"}};
    CHECK_FALSE(jvm::hybrid_discovery_issue_of(plugin_discovery_mode::only_scan, missing).has_value());
    CHECK_FALSE(jvm::hybrid_discovery_issue_of(plugin_discovery_mode::service_load, missing).has_value());
    const auto none = jvm::hybrid_discovery_issue_of(plugin_discovery_mode::hybrid_fail, {});
    REQUIRE(none.has_value());
    CHECK_FALSE(none->fatal);
    CHECK(none->message ==
          "All plugins have ServiceLoader manifests, consider reconfiguring plugin.discovery=service_load");
    const std::string listed =
        "One or more plugins are missing ServiceLoader manifests may not be usable with "
        "plugin.discovery=service_load: [\n/p/a\ta.Source\tsource\t1.0\n/p/b\tb.Shout\ttransformation\tundefined\n]\n"
        "Read the documentation at https://kafka.apache.org/documentation.html#connect_plugindiscovery for "
        "instructions on migrating your plugins to take advantage of the performance improvements of service_load "
        "mode.";
    const auto warn = jvm::hybrid_discovery_issue_of(plugin_discovery_mode::hybrid_warn, missing);
    REQUIRE(warn.has_value());
    CHECK_FALSE(warn->fatal);
    CHECK(warn->message == listed + " To silence this warning, set plugin.discovery=only_scan in the worker config.");
    const auto fail = jvm::hybrid_discovery_issue_of(plugin_discovery_mode::hybrid_fail, missing);
    REQUIRE(fail.has_value());
    CHECK(fail->fatal);
    CHECK(fail->message == listed + " To silence this error, set plugin.discovery=hybrid_warn in the worker config.");
}

TEST_CASE("hybrid_warn finds the plugins of a jar without manifests and names them as lacking one") {
    file::test::temp_dir cache;
    loader::plugin_registry registry;
    app::register_builtin_plugins(registry);
    const auto report = jvm::register_java_plugins(
        {unlisted_path, java_plugins + "/good"}, settings(jvm::plugin_discovery_mode::hybrid_warn, cache.file("")),
        registry);
    REQUIRE(report.jvm_started);

    const loader::plugin_entry* source = registry.find(unlisted_source);
    REQUIRE(source != nullptr);
    CHECK(source->kind() == plugin_kind::source_connector);
    CHECK(source->version == "0.9.1");
    CHECK(source->location() == unlisted);
    CHECK(registry.find("UnlistedSource") == source);  // Kafka's aliases
    const loader::plugin_entry* transformation = registry.find(shout);
    REQUIRE(transformation != nullptr);
    CHECK(transformation->kind() == plugin_kind::transformation);
    // Abstract, not public, no no-arg constructor: not plugins, as for Kafka's scanner.
    CHECK(registry.find("copycat.test.unlisted.CountingSourceBase") == nullptr);
    CHECK(registry.find("copycat.test.unlisted.HiddenPredicate") == nullptr);
    CHECK(registry.find("copycat.test.unlisted.HiddenPredicate$NeedsArgument") == nullptr);
    CHECK(any_contains(report.refused, "HiddenPredicate$NeedsArgument",
                       "Plugin class must have a no-args constructor, and cannot be a non-static inner class"));
    // A class the headers make a transformation but that cannot load: passed over, with the cause.
    CHECK(registry.find("copycat.test.unlisted.NeedsMissingMixin") == nullptr);
    CHECK(any_contains(report.skipped, "copycat.test.unlisted.NeedsMissingMixin", "copycat/test/missing/MissingMixin"));

    CHECK(lacks_manifest(report, unlisted_source, "source"));
    CHECK(lacks_manifest(report, shout, "transformation"));
    CHECK(report.without_manifest.size() == 2);  // good/'s plugins have their manifests
    CHECK(registry.find("copycat.test.good.GoodSourceConnector") != nullptr);
    CHECK(report.scanned_classes >= 10);
    CHECK(report.cached_locations == 0);
}

TEST_CASE("only_scan finds every plugin by the scan alone, manifest or not") {
    file::test::temp_dir cache;
    loader::plugin_registry registry;
    const auto report = jvm::register_java_plugins({unlisted_path, java_plugins + "/good"},
                                                   settings(jvm::plugin_discovery_mode::only_scan, cache.file("")),
                                                   registry);
    REQUIRE(report.jvm_started);
    CHECK(registry.find(unlisted_source) != nullptr);
    CHECK(registry.find(shout) != nullptr);
    const loader::plugin_entry* good = registry.find("copycat.test.good.GoodSourceConnector");
    REQUIRE(good != nullptr);
    CHECK(good->version == "1.2.3");
    CHECK(registry.find("copycat.test.good.UpperCase") != nullptr);
    CHECK_FALSE(jvm::hybrid_discovery_issue_of(jvm::plugin_discovery_mode::only_scan, report.without_manifest));
}

TEST_CASE("service_load finds only what manifests name: the jar without any is not a plugin") {
    file::test::temp_dir cache;
    loader::plugin_registry registry;
    const auto report = jvm::register_java_plugins(
        {unlisted_path, java_plugins + "/good"}, settings(jvm::plugin_discovery_mode::service_load, cache.file("")),
        registry);
    REQUIRE(report.jvm_started);
    CHECK(registry.find(unlisted_source) == nullptr);
    CHECK(registry.find(shout) == nullptr);
    CHECK(registry.find("copycat.test.good.GoodSourceConnector") != nullptr);
    CHECK(any_contains(report.refused, unlisted, "no Kafka Connect plugin found"));
    CHECK(report.without_manifest.empty());
    CHECK(report.scanned_classes == 0);
    CHECK(fs::is_empty(cache.file("")));  // no scan, no cache
}

TEST_CASE("The reflective scan is cached per location and scanned again when a jar changes") {
    file::test::temp_dir work;
    const fs::path location = fs::path(work.file("plugin"));
    fs::create_directories(location);
    fs::copy_file(unlisted + "/unlisted.jar", location / "unlisted.jar");
    const auto bridge = settings(jvm::plugin_discovery_mode::hybrid_warn, work.file("cache"));
    auto vm = jvm::start_bridge_jvm(bridge);
    REQUIRE(vm);
    const auto scan = [&] {
        auto found = jvm::discover_location(**vm, location.string(), bridge);
        REQUIRE(found);
        std::size_t plugins = found->find("plugins")->as_array().size();
        CHECK(plugins == 2);
        return found->find("scan")->find("cached")->as_bool();
    };
    CHECK_FALSE(scan());
    CHECK(std::distance(fs::directory_iterator(work.file("cache")), fs::directory_iterator()) == 1);
    CHECK(scan());
    CHECK(scan());
    // Another jar in the location: the key differs, the location is scanned again, then cached.
    fs::copy_file(java_plugins + "/not-a-plugin.jar", location / "more.jar");
    CHECK_FALSE(scan());
    CHECK(scan());
    // A cache file that is not JSON is no error: the location is scanned again and the file rewritten.
    for (const auto& file : fs::directory_iterator(work.file("cache")))
        file::test::write_file(file.path().string(), "{", true);
    CHECK_FALSE(scan());
    CHECK(scan());
    // A cache directory that cannot be made (its parent is a file) is no error either: every scan runs.
    file::test::write_file(work.file("a-file"), "x");
    auto unwritable = bridge;
    unwritable.scan_cache_dir = work.file("a-file") + "/cache";
    for (int i = 0; i < 2; ++i) {
        auto found = jvm::discover_location(**vm, location.string(), unwritable);
        REQUIRE(found);
        CHECK(found->find("plugins")->as_array().size() == 2);
        CHECK_FALSE(found->find("scan")->find("cached")->as_bool());
        CHECK_FALSE(found->find("scan")->find("cache_written")->as_bool());
    }
}

TEST_CASE("copycat plugin-path list prints Kafka's table of loadable plugins and their manifests") {
    file::test::temp_dir cache;
    ::setenv("COPYCAT_CACHE_DIR", cache.file("").c_str(), 1);
    std::ostringstream out, err;
    const int rc = app::run_plugin_path(
{"list", "--plugin-location", unlisted, "--plugin-path", java_plugins}, out, err);
    INFO(err.str());
    REQUIRE(rc == 0);
    const std::string table = out.str();
    INFO(table);
    CHECK(table.rfind("pluginName\tfirstAlias\tsecondAlias\tpluginVersion\tpluginType\tisLoadable\thasManifest\t"
                      "pluginLocation\n",
                      0) == 0);
    CHECK_THAT(table, Catch::Contains(unlisted_source + "\tUnlistedSourceConnector\tUnlistedSource\t0.9.1\tsource\t"
                                                        "true\tfalse\t" + unlisted + "\n"));
    CHECK_THAT(table, Catch::Contains(shout + "\tShout\tN/A\tundefined\ttransformation\ttrue\tfalse\t" + unlisted));
    CHECK_THAT(table, Catch::Contains("copycat.test.good.GoodSourceConnector\tGoodSourceConnector\tGoodSource\t1.2.3\t"
                                      "source\ttrue\ttrue\t" + java_plugins + "/good\n"));
    // A manifest naming a class that cannot be instantiated: listed, not loadable.
    CHECK_THAT(table, Catch::Contains("copycat.test.bad.ThrowingConverter\tN/A\tN/A\tundefined\tconverter\tfalse\t"
                                      "true\t" +
                                      java_plugins + "/bad\n"));
    CHECK_THAT(err.str(), Catch::Contains(unlisted + ": a plugin class cannot be used: Unable to instantiate "
                                                     "copycat.test.unlisted.HiddenPredicate$NeedsArgument"));
    CHECK_THAT(table, Catch::Contains("\n\nTotal plugins:      \t"));
    CHECK_THAT(table, Catch::Contains("Compatible plugins: \t"));

    std::ostringstream help_out, help_err;
    CHECK(app::run_plugin_path({"list", "--help"}, help_out, help_err) == 0);
    CHECK_THAT(help_out.str(), Catch::StartsWith("Usage: copycat plugin-path list [--plugin-location LOCATION]..."));
    std::ostringstream none_out, none_err;
    CHECK(app::run_plugin_path({"list"}, none_out, none_err) == 1);
    CHECK_THAT(none_err.str(), Catch::Contains("--plugin-location, --plugin-path, or --worker-config"));
    std::ostringstream missing_out, missing_err;
    CHECK(app::run_plugin_path({"list", "--plugin-location", cache.file("nowhere")}, missing_out, missing_err) == 2);
    CHECK_THAT(missing_err.str(), Catch::Contains("Specified location " + cache.file("nowhere") + " does not exist"));
}

TEST_CASE("copycat plugin-path list takes the locations of a worker file's plugin.path") {
    file::test::temp_dir cache;
    ::setenv("COPYCAT_CACHE_DIR", cache.file("").c_str(), 1);
    const std::string worker = cache.file("worker.properties");
    file::test::write_file(worker, "plugin.path=" + unlisted_path + "\n");
    std::ostringstream from_file, from_file_err;
    REQUIRE(app::run_plugin_path({"list", "--worker-config=" + worker}, from_file, from_file_err) == 0);
    CHECK_THAT(from_file.str(), Catch::Contains(unlisted_source + "\tUnlistedSourceConnector\t"));
    CHECK_THAT(from_file.str(), Catch::EndsWith("Total plugins:      \t2\nLoadable plugins:   \t2\n"
                                                "Compatible plugins: \t0\n"));
}
