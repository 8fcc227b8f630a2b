#include "standalone/copycat_process.hpp"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "support/cluster_env.hpp"

extern char** environ;

namespace copycat::itest {

std::string standalone_worker_properties(const temp_dir& dir, const std::string& plugin_path,
                                         const std::string& extra) {
    std::ostringstream p;
    p << "bootstrap.servers=" << bootstrap_servers() << "\n"
      << "key.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "value.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "offset.storage.file.filename=" << (dir.path() / "connect.offsets").string() << "\n"
      << "plugin.path=" << plugin_path << "\n"
      << "listeners=http://127.0.0.1:0\n"
      << extra;
    return dir.write("worker.properties", p.str());
}

using namespace std::chrono_literals;

rest::testing::http_reply rest_request(std::uint16_t port, std::string_view method, std::string_view target,
                                       std::string body) {
    rest::testing::test_client client(port);
    return client.request(method, target, std::move(body));
}

std::string file_text(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool poll_until(std::chrono::milliseconds deadline, const std::function<bool()>& done) {
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (true) {
        if (done()) return true;
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(50ms);
    }
}

temp_dir::temp_dir(const std::string& prefix) : path_(std::filesystem::temp_directory_path() / unique_name(prefix)) {
    std::filesystem::create_directories(path_);
}

temp_dir::~temp_dir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

std::string temp_dir::write(const std::string& name, const std::string& text) const {
    const auto file = path_ / name;
    std::ofstream(file, std::ios::binary) << text;
    return file.string();
}

copycat_process::copycat_process(std::vector<std::string> args, std::filesystem::path log_file)
    : log_file_(std::move(log_file)) {
    args.insert(args.begin(), COPYCAT_BINARY);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, log_file_.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    const int rc = posix_spawn(&pid_, COPYCAT_BINARY, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    if (rc != 0) throw std::runtime_error("cannot start " COPYCAT_BINARY);
}

copycat_process::~copycat_process() {
    if (running()) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    }
}

std::string copycat_process::log() const {
    std::ifstream in(log_file_);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

bool copycat_process::wait_for_log(const std::string& text, std::chrono::milliseconds deadline) const {
    return poll_until(deadline, [&] { return log().find(text) != std::string::npos; });
}

std::optional<std::uint16_t> copycat_process::rest_port(std::chrono::milliseconds deadline) const {
    static const std::regex line(R"(REST server listening on http://[^ ]*:(\d+)/)");
    std::optional<std::uint16_t> port;
    poll_until(deadline, [&] {
        std::smatch m;
        const std::string text = log();
        if (std::regex_search(text, m, line)) port = static_cast<std::uint16_t>(std::stoi(m[1]));
        return port.has_value() || text.find("Copycat worker stopped") != std::string::npos;
    });
    return port;
}

bool copycat_process::running() {
    if (exit_code_) return false;
    int status = 0;
    const pid_t r = ::waitpid(pid_, &status, WNOHANG);
    if (r == pid_) {
        exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        return false;
    }
    return r == 0;
}

std::optional<int> copycat_process::wait_exit(std::chrono::milliseconds deadline) {
    poll_until(deadline, [&] { return !running(); });
    return exit_code_;
}

int copycat_process::terminate(std::chrono::milliseconds deadline) {
    if (running()) ::kill(pid_, SIGTERM);
    if (auto code = wait_exit(deadline)) return *code;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exit_code_ = -1;
    return -1;
}

bool copycat_process::signal(int signal) { return running() && ::kill(pid_, signal) == 0; }

int copycat_process::kill() {
    if (!running()) return *exit_code_;
    ::kill(pid_, SIGKILL);
    int status = 0;
    ::waitpid(pid_, &status, 0);
    exit_code_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return *exit_code_;
}

}  // namespace copycat::itest
