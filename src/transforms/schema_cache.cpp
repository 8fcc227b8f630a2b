#include "transforms/schema_cache.hpp"

namespace copycat::transforms {

schema_ptr schema_cache::find(const schema_ptr& key) {
    if (!key) {
        return nullptr;
    }
    auto it = entries_.begin();
    for (; it != entries_.end(); ++it) {
        if (it->key == key) {
            break;
        }
    }
    if (it == entries_.end()) {
        const std::size_t hash = key->hash();
        for (it = entries_.begin(); it != entries_.end(); ++it) {
            if (it->hash == hash && *it->key == *key) {
                break;
            }
        }
    }
    if (it == entries_.end()) {
        return nullptr;
    }
    entries_.splice(entries_.begin(), entries_, it);
    return entries_.front().derived;
}

void schema_cache::put(const schema_ptr& key, schema_ptr derived) {
    if (!key || capacity_ == 0) {
        return;
    }
    const std::size_t hash = key->hash();
    for (auto it = entries_.begin(); it != entries_.end(); ++it) {
        if (it->hash == hash && *it->key == *key) {
            it->derived = std::move(derived);
            entries_.splice(entries_.begin(), entries_, it);
            return;
        }
    }
    entries_.push_front(entry{key, hash, std::move(derived)});
    if (entries_.size() > capacity_) {
        entries_.pop_back();
    }
}

}  // namespace copycat::transforms
