#pragma once
// The offset store of a source connector with an offsets topic of its own that is not the
// worker's (offsets.storage.topic; Kafka: ConnectorOffsetBackingStore.withConnectorAndWorkerStores,
// KIP-618). The connector's store is the primary one, the worker's global store the fallback:
//
// - get() and all(): the worker store's entries, with the connector store's over them, so a
//   source partition the connector's topic lacks keeps the offset it has in the worker's topic
//   (a connector that used the worker's topic before it got a topic of its own resumes there);
// - set(): the entries go to the connector's store, and once that write succeeded, the entries
//   with a value also go to the worker's store (best effort: a failure there is logged only).
//   Tombstones first go to the worker's store, and nothing more is written when that fails, so
//   that a partition reset in the connector's topic cannot fall back to an old worker offset
//   (Kafka's three-phase write, KAFKA-15018).
//
// start() runs `prepare` (it creates the connector's topic), then starts the connector's store;
// stop() stops only the connector's store. The worker's store is started and stopped by its owner
// and outlives this one.
//
// Thread-safe, as its two stores are.

#include <functional>
#include <memory>

#include "storage/offset_store.hpp"

namespace copycat::storage {

class connector_offset_store final : public offset_store {
public:
    connector_offset_store(std::unique_ptr<offset_store> connector, offset_store& worker,
                           std::function<result<void>()> prepare = {});
    ~connector_offset_store() override;

    result<void> start() override;
    void stop() override;
    std::map<offset_bytes, offset_bytes> get(const std::vector<offset_bytes>& keys) const override;
    void set(std::map<offset_bytes, std::optional<offset_bytes>> entries,
             std::function<void(result<void>)> done) override;
    std::map<offset_bytes, offset_bytes> all() const override;

    // Writes the entries with a value to the worker's store, logging a failure (Kafka's secondary
    // write). Exactly-once tasks call it after each committed transaction.
    void copy_to_worker_store(const std::map<offset_bytes, std::optional<offset_bytes>>& entries);

private:
    std::shared_ptr<offset_store> connector_;
    offset_store& worker_;
    std::function<result<void>()> prepare_;
};

}  // namespace copycat::storage
