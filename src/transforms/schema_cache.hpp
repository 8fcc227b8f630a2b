// A small least-recently-used cache from an input schema to the schema a transformation derived
// from it (Kafka: SynchronizedCache<>(new LRUCache<>(16)) keyed by Schema).
#pragma once

#include <cstddef>
#include <list>
#include <utility>

#include "copycat/data/schema.hpp"

namespace copycat::transforms {

/// Keys compare structurally (like Schema.equals), with a fast path for the same pointer. Each
/// transformation instance owns one; a task calls it from its own thread only, so there is no
/// locking.
class schema_cache {
public:
    static constexpr std::size_t default_capacity = 16;

    explicit schema_cache(std::size_t capacity = default_capacity) : capacity_(capacity) {}

    /// The schema cached for `key`, or null. A hit becomes the most recently used entry.
    schema_ptr find(const schema_ptr& key);

    /// Caches `derived` for `key`, evicting the least recently used entry when full.
    void put(const schema_ptr& key, schema_ptr derived);

    /// The cached schema for `key`, or build(key) cached and returned.
    template <class Build>
    schema_ptr get_or_build(const schema_ptr& key, Build&& build) {
        if (schema_ptr hit = find(key)) {
            return hit;
        }
        schema_ptr derived = std::forward<Build>(build)(key);
        put(key, derived);
        return derived;
    }

    std::size_t size() const noexcept { return entries_.size(); }
    void clear() noexcept { entries_.clear(); }

private:
    struct entry {
        schema_ptr key;
        std::size_t hash;
        schema_ptr derived;
    };

    std::size_t capacity_;
    std::list<entry> entries_;  // most recently used first
};

}  // namespace copycat::transforms
