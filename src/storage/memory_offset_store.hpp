#pragma once
// An offset_store kept in memory only (Kafka: MemoryOffsetBackingStore). For tests, and the base
// of file_offset_store. Thread-safe: a mutex guards the map; `done` callbacks run on the caller's
// thread after the mutex is released.

#include <map>
#include <mutex>

#include "storage/offset_store.hpp"

namespace copycat::storage {

class memory_offset_store : public offset_store {
public:
    result<void> start() override;
    void stop() override;
    std::map<offset_bytes, offset_bytes> get(const std::vector<offset_bytes>& keys) const override;
    void set(std::map<offset_bytes, std::optional<offset_bytes>> entries,
             std::function<void(result<void>)> done) override;
    std::map<offset_bytes, offset_bytes> all() const override;

protected:
    // Called with the mutex held after `entries` were applied, with the whole new map; a failure
    // is returned to `done` (the in-memory map keeps the change, as Kafka's file store does).
    virtual result<void> persist(const std::map<offset_bytes, offset_bytes>& data);
    // Replaces the map (used by subclasses when loading).
    void replace(std::map<offset_bytes, offset_bytes> data);

private:
    mutable std::mutex mutex_;  // guards data_; held while persist() runs
    std::map<offset_bytes, offset_bytes> data_;
};

}  // namespace copycat::storage
