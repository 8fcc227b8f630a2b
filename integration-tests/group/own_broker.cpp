#include "group/own_broker.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

#include <catch2/catch.hpp>

#ifndef COPYCAT_KAFKA_SH
#error "COPYCAT_KAFKA_SH (the path of deploy/kafka/kafka.sh) must be defined"
#endif

extern char** environ;

namespace copycat::itest {

namespace {

struct run_result {
    int status = -1;     // exit status, or -1 when it could not run or died of a signal
    std::string output;  // its stdout
};

// Runs `kafka.sh <command> <run_dir>` to completion and collects its stdout.
run_result run_kafka_sh(const std::string& command, const std::string& run_dir) {
    run_result out;
    int pipe_fds[2];
    if (::pipe2(pipe_fds, O_CLOEXEC) != 0) {
        out.output = std::string("pipe: ") + std::strerror(errno);
        return out;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], STDOUT_FILENO);
    // Nothing of this process (member sockets, the io_context's descriptors) reaches the broker.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    std::string script = COPYCAT_KAFKA_SH;
    std::vector<char*> argv{script.data(), const_cast<char*>(command.c_str()), const_cast<char*>(run_dir.c_str()),
                            nullptr};
    pid_t pid = -1;
    const int spawned = ::posix_spawn(&pid, script.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(pipe_fds[1]);
    if (spawned != 0) {
        ::close(pipe_fds[0]);
        out.output = script + ": " + std::strerror(spawned);
        return out;
    }
    char buffer[4096];
    for (;;) {
        const ssize_t n = ::read(pipe_fds[0], buffer, sizeof buffer);
        if (n > 0) {
            out.output.append(buffer, static_cast<std::size_t>(n));
        } else if (n == 0 || errno != EINTR) {
            break;
        }
    }
    ::close(pipe_fds[0]);
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    out.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    while (!out.output.empty() && (out.output.back() == '\n' || out.output.back() == ' ')) out.output.pop_back();
    return out;
}

std::string read_first_line(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::string line;
    std::getline(in, line);
    return line;
}

// The value of the "<name>=" line of `file`, or "" when there is none.
std::string value_of(const std::filesystem::path& file, const std::string& name) {
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind(name + "=", 0) == 0) return line.substr(name.size() + 1);
    }
    return {};
}

}  // namespace

own_broker::own_broker() {
    const char* tmp = std::getenv("TMPDIR");
    std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/copycat-own-kafka.XXXXXX";
    REQUIRE(::mkdtemp(pattern.data()) != nullptr);
    run_dir_ = pattern;
    const auto started = run_kafka_sh("start", run_dir_);
    if (started.status != 0 || started.output.empty()) {
        FAIL("kafka.sh start " << run_dir_ << " failed (exit " << started.status << "): " << started.output);
    }
    bootstrap_ = started.output;
}

own_broker::~own_broker() {
    run_kafka_sh("stop", run_dir_);
    const char* keep = std::getenv("COPYCAT_KEEP_KAFKA_RUN_DIR");
    if (keep != nullptr && std::string(keep) == "1") return;
    std::error_code ignored;
    std::filesystem::remove_all(run_dir_, ignored);
}

std::string own_broker::startup_seconds() const {
    return read_first_line(std::filesystem::path(run_dir_) / "startup_seconds");
}

std::string own_broker::sasl_ssl_bootstrap_servers() const {
    return read_first_line(std::filesystem::path(run_dir_) / "bootstrap.sasl_ssl");
}

std::string own_broker::ca_file() const { return (std::filesystem::path(run_dir_) / "ca.pem").string(); }

std::string own_broker::scram_username() const {
    return value_of(std::filesystem::path(run_dir_) / "scram.credentials", "username");
}

std::string own_broker::scram_password() const {
    return value_of(std::filesystem::path(run_dir_) / "scram.credentials", "password");
}

void own_broker::stop() {
    const auto stopped = run_kafka_sh("stop", run_dir_);
    REQUIRE(stopped.status == 0);
}

void own_broker::restart() {
    const auto restarted = run_kafka_sh("restart", run_dir_);
    if (restarted.status != 0) {
        FAIL("kafka.sh restart " << run_dir_ << " failed (exit " << restarted.status << "): " << restarted.output);
    }
    // Same ports: the clients' addresses still hold.
    REQUIRE(restarted.output == bootstrap_);
}

}  // namespace copycat::itest
