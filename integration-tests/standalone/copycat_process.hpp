#pragma once
// copycat_process: the real `copycat` binary run as a child process for black-box tests.
//
//   copycat_process worker({"standalone", worker_properties_path, ...});
//   auto port = worker.rest_port(30s);      // from the log line "REST server listening on http://H:P/"
//   ... drive it over HTTP ...
//   CHECK(worker.terminate(30s) == 0);      // SIGTERM, then the exit code
//   worker.kill();                          // or SIGKILL, a crash
//
// The child's stderr (its log) goes to a file in the test's temp dir; the port is read from it,
// so tests use listeners=http://127.0.0.1:0 and never a fixed port. Every wait is a poll with a
// deadline. The destructor kills a child that is still running. Used from the test thread only.

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rest/test_client.hpp"

namespace copycat::itest {

// Polls `done` until it holds or `deadline` passes; true when it held.
bool poll_until(std::chrono::milliseconds deadline, const std::function<bool()>& done);

// One request to the REST API on 127.0.0.1:`port`.
rest::testing::http_reply rest_request(std::uint16_t port, std::string_view method, std::string_view target,
                                       std::string body = {});

// The whole content of `file`; empty when it cannot be read.
std::string file_text(const std::filesystem::path& file);

// A fresh directory under the system temp dir, removed by the destructor.
class temp_dir {
public:
    explicit temp_dir(const std::string& prefix);
    ~temp_dir();
    temp_dir(const temp_dir&) = delete;
    temp_dir& operator=(const temp_dir&) = delete;

    const std::filesystem::path& path() const { return path_; }
    // Writes `text` to path()/name and returns the full path.
    std::string write(const std::string& name, const std::string& text) const;

private:
    std::filesystem::path path_;
};

// A standalone worker.properties in `dir` for the test broker: string converters, offsets in
// `dir`, REST on a free loopback port, the given plugin.path, then `extra` lines, which override
// any of these (the last line of a key wins, as in Java properties). Returns its path.
std::string standalone_worker_properties(const temp_dir& dir, const std::string& plugin_path,
                                         const std::string& extra = {});

class copycat_process {
public:
    // Starts COPYCAT_BINARY with `args`; the log goes to `log_file`.
    copycat_process(std::vector<std::string> args, std::filesystem::path log_file);
    ~copycat_process();
    copycat_process(const copycat_process&) = delete;
    copycat_process& operator=(const copycat_process&) = delete;

    std::string log() const;
    // Waits for a log line containing `text`.
    bool wait_for_log(const std::string& text, std::chrono::milliseconds deadline) const;
    // The REST port from the log; nullopt when it did not appear in time (or the process exited).
    std::optional<std::uint16_t> rest_port(std::chrono::milliseconds deadline) const;

    // The exit code once the process has exited by itself within `deadline`; nullopt otherwise.
    std::optional<int> wait_exit(std::chrono::milliseconds deadline);
    // Sends SIGTERM and waits for the exit code (-1 when it had to be killed).
    int terminate(std::chrono::milliseconds deadline);
    // Sends SIGKILL (no shutdown at all, as in a crash) and waits for the process to go; returns
    // its exit code, 128 + SIGKILL when the signal killed it.
    int kill();
    // Sends `signal` (e.g. SIGSTOP, SIGCONT) to the running process; false when it has exited.
    bool signal(int signal);
    bool running();
    // The child's process id (for /proc/<pid>/status).
    pid_t pid() const { return pid_; }

private:
    pid_t pid_ = -1;
    std::optional<int> exit_code_;
    std::filesystem::path log_file_;
};

}  // namespace copycat::itest
