#include "common/secret_values.hpp"

#include <algorithm>
#include <mutex>

namespace copycat {

secret_values& secret_values::process() {
    static secret_values* values = new secret_values;  // never destroyed: threads may log while the process exits
    return *values;
}

void secret_values::set(const std::string& owner, std::vector<std::string> values) {
    std::erase_if(values, [](const std::string& v) { return v.size() < min_length; });
    std::unique_lock lock(mutex_);
    if (values.empty()) {
        by_owner_.erase(owner);
    } else {
        by_owner_.insert_or_assign(owner, std::move(values));
    }
    rebuild();
}

void secret_values::erase(const std::string& owner) {
    std::unique_lock lock(mutex_);
    if (by_owner_.erase(owner) != 0) rebuild();
}

void secret_values::rebuild() {
    longest_first_.clear();
    for (const auto& [owner, values] : by_owner_) longest_first_.insert(longest_first_.end(), values.begin(), values.end());
    std::sort(longest_first_.begin(), longest_first_.end(), [](const std::string& a, const std::string& b) {
        return a.size() != b.size() ? a.size() > b.size() : a < b;
    });
    longest_first_.erase(std::unique(longest_first_.begin(), longest_first_.end()), longest_first_.end());
    any_.store(!longest_first_.empty(), std::memory_order_release);
}

void secret_values::hide_in(std::string& text) const {
    if (!any_.load(std::memory_order_acquire)) return;
    std::shared_lock lock(mutex_);
    for (const std::string& secret : longest_first_) {
        for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + hidden.size()))
            text.replace(at, secret.size(), hidden);
    }
}

}  // namespace copycat
