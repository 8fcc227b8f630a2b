#include "common/errc.hpp"

namespace copycat {
namespace {

class category final : public std::error_category {
public:
    const char* name() const noexcept override { return "copycat"; }
    std::string message(int code) const override {
        switch (static_cast<errc>(code)) {
            case errc::invalid_argument:
                return "invalid argument";
            case errc::not_found:
                return "not found";
            case errc::already_exists:
                return "already exists";
            case errc::conflict:
                return "conflict";
            case errc::timeout:
                return "timed out";
            case errc::io_error:
                return "I/O error";
            case errc::protocol_error:
                return "protocol error";
            case errc::unsupported:
                return "unsupported";
            case errc::unavailable:
                return "unavailable";
            case errc::internal:
                return "internal error";
            case errc::request_target:
                return "served by another worker";
        }
        return "unknown error";
    }
};

}  // namespace

const std::error_category& copycat_category() noexcept {
    static const category instance;
    return instance;
}

}  // namespace copycat
