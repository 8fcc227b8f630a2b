#include "cli/arguments.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

#include "cli/exit_code.hpp"

namespace copycat::cli {
namespace {

// Options every verb takes.
constexpr std::string_view kGlobal[] = {"url", "user", "password", "cacert", "insecure", "output", "timeout", "help"};

error usage(std::string message) { return make_error(exit_code::usage, std::move(message)); }

const option_spec* find_long(std::string_view name) {
    for (const auto& o : all_options())
        if (o.name == name) return &o;
    return nullptr;
}

const option_spec* find_short(char c) {
    for (const auto& o : all_options())
        if (o.short_name == c) return &o;
    return nullptr;
}

bool is_global(std::string_view name) {
    return std::find(std::begin(kGlobal), std::end(kGlobal), name) != std::end(kGlobal);
}

bool group_exists(std::string_view group) {
    return std::any_of(all_verbs().begin(), all_verbs().end(), [&](const verb_spec& v) { return v.group == group; });
}

std::string verbs_of(std::string_view group) {
    std::string out;
    for (const auto& v : all_verbs()) {
        if (v.group != group) continue;
        if (!out.empty()) out += ", ";
        out += v.name;
    }
    return out;
}

std::size_t word_count(std::string_view s) { return static_cast<std::size_t>(std::count(s.begin(), s.end(), ' ')) + 1; }

// The verb of `group` named by the positionals after the group (the longest name that matches).
const verb_spec* match_verb(std::string_view group, std::span<const std::string> words, std::size_t& used) {
    const verb_spec* best = nullptr;
    for (const auto& v : all_verbs()) {
        if (v.group != group) continue;
        const std::size_t n = word_count(v.name);
        if (n > words.size()) continue;
        std::string joined;
        for (std::size_t i = 0; i < n; ++i) joined += (i ? " " : "") + words[i];
        if (joined == v.name && (best == nullptr || n > used)) {
            best = &v;
            used = n;
        }
    }
    return best;
}

std::string option_usage(const option_spec& o) {
    std::string out = o.short_name ? fmt::format("-{}, --{}", o.short_name, o.name) : fmt::format("    --{}", o.name);
    if (!o.value.empty()) out += " " + std::string(o.value);
    return out;
}

void append_options(std::string& out, const std::vector<std::string_view>& names) {
    for (auto name : names) {
        const option_spec* o = find_long(name);
        out += fmt::format("  {:<30} {}\n", option_usage(*o), o->help);
    }
}

constexpr std::string_view kExitCodes =
    "Exit codes: 0 ok, 1 usage or bad config file, 2 worker unreachable (or no answer in time),\n"
    "3 HTTP 4xx, 4 HTTP 5xx, 5 --wait timed out, 6 connector or task FAILED while waiting,\n"
    "7 plugins validate found errors.\n";

}  // namespace

const std::vector<option_spec>& all_options() {
    static const std::vector<option_spec> options = {
        {"url", 0, "URL", "a worker's REST URL (default $COPYCAT_URL or http://localhost:8083)"},
        {"user", 0, "USER", "basic authentication user (default $COPYCAT_USER)"},
        {"password", 0, "PASSWORD", "basic authentication password (default $COPYCAT_PASSWORD)"},
        {"cacert", 0, "FILE", "PEM file of the CA certificates to trust for https"},
        {"insecure", 0, "", "https: accept any certificate and host name"},
        {"output", 'o', "FORMAT", "table (default) or json"},
        {"timeout", 0, "DURATION", "time limit of each HTTP request (default 30s)"},
        {"help", 'h', "", "show this help"},
        {"file", 'f', "FILE", "connector config: JSON (plain or {\"name\",\"config\"}) or .properties; - is stdin"},
        {"set", 0, "KEY=VALUE", "change one config key (repeatable)"},
        {"wait", 0, "", "block until the connector reaches the verb's state (see above)"},
        {"wait-timeout", 0, "DURATION", "how long --wait waits (default 60s)"},
        {"include-tasks", 0, "", "restart the tasks too"},
        {"only-failed", 0, "", "restart only what is FAILED"},
        {"task", 0, "ID", "restart only this task"},
        {"all", 0, "", "list converters, transformations and predicates too"},
    };
    return options;
}

const std::vector<verb_spec>& all_verbs() {
    static const std::vector<verb_spec> verbs = {
        {"connectors", "list", "", 0, 0, {}, "list the connectors with their type, state and tasks"},
        {"connectors", "get", "NAME", 1, 1, {}, "show a connector's config and tasks"},
        {"connectors", "status", "NAME", 1, 1, {}, "show the state of a connector and its tasks"},
        {"connectors",
         "create",
         "[NAME]",
         0,
         1,
         {"file", "wait", "wait-timeout"},
         "create a connector from -f (NAME or the file's \"name\"); --wait: until RUNNING"},
        {"connectors",
         "update",
         "NAME",
         1,
         1,
         {"file", "set", "wait", "wait-timeout"},
         "replace the config (-f) or change keys (--set); creates it if absent; --wait: until RUNNING"},
        {"connectors",
         "scale",
         "NAME TASKS",
         2,
         2,
         {"wait", "wait-timeout"},
         "set tasks.max; --wait: until RUNNING with the new config"},
        {"connectors", "delete", "NAME", 1, 1, {"wait", "wait-timeout"}, "delete a connector; --wait: until gone"},
        {"connectors", "pause", "NAME", 1, 1, {"wait", "wait-timeout"}, "pause; --wait: until PAUSED"},
        {"connectors", "resume", "NAME", 1, 1, {"wait", "wait-timeout"}, "resume; --wait: until RUNNING"},
        {"connectors", "stop", "NAME", 1, 1, {"wait", "wait-timeout"}, "stop (no tasks); --wait: until STOPPED"},
        {"connectors",
         "restart",
         "NAME",
         1,
         1,
         {"include-tasks", "only-failed", "task", "wait", "wait-timeout"},
         "restart a connector (or one --task); --wait: until RUNNING"},
        {"connectors", "offsets get", "NAME", 1, 1, {}, "show a connector's offsets"},
        {"connectors", "offsets reset", "NAME", 1, 1, {}, "reset the offsets of a STOPPED connector"},
        {"connectors",
         "offsets alter",
         "NAME",
         1,
         1,
         {"file"},
         "alter the offsets of a STOPPED connector from -f ({\"offsets\": [...]} as Kafka takes it)"},
        {"plugins", "list", "", 0, 0, {"all"}, "list the installed connector plugins"},
        {"plugins",
         "validate",
         "[CLASS]",
         0,
         1,
         {"file"},
         "validate the config of -f (CLASS or its connector.class) and show the errors per key"},
        {"cluster", "info", "", 0, 0, {}, "show the worker's version, the Kafka cluster id and the workers' work"},
    };
    return verbs;
}

std::string invocation::value(std::string_view name, std::string_view fallback) const {
    auto it = options.find(name);
    return it == options.end() ? std::string(fallback) : it->second.back();
}

const std::vector<std::string>& invocation::values(std::string_view name) const {
    static const std::vector<std::string> none;
    auto it = options.find(name);
    return it == options.end() ? none : it->second;
}

result<invocation> parse_arguments(std::span<const std::string> args) {
    invocation inv;
    std::vector<std::string> positionals;
    bool options_done = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (options_done || arg == "-" || arg.empty() || arg[0] != '-') {
            positionals.push_back(arg);
            continue;
        }
        if (arg == "--") {
            options_done = true;
            continue;
        }
        const option_spec* spec = nullptr;
        std::optional<std::string> inline_value;
        if (arg.rfind("--", 0) == 0) {
            const auto eq = arg.find('=');
            spec = find_long(std::string_view(arg).substr(2, eq == std::string::npos ? std::string::npos : eq - 2));
            if (eq != std::string::npos) inline_value = arg.substr(eq + 1);
        } else {
            spec = find_short(arg[1]);
            if (arg.size() > 2) inline_value = arg.substr(2);
        }
        if (spec == nullptr) return usage("unknown option " + arg);
        std::string value;
        if (spec->value.empty()) {
            if (inline_value) return usage(fmt::format("--{} takes no value", spec->name));
        } else if (inline_value) {
            value = *inline_value;
        } else if (i + 1 < args.size()) {
            value = args[++i];
        } else {
            return usage(fmt::format("--{} needs a value ({})", spec->name, spec->value));
        }
        inv.options[std::string(spec->name)].push_back(std::move(value));
    }
    inv.help = inv.has("help");

