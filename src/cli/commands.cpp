#include "cli/commands.hpp"

#include <charconv>

#include <fmt/format.h>

#include "cli/exit_code.hpp"
#include "cli/views.hpp"
#include "cli/wait.hpp"
#include "common/connector_config_text.hpp"
#include "net/http_client.hpp"

namespace copycat::cli {
namespace {

constexpr std::chrono::milliseconds kDefaultWait{60'000};

struct context {
    const invocation& inv;
    const rest_client& rest;
    std::ostream& out;

    bool json() const { return inv.value("output", "table") == "json"; }
    const std::string& name() const { return inv.args.at(0); }
    std::string path(std::string_view tail = {}) const {
        return "/connectors/" + net::encode_path_segment(name()) + std::string(tail);
    }
    result<std::chrono::milliseconds> wait_timeout() const {
        if (!inv.has("wait-timeout")) return kDefaultWait;
        return parse_duration(inv.value("wait-timeout"), "wait-timeout");
    }
    // The answer as JSON, or the table view of it.
    void print(const json::value& body, std::string (*view)(const json::value&)) const {
        if (json())
            out << json::dump(body) << "\n";
        else
            out << view(body);
    }
    // A sentence for -o table; -o json prints the answer when there is one.
    void report(const json::value& body, const std::string& sentence) const {
        if (!json())
            out << sentence << "\n";
        else if (!body.is_null())
            out << json::dump(body) << "\n";
    }
};

json::value to_json(const string_map& config) {
    json::value out = json::value::make_object();
    for (const auto& [key, value] : config) out.set(key, value);
    return out;
}

result<connector_config_text> read_config(const context& c) {
    if (!c.inv.has("file")) return make_error(exit_code::usage, "give the connector config with -f FILE (- for stdin)");
    const std::string file = c.inv.value("file");
    auto text = read_text_input(file);
    if (!text) return make_error(exit_code::usage, text.err().describe());
    auto parsed = parse_connector_config_text(*text, file == "-" ? "stdin" : file);
    if (!parsed) return make_error(exit_code::usage, parsed.err().describe());
    return std::move(*parsed);
}

// --wait: waits, then prints the status reached; otherwise prints `body` or `sentence`.
result<void> finish(const context& c, wanted_state wanted, const json::value& body, const std::string& sentence) {
    if (!c.inv.has("wait")) {
        c.report(body, sentence);
        return {};
    }
    COPYCAT_TRY(auto timeout, c.wait_timeout());
    COPYCAT_TRY(auto status, wait_for_state(c.rest, c.name(), wanted, timeout));
    if (wanted == wanted_state::deleted)
        c.report({}, fmt::format("Connector {} is deleted", c.name()));
    else
        c.print(status, status_view);
    return {};
}

result<void> finish_config_change(const context& c, const string_map& expected, const json::value& body,
                                  const std::string& sentence) {
    if (!c.inv.has("wait")) {
        c.report(body, sentence);
        return {};
    }
    COPYCAT_TRY(auto timeout, c.wait_timeout());
    COPYCAT_TRY(auto status, wait_for_config_running(c.rest, c.name(), expected, timeout));
    c.print(status, status_view);
    return {};
}

result<void> list(const context& c) {
    COPYCAT_TRY(auto reply, c.rest.call("GET", "/connectors?expand=info&expand=status"));
    c.print(reply.body, connectors_view);
    return {};
}

result<void> get(const context& c, std::string_view tail, std::string (*view)(const json::value&)) {
    COPYCAT_TRY(auto reply, c.rest.call("GET", c.path(tail)));
    c.print(reply.body, view);
    return {};
}

result<void> create(const context& c) {
    COPYCAT_TRY(auto input, read_config(c));
    std::string name = c.inv.args.empty() ? input.name.value_or("") : c.inv.args[0];
    if (name.empty()) return make_error(exit_code::usage, "give the connector's NAME or a \"name\" in the config");
    if (input.name && *input.name != name)
        return make_error(exit_code::usage,
                          fmt::format("the config names the connector '{}', not '{}'", *input.name, name));
    json::value request = json::value::make_object();
    request.set("name", name);
    request.set("config", to_json(input.config));
    if (input.initial_state) request.set("initial_state", *input.initial_state);
    COPYCAT_TRY(auto reply, c.rest.call("POST", "/connectors", request));
    const invocation named{c.inv.verb, c.inv.group, {name}, c.inv.options, false};
    const context with_name{named, c.rest, c.out};
    return finish(with_name, wanted_state::running, reply.body, fmt::format("Created connector {}", name));
}

result<void> update(const context& c) {
    string_map config;
    if (c.inv.has("file")) {
        COPYCAT_TRY(auto input, read_config(c));
        config = std::move(input.config);
    } else if (!c.inv.has("set")) {
        return make_error(exit_code::usage, "give the new config with -f FILE or keys with --set KEY=VALUE");
    }
    string_map changes;
    for (const auto& pair : c.inv.values("set")) {
        const auto eq = pair.find('=');
        if (eq == std::string::npos || eq == 0)
            return make_error(exit_code::usage, "--set takes KEY=VALUE, not '" + pair + "'");
        changes[pair.substr(0, eq)] = pair.substr(eq + 1);
    }
    if (!c.inv.has("file")) {
        // Only keys: PATCH (KIP-477) changes them and keeps the rest.
        COPYCAT_TRY(auto reply, c.rest.call("PATCH", c.path("/config"), to_json(changes)));
        return finish_config_change(c, changes, reply.body, fmt::format("Updated connector {}", c.name()));
    }
    for (auto& [key, value] : changes) config[key] = value;
    COPYCAT_TRY(auto reply, c.rest.call("PUT", c.path("/config"), to_json(config)));
    const std::string verb = reply.status == 201 ? "Created" : "Updated";
    return finish_config_change(c, config, reply.body, fmt::format("{} connector {}", verb, c.name()));
}

result<void> scale(const context& c) {
    const std::string& tasks = c.inv.args[1];
    int count = 0;
    const auto [end, ec] = std::from_chars(tasks.data(), tasks.data() + tasks.size(), count);
    if (ec != std::errc{} || end != tasks.data() + tasks.size() || count < 1)
        return make_error(exit_code::usage, "TASKS must be a number of at least 1, not '" + tasks + "'");
    const string_map change{{"tasks.max", tasks}};
    COPYCAT_TRY(auto reply, c.rest.call("PATCH", c.path("/config"), to_json(change)));
    return finish_config_change(c, change, reply.body, fmt::format("Connector {} has tasks.max={}", c.name(), tasks));
}

result<void> state_change(const context& c, std::string_view action, wanted_state wanted, std::string_view done) {
    COPYCAT_TRY(auto reply, c.rest.call("PUT", c.path("/" + std::string(action))));
    return finish(c, wanted, reply.body, fmt::format("{} connector {}", done, c.name()));
}

result<void> remove(const context& c) {
    COPYCAT_TRY(auto reply, c.rest.call("DELETE", c.path()));
    return finish(c, wanted_state::deleted, reply.body, fmt::format("Deleting connector {}", c.name()));
}

result<void> restart(const context& c) {
    if (c.inv.has("task")) {
        if (c.inv.has("include-tasks") || c.inv.has("only-failed"))
            return make_error(exit_code::usage,
                              "--task restarts one task: it takes no --include-tasks or --only-failed");
        const std::string task = c.inv.value("task");
        COPYCAT_TRY(auto reply, c.rest.call("POST", c.path("/tasks/" + net::encode_path_segment(task) + "/restart")));
        return finish(c, wanted_state::running, reply.body,
                      fmt::format("Restarting task {} of connector {}", task, c.name()));
    }
    const auto flag = [&](std::string_view option) { return c.inv.has(option) ? "true" : "false"; };
    COPYCAT_TRY(auto reply, c.rest.call("POST", c.path(fmt::format("/restart?includeTasks={}&onlyFailed={}",
                                                                   flag("include-tasks"), flag("only-failed")))));
    return finish(c, wanted_state::running, reply.body, fmt::format("Restarting connector {}", c.name()));
}

result<void> offsets_change(const context& c, const std::string& method, const std::optional<json::value>& body) {
    COPYCAT_TRY(auto reply, c.rest.call(method, c.path("/offsets"), body));
    c.report(reply.body, text_at(reply.body, "message"));
    return {};
}

result<void> offsets_alter(const context& c) {
    if (!c.inv.has("file")) return make_error(exit_code::usage, "give the offsets with -f FILE (- for stdin)");
    const std::string file = c.inv.value("file");
    auto text = read_text_input(file);
    if (!text) return make_error(exit_code::usage, text.err().describe());
    auto body = json::parse(*text);
    if (!body || !body->is_object() || body->find("offsets") == nullptr)
        return make_error(exit_code::usage,
                          "the offsets file must be JSON {\"offsets\": [{\"partition\": {...}, "
                          "\"offset\": {...}}, ...]}, as GET .../offsets prints it");
    return offsets_change(c, "PATCH", *body);
}

result<void> plugins_list(const context& c) {
    COPYCAT_TRY(auto reply, c.rest.call("GET", c.inv.has("all") ? "/connector-plugins?connectorsOnly=false"
                                                                : "/connector-plugins"));
    c.print(reply.body, plugins_view);
    return {};
}

result<void> plugins_validate(const context& c) {
    COPYCAT_TRY(auto input, read_config(c));
    std::string plugin = c.inv.args.empty() ? "" : c.inv.args[0];
    if (auto it = input.config.find("connector.class"); plugin.empty() && it != input.config.end()) plugin = it->second;
    if (plugin.empty()) return make_error(exit_code::usage, "give the plugin CLASS or a connector.class in the config");
    input.config.try_emplace("connector.class", plugin);
    // A creation request's name is outside its config; Kafka validates "name" as part of it.
    if (input.name) input.config.try_emplace("name", *input.name);
    COPYCAT_TRY(auto reply,
                c.rest.call("PUT", "/connector-plugins/" + net::encode_path_segment(plugin) + "/config/validate",
                            to_json(input.config)));
    c.print(reply.body, validation_view);
    const json::value* errors = reply.body.find("error_count");
    if (errors != nullptr && errors->is_integer() && errors->as_int64() > 0)
        return make_error(exit_code::invalid_config, fmt::format("the config has {} error(s)", errors->as_int64()));
    return {};
}

result<void> cluster_info_verb(const context& c) {
    COPYCAT_TRY(auto root, c.rest.call("GET", "/"));
    COPYCAT_TRY(auto statuses, c.rest.call("GET", "/connectors?expand=status"));
    c.print(cluster_info(root.body, statuses.body), cluster_view);
    return {};
}

}  // namespace

result<void> run_verb(const invocation& inv, const rest_client& rest, std::ostream& out) {
    const context c{inv, rest, out};
    const std::string verb = inv.group + " " + std::string(inv.verb->name);
    if (verb == "connectors list") return list(c);
    if (verb == "connectors get") return get(c, "", connector_view);
    if (verb == "connectors status") return get(c, "/status", status_view);
    if (verb == "connectors create") return create(c);
    if (verb == "connectors update") return update(c);
    if (verb == "connectors scale") return scale(c);
    if (verb == "connectors delete") return remove(c);
    if (verb == "connectors pause") return state_change(c, "pause", wanted_state::paused, "Pausing");
    if (verb == "connectors resume") return state_change(c, "resume", wanted_state::running, "Resuming");
    if (verb == "connectors stop") return state_change(c, "stop", wanted_state::stopped, "Stopping");
    if (verb == "connectors restart") return restart(c);
    if (verb == "connectors offsets get") return get(c, "/offsets", offsets_view);
    if (verb == "connectors offsets reset") return offsets_change(c, "DELETE", std::nullopt);
    if (verb == "connectors offsets alter") return offsets_alter(c);
    if (verb == "plugins list") return plugins_list(c);
    if (verb == "plugins validate") return plugins_validate(c);
    if (verb == "cluster info") return cluster_info_verb(c);
    return make_error(exit_code::usage, "no such verb: " + verb);
}

}  // namespace copycat::cli
