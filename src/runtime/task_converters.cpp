#include "runtime/task_converters.hpp"

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "converters/builtin_converters.hpp"
#include "loader/plugin_registry.hpp"
#include "runtime/error_trace.hpp"

namespace copycat::runtime {
namespace {

std::map<std::string, std::string> with_prefix(const string_map& config, const std::string& prefix) {
    std::map<std::string, std::string> out;
    for (auto it = config.lower_bound(prefix); it != config.end() && it->first.starts_with(prefix); ++it) {
        if (it->first.size() > prefix.size()) out.emplace(it->first.substr(prefix.size()), it->second);
    }
    return out;
}

// Creates an instance of `T` of plugin `kind` named `name`, falling back to the built-in
// converter list for a built-in registered under its other kind.
template <class T>
result<std::unique_ptr<T>> instantiate(const loader::plugin_registry& plugins, const std::string& name,
                                       plugin_kind kind, const std::string& key) {
    auto entry = plugins.find(name, {kind});
    if (entry) return (*entry)->template create<T>();
    const loader::plugin_entry* any = plugins.find(name);
    const std::string full_name = any != nullptr ? any->class_name : name;
    if (const auto* builtin = converters::find_builtin_converter(full_name)) {
        if constexpr (std::is_same_v<T, header_converter>) {
            return builtin->make_header_converter();
        } else {
            if (builtin->make_converter != nullptr) return builtin->make_converter();
        }
    }
    return make_error(errc::invalid_argument,
                      "Invalid value " + name + " for configuration " + key + ": " + entry.err().message);
}

template <class T, class Configure>
result<std::unique_ptr<T>> make_converter(const loader::plugin_registry& plugins, const string_map& connector_config,
                                          const worker_config& worker, std::string_view key, plugin_kind kind,
                                          Configure configure) {
    COPYCAT_TRY(auto spec, resolve_converter(key, connector_config, worker));
    COPYCAT_TRY(auto instance, instantiate<T>(plugins, spec.class_name, kind, std::string(key)));
    try {
        configure(*instance, spec.configs);
    } catch (...) {
        return make_error(errc::invalid_argument, "Failed to configure " + std::string(key) + " " + spec.class_name +
                                                      ": " + error_trace(std::current_exception()));
    }
    log::info("Set up the {} {} using the {} config", key, spec.class_name,
              spec.from_connector ? "connector" : "worker");
    return instance;
}

}  // namespace

result<converter_spec> resolve_converter(std::string_view key, const string_map& connector_config,
                                         const worker_config& worker) {
    const std::string k(key);
    const std::string prefix = k + ".";
    converter_spec spec;
    if (auto it = connector_config.find(key); it != connector_config.end() && !trim(it->second).empty()) {
        spec.class_name = trim(it->second);
        spec.configs = with_prefix(connector_config, prefix);
        spec.from_connector = true;
        return spec;
    }
    if (key == "key.converter") {
        spec.class_name = worker.key_converter;
    } else if (key == "value.converter") {
        spec.class_name = worker.value_converter;
    } else {
        spec.class_name = worker.header_converter;
    }
    if (auto it = worker.originals.find(key); it != worker.originals.end() && !trim(it->second).empty()) {
        spec.class_name = it->second;
    }
    spec.class_name = std::string(trim(spec.class_name));
    if (spec.class_name.empty()) {
        return make_error(errc::invalid_argument,
                          "Missing required configuration \"" + k + "\" which has no default value.");
    }
    spec.configs = with_prefix(worker.originals, prefix);
    return spec;
}

result<task_converters> task_converters::create(const loader::plugin_registry& plugins,
                                                const string_map& connector_config, const worker_config& worker) {
    task_converters out;
    COPYCAT_TRY(out.key,
                make_converter<converter>(plugins, connector_config, worker, "key.converter", plugin_kind::converter,
                                          [](converter& c, const auto& configs) { c.configure(configs, true); }));
    COPYCAT_TRY(out.value,
                make_converter<converter>(plugins, connector_config, worker, "value.converter", plugin_kind::converter,
                                          [](converter& c, const auto& configs) { c.configure(configs, false); }));
    COPYCAT_TRY(out.header,
                make_converter<header_converter>(plugins, connector_config, worker, "header.converter",
                                                 plugin_kind::header_converter, [](header_converter& c, auto configs) {
                                                     configs.insert_or_assign("converter.type", "header");
                                                     c.configure(configs);
                                                 }));
    return out;
}

void task_converters::close() {
    try {
        if (key) key->close();
        if (value) value->close();
        if (header) header->close();
    } catch (...) {
        log::warn("closing converters failed: {}", error_trace(std::current_exception()));
    }
}

}  // namespace copycat::runtime