    if (positionals.empty()) {
        if (inv.help) return inv;
        return usage("missing a command: connectors, plugins or cluster (see --help)");
    }
    inv.group = positionals[0];
    if (!group_exists(inv.group)) return usage("unknown command '" + inv.group + "' (see --help)");
    std::size_t used = 0;
    inv.verb = match_verb(inv.group, std::span(positionals).subspan(1), used);
    if (inv.verb == nullptr) {
        if (inv.help && positionals.size() == 1) return inv;
        return usage(fmt::format("{} needs one of: {}", inv.group, verbs_of(inv.group)) +
                     (positionals.size() > 1 ? " (got '" + positionals[1] + "')" : ""));
    }
    if (inv.help) return inv;
    inv.args.assign(positionals.begin() + 1 + static_cast<std::ptrdiff_t>(used), positionals.end());

    const std::string verb = fmt::format("{} {}", inv.group, inv.verb->name);
    for (const auto& [name, values] : inv.options) {
        const auto& own = inv.verb->options;
        if (!is_global(name) && std::find(own.begin(), own.end(), name) == own.end())
            return usage(fmt::format("{} does not take --{}", verb, name));
    }
    if (inv.args.size() < inv.verb->min_args || inv.args.size() > inv.verb->max_args)
        return usage(fmt::format("usage: copycat-cli {} {}", verb, inv.verb->args));
    if (const auto out = inv.value("output", "table"); out != "table" && out != "json")
        return usage("--output must be table or json, not '" + out + "'");
    return inv;
}

