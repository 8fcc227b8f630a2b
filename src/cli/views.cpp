#include "cli/views.hpp"

#include <map>
#include <set>

#include <fmt/format.h>

#include "cli/table.hpp"

namespace copycat::cli {
namespace {

std::string first_line(const std::string& s) { return s.substr(0, s.find('\n')); }

}  // namespace

std::string text_at(const json::value& v, std::string_view key) {
    const json::value* found = v.find(key);
    if (found == nullptr || found->is_null()) return "";
    return found->is_string() ? found->as_string() : json::dump(*found);
}

const json::array& array_at(const json::value& v, std::string_view key) {
    static const json::array none;
    const json::value* found = v.find(key);
    return found != nullptr && found->is_array() ? found->as_array() : none;
}

std::string connectors_view(const json::value& expanded) {
    std::vector<table_row> rows;
    if (expanded.is_object()) {
        for (const json::member& m : expanded.as_object()) {
            const json::value* status = m.val.find("status");
            const json::value* info = m.val.find("info");
            const json::value none;
            const json::value& s = status != nullptr ? *status : none;
            const json::value* connector = s.find("connector");
            int running = 0;
            const auto& tasks = array_at(s, "tasks");
            for (const auto& t : tasks) running += text_at(t, "state") == "RUNNING" ? 1 : 0;
            const json::value* config = info != nullptr ? info->find("config") : nullptr;
            rows.push_back({m.name, text_at(s, "type"), connector != nullptr ? text_at(*connector, "state") : "",
                            fmt::format("{}/{}", running, tasks.size()),
                            config != nullptr ? text_at(*config, "connector.class") : ""});
        }
    }
    return render_table({"NAME", "TYPE", "STATE", "TASKS", "CLASS"}, rows);
}

std::string status_view(const json::value& status) {
    std::vector<table_row> rows;
    if (const json::value* connector = status.find("connector"))
        rows.push_back({"connector", text_at(*connector, "state"), text_at(*connector, "worker_id"),
                        first_line(text_at(*connector, "trace"))});
    for (const auto& t : array_at(status, "tasks"))
        rows.push_back({"task " + text_at(t, "id"), text_at(t, "state"), text_at(t, "worker_id"),
                        first_line(text_at(t, "trace"))});
    return fmt::format("{} ({})\n", text_at(status, "name"), text_at(status, "type")) +
           render_table({"WHAT", "STATE", "WORKER", "TRACE"}, rows);
}

std::string connector_view(const json::value& info) {
    std::vector<table_row> rows;
    if (const json::value* config = info.find("config"); config != nullptr && config->is_object())
        for (const json::member& m : config->as_object()) rows.push_back({m.name, text_at(*config, m.name)});
    return fmt::format("{} ({}, {} tasks)\n", text_at(info, "name"), text_at(info, "type"),
                       array_at(info, "tasks").size()) +
           render_table({"KEY", "VALUE"}, rows);
}

std::string plugins_view(const json::value& plugins) {
    std::vector<table_row> rows;
    if (plugins.is_array())
        for (const auto& p : plugins.as_array())
            rows.push_back({text_at(p, "class"), text_at(p, "type"), text_at(p, "version")});
    return render_table({"CLASS", "TYPE", "VERSION"}, rows);
}

std::string validation_view(const json::value& validation) {
    std::vector<table_row> rows;
    for (const auto& c : array_at(validation, "configs")) {
        const json::value* value = c.find("value");
        if (value == nullptr) continue;
        for (const auto& e : array_at(*value, "errors"))
            rows.push_back({text_at(*value, "name"), e.is_string() ? e.as_string() : json::dump(e)});
    }
    std::string out = fmt::format("{}: {} error(s)\n", text_at(validation, "name"), text_at(validation, "error_count"));
    return rows.empty() ? out : out + render_table({"KEY", "ERROR"}, rows);
}

std::string offsets_view(const json::value& offsets) {
    std::vector<table_row> rows;
    for (const auto& o : array_at(offsets, "offsets")) {
        const json::value* partition = o.find("partition");
        const json::value* offset = o.find("offset");
        rows.push_back(
            {partition != nullptr ? json::dump(*partition) : "", offset != nullptr ? json::dump(*offset) : ""});
    }
    return render_table({"PARTITION", "OFFSET"}, rows);
}

json::value cluster_info(const json::value& root, const json::value& statuses) {
    std::map<std::string, std::pair<std::set<std::string>, std::set<std::string>>> workers;
    if (statuses.is_object()) {
        for (const json::member& m : statuses.as_object()) {
            const json::value* status = m.val.find("status");
            if (status == nullptr) continue;
            if (const json::value* c = status->find("connector"); c != nullptr && !text_at(*c, "worker_id").empty())
                workers[text_at(*c, "worker_id")].first.insert(m.name);
            for (const auto& t : array_at(*status, "tasks"))
                if (!text_at(t, "worker_id").empty())
                    workers[text_at(t, "worker_id")].second.insert(m.name + "-" + text_at(t, "id"));
        }
    }
    json::value list = json::value::make_array();
    for (const auto& [id, work] : workers) {
        json::value connectors = json::value::make_array();
        for (const auto& c : work.first) connectors.push_back(c);
        json::value tasks = json::value::make_array();
        for (const auto& t : work.second) tasks.push_back(t);
        json::value worker = json::value::make_object();
        worker.set("id", id);
        worker.set("connectors", std::move(connectors));
        worker.set("tasks", std::move(tasks));
        list.push_back(std::move(worker));
    }
    json::value out = json::value::make_object();
    for (const char* key : {"version", "commit", "kafka_cluster_id"}) out.set(key, text_at(root, key));
    out.set("workers", std::move(list));
    return out;
}

std::string cluster_view(const json::value& info) {
    std::vector<table_row> rows;
    for (const auto& w : array_at(info, "workers")) {
        const auto join = [](const json::array& items) {
            std::string out;
            for (const auto& i : items) out += (out.empty() ? "" : ",") + (i.is_string() ? i.as_string() : "");
            return out;
        };
        rows.push_back({text_at(w, "id"), join(array_at(w, "connectors")), join(array_at(w, "tasks"))});
    }
    return fmt::format("version {} (commit {}), Kafka cluster {}\n", text_at(info, "version"), text_at(info, "commit"),
                       text_at(info, "kafka_cluster_id")) +
           render_table({"WORKER", "CONNECTORS", "TASKS"}, rows);
}

}  // namespace copycat::cli
