#include "storage/memory_offset_store.hpp"

#include <utility>

namespace copycat::storage {

result<void> memory_offset_store::start() { return {}; }

void memory_offset_store::stop() {}

std::map<offset_bytes, offset_bytes> memory_offset_store::get(const std::vector<offset_bytes>& keys) const {
    std::map<offset_bytes, offset_bytes> out;
    std::lock_guard lock(mutex_);
    for (const auto& key : keys) {
        auto it = data_.find(key);
        if (it != data_.end()) out.emplace(it->first, it->second);
    }
    return out;
}

void memory_offset_store::set(std::map<offset_bytes, std::optional<offset_bytes>> entries,
                              std::function<void(result<void>)> done) {
    result<void> outcome;
    {
        std::lock_guard lock(mutex_);
        for (auto& [key, value] : entries) {
            if (value) {
                data_[key] = std::move(*value);
            } else {
                data_.erase(key);
            }
        }
        outcome = persist(data_);
    }
    if (done) done(std::move(outcome));
}

std::map<offset_bytes, offset_bytes> memory_offset_store::all() const {
    std::lock_guard lock(mutex_);
    return data_;
}

result<void> memory_offset_store::persist(const std::map<offset_bytes, offset_bytes>&) { return {}; }

void memory_offset_store::replace(std::map<offset_bytes, offset_bytes> data) {
    std::lock_guard lock(mutex_);
    data_ = std::move(data);
}

}  // namespace copycat::storage
