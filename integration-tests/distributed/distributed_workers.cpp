#include "distributed/distributed_workers.hpp"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <exception>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "support/cluster_env.hpp"

namespace copycat::itest {

using namespace std::chrono_literals;

distributed_workers::distributed_workers(cluster_settings settings, std::map<int, std::string> own_properties)
    : settings_(std::move(settings)),
      own_properties_(std::move(own_properties)),
      dir_("copycat-distributed"),
      group_(unique_name("connect-group")),
      config_topic_(group_ + "-configs"),
      offset_topic_(group_ + "-offsets"),
      status_topic_(group_ + "-status") {
    properties_path_ = dir_.write("worker.properties", properties());
    processes_.resize(static_cast<std::size_t>(settings_.workers));
    ports_.resize(static_cast<std::size_t>(settings_.workers), 0);
    starts_.resize(static_cast<std::size_t>(settings_.workers), 0);
    for (int i = 0; i < settings_.workers; ++i) start(i);
}

distributed_workers::~distributed_workers() {
    for (auto& p : processes_)
        if (p) p->kill();
}

std::string distributed_workers::properties() const {
    std::ostringstream p;
    p << "bootstrap.servers=" << bootstrap_servers() << "\n"
      << "group.id=" << group_ << "\n"
      << "config.storage.topic=" << config_topic_ << "\n"
      << "offset.storage.topic=" << offset_topic_ << "\n"
      << "status.storage.topic=" << status_topic_ << "\n"
      << "config.storage.replication.factor=1\n"
      << "offset.storage.replication.factor=1\n"
      << "status.storage.replication.factor=1\n"
      << "offset.storage.partitions=5\n"
      << "status.storage.partitions=3\n"
      << "key.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "value.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "offset.flush.interval.ms=500\n"
      << "session.timeout.ms=6000\n"
      << "heartbeat.interval.ms=1000\n"
      << "plugin.path=" << COPYCAT_FILE_PLUGIN << "," << COPYCAT_PROBE_PLUGIN << "\n"
      << "listeners=http://127.0.0.1:0\n"
      << settings_.extra_properties;
    return p.str();
}

void distributed_workers::start(int i) {
    const auto index = static_cast<std::size_t>(i);
    const auto log_file = dir_.path() / ("worker-" + std::to_string(i) + "-" + std::to_string(starts_[index]++) + ".log");
    std::string properties_path = properties_path_;
    if (const auto own = own_properties_.find(i); own != own_properties_.end())
        properties_path = dir_.write("worker-" + std::to_string(i) + ".properties", properties() + own->second);
    processes_[index] = std::make_unique<copycat_process>(
        std::vector<std::string>{"distributed", properties_path}, log_file);
    auto port = processes_[index]->rest_port(60s);
    if (!port) FAIL("worker " << i << " did not start:\n" << processes_[index]->log());
    ports_[index] = *port;
    // Ready once the herder answers (503 "still starting up" before).
    if (!poll_until(60s, [&] { return call(i, "GET", "/connectors").status == 200; }))
        FAIL("worker " << i << " did not become ready:\n" << processes_[index]->log());
}

int distributed_workers::stop(int i) {
    auto& p = processes_.at(static_cast<std::size_t>(i));
    const int code = p->terminate(60s);
    p.reset();
    return code;
}

void distributed_workers::kill(int i) {
    auto& p = processes_.at(static_cast<std::size_t>(i));
    p->kill();
    p.reset();
}

void distributed_workers::signal(int i, int signal) {
    if (!processes_.at(static_cast<std::size_t>(i))->signal(signal)) FAIL("worker " << i << " is not running");
}

std::string distributed_workers::worker_id(int i) const { return "127.0.0.1:" + std::to_string(port(i)); }

std::string distributed_workers::log(int i) const {
    const auto& p = processes_.at(static_cast<std::size_t>(i));
    return p ? p->log() : std::string();
}

std::optional<int> distributed_workers::index_of(const std::string& worker_id) const {
    for (int i = 0; i < settings_.workers; ++i)
        if (running(i) && this->worker_id(i) == worker_id) return i;
    return std::nullopt;
}

std::string distributed_workers::logs(std::size_t lines) const {
    std::vector<std::filesystem::path> files;
    for (const auto& entry : std::filesystem::directory_iterator(dir_.path()))
        if (entry.path().extension() == ".log") files.push_back(entry.path());
    std::sort(files.begin(), files.end());
    std::string out;
    for (const auto& file : files) {
        std::ifstream in(file, std::ios::binary);
        const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::size_t from = text.size();
        for (std::size_t seen = 0; from > 0 && seen <= lines; --from)
            if (text[from - 1] == '\n') ++seen;
        out += "----- " + file.filename().string() + " (last " + std::to_string(lines) + " lines) -----\n";
        out += text.substr(from);
    }
    return out;
}

std::optional<int> distributed_workers::leader() const {
    // The herder logs "Joined group at generation G as <member> (leader <member> at <url>)".
    std::optional<int> found;
    long best_generation = -1;
    for (int i = 0; i < settings_.workers; ++i) {
        if (!running(i)) continue;
        const std::string text = log(i);
        const std::string marker = "Joined group at generation ";
        auto pos = text.rfind(marker);
        if (pos == std::string::npos) continue;
        const long generation = std::stol(text.substr(pos + marker.size()));
        const auto url_pos = text.find(" at http://", pos);
        if (url_pos == std::string::npos) continue;
        const std::string leader_url = text.substr(url_pos + 4, text.find(')', url_pos) - url_pos - 4);
        if (generation <= best_generation) continue;
        for (int j = 0; j < settings_.workers; ++j) {
            if (running(j) && leader_url == "http://" + worker_id(j) + "/") {
                found = j;
                best_generation = generation;
            }
        }
    }
    return found;
}

rest::testing::http_reply distributed_workers::call(int i, std::string_view method, std::string_view target,
                                                    std::string body) {
    rest::testing::test_client client(port(i), 30s);
    return client.request(method, target, std::move(body), {{"Content-Type", "application/json"}});
}

std::vector<task_view> distributed_workers::tasks(int i, const std::string& connector) {
    auto reply = call(i, "GET", "/connectors/" + connector + "/status");
    if (reply.status != 200) return {};
    std::vector<task_view> out;
    const json::value body = reply.json();
    for (const json::value& t : body.find("tasks")->as_array())
        out.push_back({static_cast<int>(t.find("id")->as_int64()), t.find("state")->as_string(),
                       t.find("worker_id")->as_string()});
    return out;
}

std::string distributed_workers::connector_state(int i, const std::string& connector) {
    auto reply = call(i, "GET", "/connectors/" + connector + "/status");
    if (reply.status != 200) return {};
    const json::value body = reply.json();
    return body.find("connector")->find("state")->as_string();
}

logs_on_failure::logs_on_failure(const distributed_workers& cluster)
    : cluster_(cluster), exceptions_(std::uncaught_exceptions()) {}

logs_on_failure::~logs_on_failure() {
    if (std::uncaught_exceptions() > exceptions_) std::cout << "worker logs:\n" << cluster_.logs() << std::flush;
}

std::string numbered_lines(const std::string& tag, int first, int count) {
    std::string text;
    for (int i = first; i < first + count; ++i) {
        std::string number = std::to_string(i);
        number.insert(0, number.size() < 7 ? 7 - number.size() : 0, '0');
        text.append(tag).append(" ").append(number).append(" the quick brown fox jumps over the lazy dog\n");
    }
    return text;
}

void append_to_file(const std::filesystem::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::app);
    out << text;
    out.flush();
    REQUIRE(out.good());
}

