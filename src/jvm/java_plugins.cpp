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

constexpr plugin_kind all_kinds[] = {plugin_kind::source_connector, plugin_kind::sink_connector,
                                     plugin_kind::converter,        plugin_kind::header_converter,
                                     plugin_kind::transformation,   plugin_kind::predicate};

std::optional<plugin_kind> kind_named(std::string_view type) {
    for (plugin_kind kind : all_kinds)
        if (plugin_kind_name(kind) == type) return kind;
    return std::nullopt;
}

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

result<std::shared_ptr<java_vm>> start_jvm(const java_bridge_settings& settings) {
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

// PluginDiscovery.discover(location) as parsed JSON.
result<json::value> discover(java_vm& vm, const std::string& location) {
    JNIEnv* env = vm.env();
    local_ref<jclass> discovery(env, env->FindClass("copycat/bridge/PluginDiscovery"));
    if (auto e = java_vm::take_exception(env))
        return make_error(errc::internal, "The JVM bridge's classes are missing: " + e->message);
    jmethodID method = env->GetStaticMethodID(discovery.get(), "discover", "(Ljava/lang/String;)Ljava/lang/String;");
    if (auto e = java_vm::take_exception(env)) return make_error(errc::internal, e->message);
    local_ref<jstring> where(env, env->NewStringUTF(location.c_str()));
    local_ref<jstring> answer(env, static_cast<jstring>(env->CallStaticObjectMethod(discovery.get(), method, where.get())));
    if (auto e = java_vm::take_exception(env)) return make_error(errc::invalid_argument, e->message);
    return json::parse(to_string(env, answer.get()));
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
            report.refused.push_back(fmt::format("{}: no Kafka Connect plugin found (no usable META-INF/services "
                                                 "manifest for Connector, Converter, HeaderConverter, "
                                                 "Transformation, Predicate or ConfigProvider)",
                                                 location));
        return;
    }
    for (const json::value& plugin : plugins->as_array()) {
        loader::foreign_class_entry entry;
        entry.class_name = plugin.find("class")->as_string();
        entry.version = plugin.find("version")->as_string();
        std::vector<std::string> types;
        for (const json::value& type : plugin.find("types")->as_array()) {
            types.push_back(type.as_string());
            if (auto kind = kind_named(type.as_string())) entry.kinds.push_back(*kind);
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

java_bridge_settings bridge_settings_from_environment(std::string jvm_options,
                                                       std::vector<std::string> preferred_classes) {
    java_bridge_settings out;
    out.jvm_options = std::move(jvm_options);
    out.preferred_classes = std::move(preferred_classes);
    out.bridge_dir = bridge_dir_of_this_binary();
    const char* log_dir = std::getenv("LOG_DIR");
    out.log_dir = log_dir != nullptr && *log_dir != '\0' ? log_dir : fs::current_path().string();
    if (const char* home = std::getenv("JAVA_HOME"); home != nullptr && *home != '\0') out.java_home = home;
    return out;
}

java_scan_report register_java_plugins(const std::vector<std::string>& plugin_path,
                                       const java_bridge_settings& settings, loader::plugin_registry& registry) {
    java_scan_report report;
    report.locations = java_plugin_locations(plugin_path);
    if (report.locations.empty()) return report;  // no jars: no JVM

    auto vm = start_jvm(settings);
    if (!vm) {
        report.refused.push_back(fmt::format("The JVM did not start, so the Java plugins in {} are skipped: {}",
                                             fmt::join(report.locations, ", "), vm.err().message));
        return report;
    }
    report.jvm_started = true;
    report.vm = *vm;
    for (const std::string& location : report.locations) {
        auto found = discover(**vm, location);
        if (!found) {
            report.refused.push_back(fmt::format("{}: {}", location, found.err().message));
            continue;
        }
        register_location(*vm, location, *found, settings, registry, report);
    }
    return report;
}

}  // namespace copycat::jvm
