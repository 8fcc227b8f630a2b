// A small least-recently-used cache (Kafka: org.apache.kafka.common.cache.LRUCache), used by the
// JSON converter for its schema caches. Not thread-safe: a converter instance is used by one
// task thread.
#pragma once

#include <cstddef>
#include <functional>
#include <list>
#include <type_traits>
#include <unordered_map>
#include <utility>

namespace copycat::converters {

/// Maps keys to values, keeping at most `capacity` entries; inserting into a full cache evicts
/// the entry used least recently. A capacity of 0 caches nothing.
template <class Key, class Value, class Hash = std::hash<Key>, class Equal = std::equal_to<Key>>
class lru_cache {
public:
    explicit lru_cache(std::size_t capacity, Hash hash = Hash(), Equal equal = Equal())
        : capacity_(capacity), index_(0, lookup_hash{hash}, lookup_equal{equal}) {}

    lru_cache(const lru_cache&) = delete;
    lru_cache& operator=(const lru_cache&) = delete;

    /// The cached value for `key` (now the most recently used), or nullptr. The pointer stays
    /// valid until the next put() or clear().
    const Value* get(const Key& key) { return found(index_.find(&key)); }

    /// As get(), for a probe of another type that Hash and Equal accept along with Key (e.g. a
    /// std::string_view for std::string keys), without building a Key.
    template <class Probe>
    requires(!std::is_convertible_v<const Probe&, const Key&>) const Value* find(const Probe& probe) {
        return found(index_.find(probe));
    }

    /// Inserts or replaces the value for `key`, evicting the least recently used entry when full.
    void put(Key key, Value val) {
        if (capacity_ == 0) {
            return;
        }
        if (const auto it = index_.find(&key); it != index_.end()) {
            it->second->second = std::move(val);
            entries_.splice(entries_.begin(), entries_, it->second);
            return;
        }
        if (entries_.size() >= capacity_) {
            index_.erase(&entries_.back().first);
            entries_.pop_back();
        }
        entries_.emplace_front(std::move(key), std::move(val));
        index_.emplace(&entries_.front().first, entries_.begin());
    }

    std::size_t size() const noexcept { return entries_.size(); }
    std::size_t capacity() const noexcept { return capacity_; }

    void clear() noexcept {
        index_.clear();
        entries_.clear();
    }

    /// Empties the cache and changes its capacity.
    void reset(std::size_t capacity) noexcept {
        clear();
        capacity_ = capacity;
    }

private:
    using entry_list = std::list<std::pair<Key, Value>>;

    // The index points at the keys stored in the list, so each key is stored once. Lookups by
    // probe (find()) go through the transparent overloads.
    struct lookup_hash {
        using is_transparent = void;
        Hash hash;
        std::size_t operator()(const Key* k) const { return hash(*k); }
        template <class Probe>
        requires(!std::is_convertible_v<const Probe&, const Key*>) std::size_t operator()(const Probe& p) const {
            return hash(p);
        }
    };
    struct lookup_equal {
        using is_transparent = void;
        Equal equal;
        bool operator()(const Key* a, const Key* b) const { return equal(*a, *b); }
        template <class Probe>
        requires(!std::is_convertible_v<const Probe&, const Key*>) bool operator()(const Probe& a, const Key* b) const {
            return equal(a, *b);
        }
        template <class Probe>
        requires(!std::is_convertible_v<const Probe&, const Key*>) bool operator()(const Key* a, const Probe& b) const {
            return equal(*a, b);
        }
    };

    const Value* found(typename std::unordered_map<const Key*, typename entry_list::iterator, lookup_hash,
                                                   lookup_equal>::iterator it) {
        if (it == index_.end()) {
            return nullptr;
        }
        entries_.splice(entries_.begin(), entries_, it->second);
        return &it->second->second;
    }

    std::size_t capacity_;
    entry_list entries_;
    std::unordered_map<const Key*, typename entry_list::iterator, lookup_hash, lookup_equal> index_;
};

}  // namespace copycat::converters
