#include "jvm/java_plugins.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <memory>
#include <system_error>

#include "common/json.hpp"
#include "jvm/java_class.hpp"
#include "jvm/java_plugin_locations.hpp"
#include "jvm/jvm.hpp"
#include "jvm/jvm_library.hpp"
#include "jvm/jvm_options.hpp"
#include "jvm/plugin_logging.hpp"

namespace copycat::jvm {
namespace {

namespace fs = std::filesystem;

// The bridge's jars: installed beside the binary (<prefix>/bin/copycat ->
// <prefix>/lib/copycat/jvm, as the Debian package lays them out) when they are there, else the
// build tree's (docs/jvm-bridge.md "Where the bridge's jars are").
std::string bridge_dir_of_this_binary() {
    std::error_code ec;
    const fs::path binary = fs::read_symlink("/proc/self/exe", ec);
    if (!ec) {
        const fs::path installed = binary.parent_path().parent_path() / "lib" / "copycat" / "jvm";
        if (fs::exists(installed / "copycat-bridge.jar", ec)) return installed.string();
    }
    return COPYCAT_JVM_BRIDGE_DIR;
}

// copycat-bridge.jar, then the API jars in name order.
result<std::vector<std::string>> bridge_class_path(const std::string& bridge_dir) {
    const fs::path jar = fs::path(bridge_dir) / "copycat-bridge.jar";
    std::error_code ec;
    if (!fs::is_regular_file(jar, ec))
        return make_error(errc::not_found, fmt::format("The JVM bridge's jar {} is missing", jar.string()));
    std::vector<std::string> out{jar.string()};
    std::vector<std::string> api;
    for (const auto& file : fs::directory_iterator(fs::path(bridge_dir) / "lib", ec))
        if (file.path().extension() == ".jar") api.push_back(file.path().string());
    std::sort(api.begin(), api.end());
    out.insert(out.end(), api.begin(), api.end());
    return out;
}

// From one location's answer: the scan's figures, the classes it passed over, the plugins no manifest names.
void note_scan(const std::string& location, const json::value& found, const java_bridge_settings& settings,
               java_scan_report& report) {
    if (const json::value* skipped = found.find("skipped"))
        for (const json::value& s : skipped->as_array())
            report.skipped.push_back(fmt::format("{}: {}", location, s.as_string()));
    if (const json::value* scan = found.find("scan")) {
        report.scanned_classes += static_cast<std::size_t>(scan->find("classes")->as_int64());
        if (scan->find("cached")->as_bool()) ++report.cached_locations;
        report.scan_millis += scan->find("millis")->as_int64();
    }
    if (!reflectively_scans(settings.discovery)) return;
    if (const json::value* plugins = found.find("plugins"))
        for (const json::value& plugin : plugins->as_array())
            for (const json::value& type : plugin.find("without_manifest")->as_array())
                report.without_manifest.push_back({location, plugin.find("class")->as_string(), type.as_string(),
                                                   plugin.find("version")->as_string()});
}

void register_location(const std::shared_ptr<java_vm>& vm, const std::string& location, const json::value& found,
                       const java_bridge_settings& settings, loader::plugin_registry& registry,
                       java_scan_report& report) {
    if (const json::value* errors = found.find("errors"))
        for (const json::value& e : errors->as_array())
            report.refused.push_back(fmt::format("{}: a plugin class cannot be used: {}", location, e.as_string()));
    const json::value* providers = found.find("config_providers");
    if (providers != nullptr)
        for (const json::value& p : providers->as_array())
            report.config_providers.push_back(fmt::format("{} from {}", p.as_string(), location));
    const json::value* plugins = found.find("plugins");
    if (plugins == nullptr || plugins->as_array().empty()) {
        if (providers == nullptr || providers->as_array().empty())
            report.refused.push_back(fmt::format(
                "{}: no Kafka Connect plugin found (no usable {}Connector, Converter, HeaderConverter, Transformation, "
                "Predicate, nor a ConfigProvider manifest; plugin.discovery={})",
                location,
                service_loads(settings.discovery) && reflectively_scans(settings.discovery) ? "class or manifest for "
                : reflectively_scans(settings.discovery)                                    ? "class implementing "
                                                                                          : "manifest for ",
                plugin_discovery_mode_name(settings.discovery)));
        return;
    }
    for (const json::value& plugin : plugins->as_array()) {
        loader::foreign_class_entry entry;
        entry.class_name = plugin.find("class")->as_string();
        entry.version = plugin.find("version")->as_string();
        std::vector<std::string> types;
        for (const json::value& type : plugin.find("types")->as_array()) {
            types.push_back(type.as_string());
            if (auto kind = plugin_kind_of_type(type.as_string())) entry.kinds.push_back(*kind);
        }
        entry.origin = std::make_shared<java_class>(vm, location, entry.class_name);
        const auto& preferred = settings.preferred_classes;
        const bool replace = std::find(preferred.begin(), preferred.end(), entry.class_name) != preferred.end();
        const std::string described =
            fmt::format("{} ({}, {}) from {}", entry.class_name, fmt::join(types, ", "), entry.version, location);
        if (registry.add_foreign(std::move(entry), replace)) report.registered.push_back(described);
    }
}

}  // namespace

constexpr plugin_kind all_kinds[] = {plugin_kind::source_connector, plugin_kind::sink_connector,
                                     plugin_kind::converter,        plugin_kind::header_converter,
                                     plugin_kind::transformation,   plugin_kind::predicate};

std::optional<plugin_kind> plugin_kind_of_type(std::string_view type) {
    for (plugin_kind kind : all_kinds)
        if (plugin_kind_name(kind) == type) return kind;
    return std::nullopt;
}

java_bridge_settings bridge_settings_from_environment(std::string jvm_options,
                                                       std::vector<std::string> preferred_classes) {
    java_bridge_settings out;
    out.jvm_options = std::move(jvm_options);
    out.preferred_classes = std::move(preferred_classes);
    out.bridge_dir = bridge_dir_of_this_binary();
    const char* log_dir = std::getenv("LOG_DIR");
    out.log_dir = log_dir != nullptr && *log_dir != '\0' ? log_dir : fs::current_path().string();
    if (const char* home = std::getenv("JAVA_HOME"); home != nullptr && *home != '\0') out.java_home = home;
    // Copycat's cache root, as deploy/jvm/api-jars.sh has it.
    if (const char* cache = std::getenv("COPYCAT_CACHE_DIR"); cache != nullptr && *cache != '\0')
        out.scan_cache_dir = (fs::path(cache) / "plugin-scan").string();
    else if (const char* user_home = std::getenv("HOME"); user_home != nullptr && *user_home != '\0')
        out.scan_cache_dir = (fs::path(user_home) / ".cache" / "copycat" / "plugin-scan").string();
    return out;
}

result<std::shared_ptr<java_vm>> start_bridge_jvm(const java_bridge_settings& settings) {
    COPYCAT_TRY(auto class_path, bridge_class_path(settings.bridge_dir));
    COPYCAT_TRY(auto library, open_libjvm(settings.java_home));
    const auto options = jvm_options({std::move(class_path), settings.log_dir, settings.jvm_options});
    COPYCAT_TRY(auto vm, java_vm::start(library, options));
    try {
        register_plugin_logging(vm->env());
    } catch (const std::exception& e) {
        return make_error(errc::internal, e.what());
    }
    return vm;
}

result<json::value> discover_location(java_vm& vm, const std::string& location, const java_bridge_settings& settings) {
    JNIEnv* env = vm.env();
    local_ref<jclass> discovery(env, env->FindClass("copycat/bridge/PluginDiscovery"));
    if (auto e = java_vm::take_exception(env))
        return make_error(errc::internal, "The JVM bridge's classes are missing: " + e->message);
    constexpr const char* signature = "(Ljava/lang/String;Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;";
    jmethodID method = env->GetStaticMethodID(discovery.get(), "discover", signature);
    if (auto e = java_vm::take_exception(env)) return make_error(errc::internal, e->message);
    local_ref<jstring> where(env, env->NewStringUTF(location.c_str()));
    const std::string mode_name(plugin_discovery_mode_name(settings.discovery));
    local_ref<jstring> mode(env, env->NewStringUTF(mode_name.c_str()));
    local_ref<jstring> cache(env, env->NewStringUTF(settings.scan_cache_dir.c_str()));
    local_ref<jstring> answer(env, static_cast<jstring>(env->CallStaticObjectMethod(
                                       discovery.get(), method, where.get(), mode.get(), cache.get())));
    if (auto e = java_vm::take_exception(env)) return make_error(errc::invalid_argument, e->message);
    return json::parse(to_string(env, answer.get()));
}

java_scan_report register_java_plugins(const std::vector<std::string>& plugin_path,
                                       const java_bridge_settings& settings, loader::plugin_registry& registry) {
    java_scan_report report;
    report.locations = java_plugin_locations(plugin_path);
    if (report.locations.empty()) return report;  // no jars: no JVM

    auto vm = start_bridge_jvm(settings);
    if (!vm) {
        report.refused.push_back(fmt::format("The JVM did not start, so the Java plugins in {} are skipped: {}",
                                             fmt::join(report.locations, ", "), vm.err().message));
        return report;
    }
    report.jvm_started = true;
    report.vm = *vm;
    for (const std::string& location : report.locations) {
        auto found = discover_location(**vm, location, settings);
        if (!found) {
            report.refused.push_back(fmt::format("{}: {}", location, found.err().message));
            continue;
        }
        note_scan(location, *found, settings, report);
        register_location(*vm, location, *found, settings, registry, report);
    }
    return report;
}

}  // namespace copycat::jvm
