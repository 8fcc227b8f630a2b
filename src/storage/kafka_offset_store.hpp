#pragma once
// The offset store of a distributed worker (Kafka: KafkaOffsetBackingStore) over a record_log of
// the offset.storage.topic. Keys and values are the raw bytes Kafka Connect writes (key
// ["<connector>",{<partition>}], value {<offset>}); the map is indexed by the raw key bytes, so a
// key written with other spacing or member order is another entry. A tombstone deletes a key.
// Records whose key is not a JSON array [string, object] are skipped with a log line.
//
// start() reads the topic to its end; the log's thread then keeps the map up to date. get() and
// all() first read the topic to its end (bounded by read_timeout; on a timeout they log and answer
// from what was read), so offsets another worker flushed before are seen, as Java's get() does.
// read_to_end() asks the log for the same read without waiting (the log serves every request
// pending at once with one end-offset query), for get_read() to answer from.
// set() writes every entry and calls `done` once all were acknowledged (on the log's thread), or
// with the first failure. The map changes only when the records are read back.
//
// Thread-safe. Owned by the application; owns its log.

#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>

#include "storage/offset_store.hpp"
#include "storage/record_log.hpp"

namespace copycat::storage {

class kafka_offset_store final : public offset_store {
public:
    explicit kafka_offset_store(std::unique_ptr<record_log> log,
                                std::chrono::milliseconds read_timeout = std::chrono::seconds(30));
    ~kafka_offset_store() override;

    // Producer settings the log of this store should use (Kafka: delivery.timeout.ms at
    // Integer.MAX_VALUE, so that an offset write is never given up on).
    static std::map<std::string, std::string> producer_settings();

    result<void> start() override;
    void stop() override;
    std::map<offset_bytes, offset_bytes> get(const std::vector<offset_bytes>& keys) const override;
    void read_to_end(std::function<void(bool)> done) override;
    std::map<offset_bytes, offset_bytes> get_read(const std::vector<offset_bytes>& keys) const override;
    void set(std::map<offset_bytes, std::optional<offset_bytes>> entries,
             std::function<void(result<void>)> done) override;
    std::map<offset_bytes, offset_bytes> all() const override;

private:
    void on_record(const log_record& record);
    void catch_up() const;

    std::unique_ptr<record_log> log_;
    const std::chrono::milliseconds read_timeout_;
    std::atomic<bool> running_{false};
    mutable std::mutex mutex_;  // guards data_
    std::map<offset_bytes, offset_bytes> data_;
};

}  // namespace copycat::storage
