#include "app/plugin_path_command.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <filesystem>
#include <optional>
#include <set>
#include <tuple>

#include "app/plugin_setup.hpp"
#include "common/json.hpp"
#include "common/properties.hpp"
#include "common/strings.hpp"
#include "jvm/java_plugin_locations.hpp"
#include "jvm/java_plugins.hpp"
#include "loader/plugin_alias.hpp"

namespace copycat::app {
namespace {

constexpr std::string_view usage =
    "Usage: copycat plugin-path list [--plugin-location LOCATION]... [--plugin-path PATH]... "
    "[--worker-config FILE]...\n"
    "  --plugin-location  a single plugin location (jar file or directory)\n"
    "  --plugin-path      a comma-delimited list of locations containing plugins\n"
    "  --worker-config    a Connect worker configuration file (its plugin.path)\n";

constexpr std::string_view no_alias = "N/A";

struct row {
    std::string location, class_name, type, version;
    std::vector<std::string> aliases;
    bool loadable = false;
    bool has_manifest = false;
};

struct options {
    std::vector<std::string> locations, plugin_paths, worker_configs;
};

// nullopt after printing why the arguments are wrong.
std::optional<options> parse_options(const std::vector<std::string>& args, std::ostream& err) {
    if (args.empty() || args[0] != "list") {
        err << (args.empty() ? "copycat plugin-path: no subcommand specified\n"
                             : "copycat plugin-path: unrecognized subcommand: '" + args[0] + "'\n")
            << usage;
        return std::nullopt;
    }
    options out;
    for (std::size_t i = 1; i < args.size(); ++i) {
        std::string name = args[i];
        std::optional<std::string> value;
        if (auto eq = name.find('='); eq != std::string::npos) {
            value = name.substr(eq + 1);
            name.resize(eq);
        } else if (i + 1 < args.size()) {
            value = args[++i];
        }
        std::vector<std::string>* into = name == "--plugin-location" ? &out.locations
                                         : name == "--plugin-path"   ? &out.plugin_paths
                                         : name == "--worker-config" ? &out.worker_configs
                                                                     : nullptr;
        if (into == nullptr || !value) {
            err << "copycat plugin-path: " << (into == nullptr ? "unrecognized argument " : "expected a value after ")
                << name << "\n"
                << usage;
            return std::nullopt;
        }
        into->push_back(*value);
    }
    if (out.locations.empty() && out.plugin_paths.empty() && out.worker_configs.empty()) {
        err << "copycat plugin-path: must specify at least one --plugin-location, --plugin-path, or --worker-config\n"
            << usage;
        return std::nullopt;
    }
    return out;
}

// One location's rows from the bridge's answer (PluginDiscovery.discover, both scans).
void add_rows(const std::string& location, const json::value& found, std::vector<row>& rows) {
    for (const json::value& plugin : found.find("plugins")->as_array()) {
        const std::string& name = plugin.find("class")->as_string();
        for (const json::value& type : plugin.find("types")->as_array()) {
            row r{location, name, type.as_string(), plugin.find("version")->as_string(), {}, true, true};
            r.aliases.push_back(loader::simple_name(name));
            if (auto kind = jvm::plugin_kind_of_type(r.type)) {
                std::string pruned = loader::pruned_name(name, *kind);
                if (pruned != r.aliases.front()) r.aliases.push_back(std::move(pruned));
            }
            for (const json::value& unlisted : plugin.find("without_manifest")->as_array())
                if (unlisted.as_string() == r.type) r.has_manifest = false;
            rows.push_back(std::move(r));
        }
    }
    for (const json::value& entry : found.find("not_loadable")->as_array())
        rows.push_back({location, entry.find("class")->as_string(), entry.find("type")->as_string(), "undefined", {},
                        false, true});
}

void print_row(std::ostream& out, const std::vector<std::string>& cells) {
    out << fmt::format("{}\n", fmt::join(cells, "\t"));
}

}  // namespace

int run_plugin_path(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (std::find_if(args.begin(), args.end(), [](const std::string& a) { return a == "--help" || a == "-h"; }) !=
        args.end()) {
        out << usage;
        return 0;
    }
    const auto opts = parse_options(args, err);
    if (!opts) return 1;
    std::vector<std::string> plugin_path;
    std::string jvm_options;
    for (const std::string& file : opts->worker_configs) {
        auto props = read_properties_file(file);
        if (!props) {
            err << "Unable to read worker config at " << file << "\n";
            return 2;
        }
        const plugin_settings settings = plugin_settings_of(*props);
        plugin_path.insert(plugin_path.end(), settings.plugin_path.begin(), settings.plugin_path.end());
        if (jvm_options.empty()) jvm_options = settings.java_bridge_jvm_options;
    }
    for (const std::string& path : opts->plugin_paths)
        for (std::string& element : split_list(path)) plugin_path.push_back(std::move(element));
    std::vector<std::string> locations = jvm::java_plugin_locations(plugin_path);
    for (const std::string& location : opts->locations) {
        std::error_code ec;
        if (!std::filesystem::exists(location, ec)) {
            err << "Specified location " << location << " does not exist\n";
            return 2;
        }
        if (std::find(locations.begin(), locations.end(), location) == locations.end()) locations.push_back(location);
    }

    std::vector<row> rows;
    if (!locations.empty()) {
        auto settings = jvm::bridge_settings_from_environment(jvm_options, {});
        settings.discovery = jvm::plugin_discovery_mode::hybrid_warn;  // both scans: loadable and manifest
        auto vm = jvm::start_bridge_jvm(settings);
        if (!vm) {
            err << "The JVM did not start: " << vm.err().message << "\n";
            return 3;
        }
        for (const std::string& location : locations) {
            auto found = jvm::discover_location(**vm, location, settings);
            if (!found) {
                err << location << ": " << found.err().message << "\n";
                return 2;
            }
            add_rows(location, *found, rows);
            for (const json::value& e : found->find("errors")->as_array())
                err << location << ": a plugin class cannot be used: " << e.as_string() << "\n";
        }
    }
    std::sort(rows.begin(), rows.end(), [](const row& a, const row& b) {
        return std::tie(a.location, a.class_name, a.type) < std::tie(b.location, b.class_name, b.type);
    });
    // Kafka's columns; the location last because it is the least important and most repetitive.
    print_row(out, {"pluginName", "firstAlias", "secondAlias", "pluginVersion", "pluginType", "isLoadable",
                    "hasManifest", "pluginLocation"});
    std::size_t loadable = 0, compatible = 0;
    for (const row& r : rows) {
        loadable += r.loadable ? 1 : 0;
        compatible += r.loadable && r.has_manifest ? 1 : 0;
        print_row(out, {r.class_name, r.aliases.size() > 0 ? r.aliases[0] : std::string(no_alias),
                        r.aliases.size() > 1 ? r.aliases[1] : std::string(no_alias), r.version, r.type,
                        r.loadable ? "true" : "false", r.has_manifest ? "true" : "false", r.location});
    }
    // An empty line parts the table from the summary, as in Kafka's output.
    out << "\n"
        << fmt::format("Total plugins:      \t{}\nLoadable plugins:   \t{}\nCompatible plugins: \t{}\n", rows.size(),
                       loadable, compatible);
    return 0;
}

}  // namespace copycat::app
