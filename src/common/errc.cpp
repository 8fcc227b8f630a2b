#include "common/errc.hpp"

namespace copycat {
namespace {

class category final : public std::error_category {
public:
    const char* name() const noexcept override { return "copycat"; }
    std::string message(int code) const override {
        const errc_info* row = find_errc_info(static_cast<errc>(code));
        return row ? std::string(row->message) : "unknown error";
    }
};

}  // namespace

const std::error_category& copycat_category() noexcept {
    static const category instance;
    return instance;
}

const errc_info* find_errc_info(std::error_code code) noexcept {
    if (code.category() != copycat_category()) return nullptr;
    return find_errc_info(static_cast<errc>(code.value()));
}

}  // namespace copycat
