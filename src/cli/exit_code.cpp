#include "cli/exit_code.hpp"

#include <string>

namespace copycat::cli {
namespace {

class category final : public std::error_category {
public:
    const char* name() const noexcept override { return "copycat-cli"; }
    std::string message(int code) const override {
        switch (static_cast<exit_code>(code)) {
            case exit_code::ok:
                return "ok";
            case exit_code::usage:
                return "usage error";
            case exit_code::unreachable:
                return "worker unreachable";
            case exit_code::client_error:
                return "request refused";
            case exit_code::server_error:
                return "worker error";
            case exit_code::wait_timeout:
                return "wait timed out";
            case exit_code::failed:
                return "connector failed";
            case exit_code::invalid_config:
                return "invalid config";
        }
        return "exit code " + std::to_string(code);
    }
};

}  // namespace

const std::error_category& exit_code_category() noexcept {
    static const category instance;
    return instance;
}

int exit_status_of(const error& e) noexcept {
    if (e.code.category() == exit_code_category()) return e.code.value();
    if (e.code == errc::unavailable || e.code == errc::timeout) return static_cast<int>(exit_code::unreachable);
    return static_cast<int>(exit_code::usage);
}

}  // namespace copycat::cli
