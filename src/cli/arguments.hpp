#pragma once
// copycat-cli's command line: `copycat-cli [options] <group> <verb> [args]` with kcctl-like verbs
// (connectors list|get|status|create|update|scale|delete|pause|resume|stop|restart|offsets ...,
// plugins list|validate, cluster info). Options may come anywhere, as --name value, --name=value
// or -x value; "--" ends them. The tables here are also the source of every --help text.
//
//   auto inv = cli::parse_arguments({"connectors", "pause", "src", "--wait"});
//   inv->verb->name == "pause", inv->args == {"src"}, inv->has("wait")

#include <chrono>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.hpp"

namespace copycat::cli {

struct option_spec {
    std::string_view name;   // long name, without "--"
    char short_name;         // 0: none
    std::string_view value;  // the value's placeholder in help; empty for a flag
    std::string_view help;
};

struct verb_spec {
    std::string_view group;  // "connectors", "plugins", "cluster"
    std::string_view name;   // "list", "offsets get", ...
    std::string_view args;   // the positional arguments, for help
    std::size_t min_args;
    std::size_t max_args;
    std::vector<std::string_view> options;  // besides the global ones
    std::string_view summary;
};

const std::vector<option_spec>& all_options();
const std::vector<verb_spec>& all_verbs();

struct invocation {
    const verb_spec* verb = nullptr;  // null only when help was asked for without a full verb
    std::string group;                // as given, for the help of a group
    std::vector<std::string> args;
    std::map<std::string, std::vector<std::string>, std::less<>> options;  // long name -> values ("" for a flag)
    bool help = false;

    bool has(std::string_view name) const { return options.count(name) != 0; }
    // The last value given, or `fallback`.
    std::string value(std::string_view name, std::string_view fallback = {}) const;
    const std::vector<std::string>& values(std::string_view name) const;
};

// exit_code::usage with a message saying what is wrong (unknown verb or option, a missing value,
// too many or too few arguments, an option the verb does not take).
result<invocation> parse_arguments(std::span<const std::string> args);

// The --help text for the invocation: of its verb, of its group, or of the whole command.
std::string help_text(const invocation& inv);

// "30s", "500ms", "2m" or a plain number of seconds; exit_code::usage otherwise.
result<std::chrono::milliseconds> parse_duration(std::string_view text, std::string_view option);

// Where and how to reach the worker: --url / COPYCAT_URL (default http://localhost:8083), --user /
// COPYCAT_USER and --password / COPYCAT_PASSWORD, --cacert, --insecure, --timeout (default 30 s).
struct connection_settings {
    std::string url = "http://localhost:8083";
    std::optional<std::string> user;
    std::string password;
    std::string cacert;
    bool insecure = false;
    std::chrono::milliseconds timeout{30'000};
};

using environment = std::function<std::optional<std::string>(const char* name)>;

result<connection_settings> connection_from(const invocation& inv, const environment& env);

}  // namespace copycat::cli
