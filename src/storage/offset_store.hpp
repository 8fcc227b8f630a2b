#pragma once
// Where source tasks' offsets live (Kafka: OffsetBackingStore): raw key -> value bytes, where the
// key is the JSON ["<connector>",{<source partition>}] and the value the JSON {<source offset>},
// both written by the schemaless JsonConverter exactly as Kafka Connect writes them. A null value
// deletes the key. Implementations: file_offset_store (standalone), kafka_offset_store
// (distributed), memory_offset_store (tests).
//
// Thread-safe: tasks read and flush concurrently.

#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "common/result.hpp"

namespace copycat::storage {

using offset_bytes = std::vector<unsigned char>;

class offset_store {
public:
    virtual ~offset_store() = default;

    // Loads existing offsets (a file, a topic read to its end).
    virtual result<void> start() = 0;
    virtual void stop() = 0;

    // The stored values of the given keys; a missing key is absent from the result.
    virtual std::map<offset_bytes, offset_bytes> get(const std::vector<offset_bytes>& keys) const = 0;

    // get() in two halves, for a caller that must not block while the store reads on (a source
    // task starting on the task pool; docs/scale.md "Start-up at scale"): read_to_end() reads on
    // to everything stored before the call, without blocking, then calls `done` (on any thread,
    // maybe this one) with true, or false when it could not; get_read() answers from what was
    // read, without reading on. Default: a store that is always current.
    virtual void read_to_end(std::function<void(bool)> done) { done(true); }
    virtual std::map<offset_bytes, offset_bytes> get_read(const std::vector<offset_bytes>& keys) const {
        return get(keys);
    }

    // Stores the entries (nullopt deletes) durably, then calls `done` (on any thread). Nothing
    // is acknowledged before it is durable.
    virtual void set(std::map<offset_bytes, std::optional<offset_bytes>> entries,
                     std::function<void(result<void>)> done) = 0;

    // Every stored entry (for the REST offsets endpoints).
    virtual std::map<offset_bytes, offset_bytes> all() const = 0;
};

}  // namespace copycat::storage
