#include "cli/wait.hpp"

#include <thread>

#include <fmt/format.h>

#include "cli/exit_code.hpp"
#include "cli/views.hpp"
#include "net/http_client.hpp"

namespace copycat::cli {
namespace {

using clock = std::chrono::steady_clock;
constexpr std::chrono::milliseconds kPollInterval{250};

std::string_view state_name(wanted_state s) {
    switch (s) {
        case wanted_state::running:
            return "RUNNING";
        case wanted_state::paused:
            return "PAUSED";
        case wanted_state::stopped:
            return "STOPPED";
        case wanted_state::deleted:
            return "deleted";
    }
    return "";
}

std::string state_of(const json::value& v) { return text_at(v, "state"); }

std::string first_trace_line(const json::value& v) {
    const std::string trace = text_at(v, "trace");
    return trace.empty() ? "no trace" : trace.substr(0, trace.find('\n'));
}

std::string path_of(const std::string& name, std::string_view tail) {
    return "/connectors/" + net::encode_path_segment(name) + std::string(tail);
}

// Polls `check` (which returns true when done) until it is done or `deadline` passes.
result<void> poll(clock::time_point deadline, const std::function<result<bool>()>& check, const std::string& what) {
    for (;;) {
        COPYCAT_TRY(bool done, check());
        if (done) return {};
        if (clock::now() + kPollInterval > deadline) return make_error(exit_code::wait_timeout, what);
        std::this_thread::sleep_for(kPollInterval);
    }
}

std::string seconds(std::chrono::milliseconds timeout) { return fmt::format("{:g} s", timeout.count() / 1000.0); }

}  // namespace

verdict judge_status(const json::value& status, wanted_state wanted) {
    const json::value* connector = status.find("connector");
    if (connector == nullptr) return verdict::pending;
    if (state_of(*connector) == "FAILED") return verdict::failed;
    std::size_t count = 0;
    bool all = true;
    for (const auto& t : array_at(status, "tasks")) {
        if (state_of(t) == "FAILED") return verdict::failed;
        all = all && state_of(t) == state_name(wanted);
        ++count;
    }
    if (state_of(*connector) != state_name(wanted)) return verdict::pending;
    if (wanted == wanted_state::stopped) return verdict::reached;
    return all && count > 0 ? verdict::reached : verdict::pending;
}

result<json::value> wait_for_state(const rest_client& rest, const std::string& name, wanted_state wanted,
                                   std::chrono::milliseconds timeout) {
    const auto deadline = clock::now() + timeout;
    json::value last;
    const std::string what = fmt::format("{} is not {} after {}", name, state_name(wanted), seconds(timeout));
    const auto check = [&]() -> result<bool> {
        if (wanted == wanted_state::deleted) {
            COPYCAT_TRY(auto reply, rest.call_any_status("GET", path_of(name, "")));
            if (reply.status == 404) return true;
            COPYCAT_TRY_VOID(require_success(std::move(reply)));
            return false;
        }
        COPYCAT_TRY(auto reply, rest.call_any_status("GET", path_of(name, "/status")));
        if (reply.status == 404) return false;
        COPYCAT_TRY(auto ok, require_success(std::move(reply)));
        last = std::move(ok.body);
        switch (judge_status(last, wanted)) {
            case verdict::reached:
                return true;
            case verdict::pending:
                return false;
            case verdict::failed:
                break;
        }
        std::string why;
        if (const json::value* c = last.find("connector"); c != nullptr && state_of(*c) == "FAILED")
            why = "the connector is FAILED: " + first_trace_line(*c);
        for (const auto& t : array_at(last, "tasks"))
            if (why.empty() && state_of(t) == "FAILED")
                why = fmt::format("task {} is FAILED: {}", text_at(t, "id"), first_trace_line(t));
        return make_error(exit_code::failed, fmt::format("{} did not reach {}: {}", name, state_name(wanted), why));
    };
    COPYCAT_TRY_VOID(poll(deadline, check, what));
    return last;
}

result<json::value> wait_for_config_running(const rest_client& rest, const std::string& name,
                                            const string_map& expected, std::chrono::milliseconds timeout) {
    const auto started = clock::now();
    const auto has_config = [&]() -> result<bool> {
        COPYCAT_TRY(auto reply, rest.call_any_status("GET", path_of(name, "/config")));
        if (reply.status == 404) return false;
        COPYCAT_TRY(reply, require_success(std::move(reply)));
        for (const auto& [key, value] : expected) {
            const json::value* seen = reply.body.find(key);
            if (seen == nullptr || !seen->is_string() || seen->as_string() != value) return false;
        }
        return true;
    };
    COPYCAT_TRY_VOID(poll(started + timeout, has_config,
                          fmt::format("{} does not have its new config after {}", name, seconds(timeout))));
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(timeout - (clock::now() - started));
    return wait_for_state(rest, name, wanted_state::running, std::max(left, std::chrono::milliseconds(0)));
}

}  // namespace copycat::cli