std::string help_text(const invocation& inv) {
    std::string out;
    if (inv.verb != nullptr) {
        out += fmt::format("usage: copycat-cli {} {} {}[options]\n\n{}\n\nOptions:\n", inv.group, inv.verb->name,
                           inv.verb->args.empty() ? "" : std::string(inv.verb->args) + " ", inv.verb->summary);
        append_options(out, inv.verb->options);
        append_options(out, {std::begin(kGlobal), std::end(kGlobal)});
        return out + "\n" + std::string(kExitCodes);
    }
    out +=
        "usage: copycat-cli [options] <command> <verb> [args]\n\n"
        "Talks to a Copycat (or Kafka Connect) worker's REST API.\n\nCommands:\n";
    for (const auto& v : all_verbs()) {
        if (!inv.group.empty() && v.group != inv.group) continue;
        out += fmt::format("  {:<34} {}\n", fmt::format("{} {} {}", v.group, v.name, v.args), v.summary);
    }
    out += "\nOptions (every command):\n";
    append_options(out, {std::begin(kGlobal), std::end(kGlobal)});
    return out + "\n'copycat-cli <command> <verb> --help' shows a verb's own options.\n" + std::string(kExitCodes);
}

result<std::chrono::milliseconds> parse_duration(std::string_view text, std::string_view option) {
    long long number = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), number);
    const std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
    const auto bad = [&] {
        return usage(fmt::format("--{} takes a duration such as 30s, 500ms or 2m, not '{}'", option, text));
    };
    if (ec != std::errc{} || number < 0) return bad();
    if (unit == "ms") return std::chrono::milliseconds(number);
    if (unit == "s" || unit.empty()) return std::chrono::milliseconds(number * 1000);
    if (unit == "m") return std::chrono::milliseconds(number * 60'000);
    return bad();
}

result<connection_settings> connection_from(const invocation& inv, const environment& env) {
    connection_settings out;
    const auto pick = [&](std::string_view option, const char* variable) -> std::optional<std::string> {
        if (inv.has(option)) return inv.value(option);
        return env(variable);
    };
    if (auto url = pick("url", "COPYCAT_URL"); url && !url->empty()) out.url = *url;
    if (out.url.rfind("http://", 0) != 0 && out.url.rfind("https://", 0) != 0)
        return usage("--url must start with http:// or https://, not '" + out.url + "'");
    out.user = pick("user", "COPYCAT_USER");
    if (out.user && out.user->empty()) out.user.reset();
    out.password = pick("password", "COPYCAT_PASSWORD").value_or("");
    out.cacert = inv.value("cacert");
    out.insecure = inv.has("insecure");
    if (inv.has("timeout")) {
        COPYCAT_TRY(out.timeout, parse_duration(inv.value("timeout"), "timeout"));
    }
    return out;
}

}  // namespace copycat::cli
