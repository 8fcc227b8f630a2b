#pragma once
// distributed_workers: N `copycat distributed` processes of one group on the test broker, each on
// an ephemeral REST port, with unique group and internal-topic names — a Connect cluster for
// black-box tests. Workers can be stopped (SIGTERM), killed (SIGKILL) and started again with
// the same settings; statuses are read over REST like a user would.
//
// Used from the test thread only. The destructor kills the workers that still run.

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"

namespace copycat::itest {

struct cluster_settings {
    int workers = 3;
    std::string extra_properties;  // appended to every worker.properties
};

// One task's status as GET /connectors/{c}/status shows it.
struct task_view {
    int id = 0;
    std::string state;
    std::string worker_id;
};

class distributed_workers {
public:
    // `own_properties`: lines appended for one worker only (by index), after extra_properties,
    // which they override (the last line of a key wins).
    explicit distributed_workers(cluster_settings settings, std::map<int, std::string> own_properties = {});
    ~distributed_workers();

    int size() const { return settings_.workers; }
    const temp_dir& dir() const { return dir_; }
    const std::string& group() const { return group_; }
    const std::string& config_topic() const { return config_topic_; }
    const std::string& offset_topic() const { return offset_topic_; }
    const std::string& status_topic() const { return status_topic_; }

    // Starts worker i (again) and waits for its REST port.
    void start(int i);
    // Replaces the lines of worker i's own properties (see the constructor), from its next start().
    void set_own_properties(int i, std::string lines) { own_properties_[i] = std::move(lines); }
    // SIGTERM and the exit code; SIGKILL.
    int stop(int i);
    void kill(int i);
    // Sends `signal` (SIGSTOP, SIGCONT, ...) to running worker i.
    void signal(int i, int signal);
    bool running(int i) const { return processes_.at(i) != nullptr; }
    std::uint16_t port(int i) const { return ports_.at(i); }
    // The process id of running worker i.
    pid_t pid(int i) const { return processes_.at(i)->pid(); }
    // "127.0.0.1:<port>", as statuses name the worker.
    std::string worker_id(int i) const;
    // The index of the worker whose log names itself leader last; nullopt when none does (yet).
    std::optional<int> leader() const;
    std::string log(int i) const;
    // The index of the running worker with this worker id ("127.0.0.1:<port>"); nullopt when none.
    std::optional<int> index_of(const std::string& worker_id) const;
    // The last `lines` lines of every worker log in dir() (all runs, stopped and killed workers
    // too), each headed by its file name: for failure messages.
    std::string logs(std::size_t lines = 60) const;

    // HTTP to worker i.
    rest::testing::http_reply call(int i, std::string_view method, std::string_view target, std::string body = {});

    // Tasks of the connector as worker i reports them (empty when no status).
    std::vector<task_view> tasks(int i, const std::string& connector);
    std::string connector_state(int i, const std::string& connector);

private:
    std::string properties() const;

    cluster_settings settings_;
    std::map<int, std::string> own_properties_;
    temp_dir dir_;
    std::string group_;
    std::string config_topic_;
    std::string offset_topic_;
    std::string status_topic_;
    std::string properties_path_;
    std::vector<std::unique_ptr<copycat_process>> processes_;
    std::vector<std::uint16_t> ports_;
    std::vector<int> starts_;
};

// The index of some running worker; fails the test when none runs.
int any_running(const distributed_workers& cluster);
// The index of the running worker whose status shows the connector's only task RUNNING; nullopt
// when it has not exactly one task, or that task is not RUNNING on a running worker.
std::optional<int> single_task_worker(distributed_workers& cluster, const std::string& connector);

// The committed transactions of the connector's task 0 in worker i's GET /metrics; nullopt when
// the series is not there (the task is not transactional, or runs elsewhere).
std::optional<double> committed_transactions(distributed_workers& cluster, int i, const std::string& connector);

// Prints the tails of every worker log (distributed_workers::logs) to stdout when its scope is left
// by an exception, i.e. by a failed REQUIRE. Declare it after the cluster (it reads the logs in
// the cluster's temp dir, which the cluster removes).
class logs_on_failure {
public:
    explicit logs_on_failure(const distributed_workers& cluster);
    ~logs_on_failure();
    logs_on_failure(const logs_on_failure&) = delete;
    logs_on_failure& operator=(const logs_on_failure&) = delete;

private:
    const distributed_workers& cluster_;
    int exceptions_;
};

// The generation G of the worker log's last "Joined group at generation G" line; -1 when none.
long last_joined_generation(const std::string& log);
// Milliseconds since the epoch, to compare with record timestamps.
std::int64_t wall_clock_ms();

// Files of the file-pipeline tests (FileStreamSource -> topic -> FileStreamSink).
// `count` '\n'-terminated lines "<tag> 0000042 the quick brown fox ..." numbered from `first`:
// each line is distinct, and its number says which one it is.
std::string numbered_lines(const std::string& tag, int first, int count);
// Appends `text` to `file` (created when absent) and flushes it.
void append_to_file(const std::filesystem::path& file, const std::string& text);
// The complete ('\n'-terminated) lines of `file`; empty when it does not exist.
std::vector<std::string> file_lines(const std::filesystem::path& file);
// The number of '\n' in `file` (cheap enough to poll on a 10 MB file).
std::size_t count_lines(const std::filesystem::path& file);

}  // namespace copycat::itest
