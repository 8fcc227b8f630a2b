#pragma once
// The offset_storage_reader given to source connectors and tasks (Kafka:
// OffsetStorageReaderImpl): serializes each partition as the offsets key of its connector,
// reads the offset_store, and deserializes the stored JSON offsets. A value that is not a JSON
// object is logged and treated as absent.
//
// Constructed `caught_up` (the store was read to its end, with offset_store::read_to_end(), after
// the task was asked to start), the first read answers from what the store read, without reading
// on again; every later one reads on first (offset_store::get()).
//
// Owned by the connector's or task's context; the offset_store outlives it. Thread-safe (a
// mutex guards the codec and the flag).

#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "copycat/connector/offset_storage_reader.hpp"
#include "runtime/source_offset_codec.hpp"
#include "storage/offset_store.hpp"

namespace copycat::runtime {

class store_offset_reader final : public offset_storage_reader {
public:
    store_offset_reader(std::string connector, const storage::offset_store& store, bool caught_up = false)
        : connector_(std::move(connector)), store_(store), caught_up_(caught_up) {}

    std::optional<source_map> offset(const source_map& partition) override;
    std::vector<std::pair<source_map, source_map>> offsets(const std::vector<source_map>& partitions) override;

private:
    std::string connector_;
    const storage::offset_store& store_;
    std::mutex mutex_;  // guards codec_ and caught_up_
    source_offset_codec codec_;
    bool caught_up_;  // the next read may answer without reading on
};

}  // namespace copycat::runtime
