#include "copycat/data/schema_parameters.hpp"

#include <algorithm>
#include <functional>
#include <stdexcept>

namespace copycat {
namespace {

template <class Entries>
auto find_entry(Entries& entries, std::string_view key) noexcept {
    return std::find_if(entries.begin(), entries.end(), [key](const auto& e) { return e.first == key; });
}

}  // namespace

schema_parameters::schema_parameters(std::initializer_list<value_type> entries) {
    entries_.reserve(entries.size());
    for (const auto& [k, v] : entries) {
        put(k, v);
    }
}

schema_parameters::const_iterator schema_parameters::find(std::string_view key) const noexcept {
    return find_entry(entries_, key);
}

const std::string& schema_parameters::at(std::string_view key) const {
    const auto it = find(key);
    if (it == end()) {
        throw std::out_of_range("No schema parameter " + std::string(key));
    }
    return it->second;
}

void schema_parameters::put(std::string key, std::string val) {
    const auto it = find_entry(entries_, key);
    if (it != entries_.end()) {
        it->second = std::move(val);
        return;
    }
    entries_.emplace_back(std::move(key), std::move(val));
}

void schema_parameters::put_all(const schema_parameters& other) {
    if (&other == this) {
        return;
    }
    for (const auto& [k, v] : other.entries_) {
        put(k, v);
    }
}

bool schema_parameters::erase(std::string_view key) {
    const auto it = find_entry(entries_, key);
    if (it == entries_.end()) {
        return false;
    }
    entries_.erase(it);
    return true;
}

bool operator==(const schema_parameters& a, const schema_parameters& b) noexcept {
    if (a.entries_.size() != b.entries_.size()) {
        return false;
    }
    return std::all_of(a.entries_.begin(), a.entries_.end(), [&b](const schema_parameters::value_type& e) {
        const auto it = b.find(e.first);
        return it != b.end() && it->second == e.second;
    });
}

std::size_t schema_parameters::hash() const noexcept {
    // A sum of per-entry hashes, so the order of the entries does not matter (like Map.hashCode).
    std::size_t h = 0;
    for (const auto& [k, v] : entries_) {
        h += std::hash<std::string>{}(k) ^ (std::hash<std::string>{}(v)*31U);
    }
    return h;
}

}  // namespace copycat
