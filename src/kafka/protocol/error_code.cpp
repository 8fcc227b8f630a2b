#include "kafka/protocol/error_code.hpp"

namespace copycat::kafka_protocol {

const error_code_info* find_error_code_info(error_code code) noexcept {
    // Error paths only, so a linear scan of ~130 rows is fine.
    for (const error_code_info& row : error_code_table) {
        if (row.code == code) return &row;
    }
    return nullptr;
}

std::string_view error_name(error_code code) noexcept {
    const error_code_info* row = find_error_code_info(code);
    return row ? row->name : "UNKNOWN_ERROR_CODE";
}

std::string describe(error_code code) {
    return std::string(error_name(code)) + " (" + std::to_string(static_cast<int>(code)) + ")";
}

bool is_retriable(error_code code) noexcept {
    const error_code_info* row = find_error_code_info(code);
    return row != nullptr && row->retriable;
}

}  // namespace copycat::kafka_protocol