int any_running(const distributed_workers& cluster) {
    for (int i = 0; i < cluster.size(); ++i)
        if (cluster.running(i)) return i;
    FAIL("no worker runs");
    return -1;
}

std::optional<int> single_task_worker(distributed_workers& cluster, const std::string& connector) {
    const auto tasks = cluster.tasks(any_running(cluster), connector);
    if (tasks.size() != 1 || tasks[0].state != "RUNNING") return std::nullopt;
    return cluster.index_of(tasks[0].worker_id);
}

std::optional<double> committed_transactions(distributed_workers& cluster, int i, const std::string& connector) {
    const auto reply = cluster.call(i, "GET", "/metrics");
    if (reply.status != 200) return std::nullopt;
    const std::string series =
        "copycat_source_task_transactions_total{connector=\"" + connector + "\",result=\"committed\",task=\"0\"} ";
    const auto at = reply.body.find(series);
    if (at == std::string::npos) return std::nullopt;
    return std::stod(reply.body.substr(at + series.size()));
}

long last_joined_generation(const std::string& log) {
    const std::string marker = "Joined group at generation ";
    const auto pos = log.rfind(marker);
    return pos == std::string::npos ? -1 : std::stol(log.substr(pos + marker.size()));
}

std::int64_t wall_clock_ms() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
        .count();
}

std::vector<std::string> file_lines(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::string> lines;
    std::size_t start = 0;
    for (std::size_t end; (end = text.find('\n', start)) != std::string::npos; start = end + 1)
        lines.push_back(text.substr(start, end - start));
    return lines;
}

std::size_t count_lines(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::size_t lines = 0;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0)
        lines += static_cast<std::size_t>(std::count(buffer, buffer + in.gcount(), '\n'));
    return lines;
}

}  // namespace copycat::itest
