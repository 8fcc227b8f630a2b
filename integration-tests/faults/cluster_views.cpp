#include "faults/cluster_views.hpp"

#include <catch2/catch.hpp>

#include <thread>

namespace copycat::itest::faults {

using namespace std::chrono_literals;

namespace {

std::string line_of(const std::string& connector, const std::string& what, const json::value& status) {
    const json::value* state = status.find("state");
    const json::value* worker = status.find("worker_id");
    return connector + " " + what + " " + (state && state->is_string() ? state->as_string() : "?") + " " +
           (worker && worker->is_string() ? worker->as_string() : "?") + "\n";
}

}  // namespace

cluster_settings fault_cluster_settings() {
    cluster_settings settings;
    settings.workers = 3;
    settings.extra_properties =
        "scheduled.rebalance.max.delay.ms=0\n"
        "consumer.session.timeout.ms=6000\n"
        "consumer.heartbeat.interval.ms=2000\n";
    return settings;
}

std::optional<std::string> status_view(distributed_workers& cluster, int i, const std::vector<std::string>& connectors) {
    std::string view;
    for (const auto& connector : connectors) {
        const auto reply = cluster.call(i, "GET", "/connectors/" + connector + "/status");
        if (reply.status != 200) return std::nullopt;
        const json::value body = reply.json();
        const json::value* c = body.find("connector");
        const json::value* tasks = body.find("tasks");
        if (c == nullptr || tasks == nullptr || !tasks->is_array()) return std::nullopt;
        view += line_of(connector, "connector", *c);
        for (const json::value& t : tasks->as_array())
            view += line_of(connector, "task-" + std::to_string(t.find("id")->as_int64()), t);
    }
    return view;
}

std::vector<std::string> units_on(const std::string& view, const std::string& worker_id) {
    std::vector<std::string> units;
    std::size_t start = 0;
    for (std::size_t end; (end = view.find('\n', start)) != std::string::npos; start = end + 1) {
        const std::string line = view.substr(start, end - start);
        if (line.ends_with(" " + worker_id)) units.push_back(line.substr(0, line.find(' ', line.find(' ') + 1)));
    }
    return units;
}

std::string views_of_all(distributed_workers& cluster, const std::vector<std::string>& connectors) {
    std::string out;
    for (int i = 0; i < cluster.size(); ++i) {
        if (!cluster.running(i)) continue;
        out += "worker " + std::to_string(i) + " (" + cluster.worker_id(i) + "):\n";
        if (auto view = status_view(cluster, i, connectors)) {
            out += *view;
            continue;
        }
        for (const auto& connector : connectors) {
            const auto reply = cluster.call(i, "GET", "/connectors/" + connector + "/status");
            out += connector + ": " + std::to_string(reply.status) + " " + reply.body + reply.error + "\n";
        }
    }
    return out;
}

std::optional<std::string> agreed_running_view(distributed_workers& cluster,
                                               const std::vector<std::string>& connectors) {
    std::optional<std::string> agreed;
    for (int i = 0; i < cluster.size(); ++i) {
        if (!cluster.running(i)) continue;
        auto view = status_view(cluster, i, connectors);
        if (!view || (agreed && *view != *agreed)) return std::nullopt;
        agreed = std::move(view);
    }
    if (!agreed) return std::nullopt;
    // Every line "<c> <what> RUNNING <worker id of a running worker>", and at least one task each.
    std::size_t start = 0;
    std::size_t tasks = 0;
    for (std::size_t end; (end = agreed->find('\n', start)) != std::string::npos; start = end + 1) {
        const std::string line = agreed->substr(start, end - start);
        const auto worker_at = line.rfind(' ');
        if (line.find(" RUNNING ") == std::string::npos || !cluster.index_of(line.substr(worker_at + 1))) return std::nullopt;
        if (line.find(" task-") != std::string::npos) ++tasks;
    }
    if (tasks < connectors.size()) return std::nullopt;
    return agreed;
}

bool view_stays(distributed_workers& cluster, const std::vector<std::string>& connectors, const std::string& view,
                std::chrono::seconds window, std::string* changed) {
    const auto until = std::chrono::steady_clock::now() + window;
    while (std::chrono::steady_clock::now() < until) {
        if (agreed_running_view(cluster, connectors) != view) {
            *changed = views_of_all(cluster, connectors);
            return false;
        }
        // Observing the statuses over the window, not waiting for an event.
        std::this_thread::sleep_for(500ms);
    }
    return true;
}

bool caught_up(distributed_workers& cluster, const file_pipeline& pipeline, std::size_t lines,
               std::chrono::seconds deadline, std::optional<std::string>* view) {
    return poll_until(deadline, [&] {
        return pipeline.delivered() >= lines && (*view = agreed_running_view(cluster, pipeline.connectors())).has_value();
    });
}

loaded_cluster::loaded_cluster(const std::string& name, std::map<int, std::string> own_properties)
    : cluster(fault_cluster_settings(), std::move(own_properties)),
      print_logs(cluster),
      pipeline(cluster.dir().path(), name) {
    pipeline.create(any_worker(cluster));
    pipeline.start_load(1000);
}

rest_call any_worker(distributed_workers& cluster) {
    return [&cluster](std::string_view method, std::string_view target, std::string body) {
        return cluster.call(any_running(cluster), method, target, std::move(body));
    };
}

}  // namespace copycat::itest::faults
