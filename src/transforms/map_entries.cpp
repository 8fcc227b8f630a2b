#include "transforms/map_entries.hpp"

#include <algorithm>

namespace copycat::transforms {
namespace {

bool has_key(const std::pair<value, value>& entry, std::string_view key) noexcept {
    const auto* s = entry.first.get_if<std::string>();
    return s != nullptr && *s == key;
}

}  // namespace

const value* map_find(const value_map& map, std::string_view key) noexcept {
    for (const auto& entry : map) {
        if (has_key(entry, key)) {
            return &entry.second;
        }
    }
    return nullptr;
}

value map_get(const value_map& map, std::string_view key) {
    const value* found = map_find(map, key);
    return found != nullptr ? *found : value();
}

void map_put(value_map& map, std::string_view key, value v) {
    for (auto& entry : map) {
        if (has_key(entry, key)) {
            entry.second = std::move(v);
            return;
        }
    }
    map.emplace_back(value(key), std::move(v));
}

void map_remove(value_map& map, std::string_view key) {
    std::erase_if(map, [key](const auto& entry) { return has_key(entry, key); });
}

}  // namespace copycat::transforms
