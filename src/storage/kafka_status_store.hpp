#pragma once
// kafka_status_store: connector, task and topic statuses in the (compacted, partitioned) status
// topic (Kafka: KafkaStatusBackingStore).
//
// Owned by the distributed herder. Writes are asynchronous: they go to the log at once; a failed
// send is retried (after `retry_backoff`, at most `max_retries` times) through the scheduler the
// store is handed (the distributed worker's io_thread timers; docs/threads.md) unless a newer
// write for the same key was made, the key was deleted (a tombstone read back), the status
// generation changed, or a safe write is no longer safe. The cache is filled only by
// records read back from the topic (this worker's writes included), on the log's thread; getters
// copy from it under a mutex, from any thread.
//
// Safe writes (UNASSIGNED, FAILED) are made only when the cached value is absent, was written by
// the same worker, or has a generation <= the new one. On read, an UNASSIGNED value is ignored
// when the cached value is RUNNING at a generation >= the new one (as Kafka does, for tasks only;
// here for connectors too), and a value of an older generation than the cached one, written by
// another worker, is ignored while the cached one is not newer than the group's generation this
// worker is in (set_group_generation): a record another worker's producer held back while the
// broker was away and delivered after the new owner's status, or a retry that raced a
// rebalance, would otherwise turn every worker's view back to the status of before the
// rebalance. Until the worker joined the group (generation 0), and after the group's
// generation was reset (the cached one is newer than the group's), records replace the cached
// value in topic order. State "DESTROYED" writes a tombstone.

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "common/scheduler.hpp"
#include "storage/record_log.hpp"
#include "storage/status_records.hpp"

namespace copycat::storage {

struct status_store_options {
    int max_retries = 5;
    std::chrono::milliseconds retry_backoff{100};
};

class kafka_status_store {
public:
    // `retries` runs the delayed retries of failed writes; it must outlive the store.
    kafka_status_store(std::unique_ptr<record_log> log, scheduler& retries, status_store_options options = {});
    ~kafka_status_store();
    kafka_status_store(const kafka_status_store&) = delete;
    kafka_status_store& operator=(const kafka_status_store&) = delete;

    // Producer settings for the status topic's kafka_based_log: no producer retries (Kafka:
    // retries=0), the store retries itself and knows when a retry is superseded.
    static std::map<std::string, std::string> producer_settings();

    // Reads the whole topic into the cache, then tails it.
    result<void> start();
    void stop();

    void put_connector(const std::string& c, const connector_status_record& s);
    void put_task(const std::string& c, std::int32_t task, const connector_status_record& s);
    // Tombstones every cached task status of the connector, then the connector's status.
    void remove_connector(const std::string& c);
    void remove_task(const std::string& c, std::int32_t task);
    void put_topic(const topic_status_record& s);
    void remove_topic(const std::string& topic, const std::string& c);

    std::optional<connector_status_record> connector(const std::string& c) const;
    std::optional<connector_status_record> task(const std::string& c, std::int32_t task) const;
    std::map<std::int32_t, connector_status_record> tasks(const std::string& c) const;
    std::vector<std::string> connectors() const;  // sorted; those with a cached status
    std::vector<topic_status_record> topics(const std::string& c) const;
    // Moves after every connector or task status record read into the cache (see
    // herder::status_store::version()).
    std::uint64_t version() const { return version_.load(); }

    // The group generation this worker runs under (the distributed herder sets it after every
    // rebalance); the read rule above compares with it.
    void set_group_generation(std::int32_t generation);

    // Waits until every write made before the call was acknowledged (or finally failed).
    result<void> flush(std::chrono::milliseconds timeout);
    result<void> read_to_end(std::chrono::milliseconds timeout);

private:
    enum class entity { connector, task, topic };
    struct pending_write {
        entity what;
        std::string connector;
        std::int32_t task = 0;
        std::string key;
        std::optional<std::string> value;
        std::optional<connector_status_record> status;  // connector/task puts
        bool safe = false;
        std::uint64_t sequence = 0;
        std::uint64_t deletions = 0;
        std::uint64_t id = 0;  // flush order
        int attempts = 0;
    };
    struct retry_item {
        scheduler::ticket ticket = 0;
        std::shared_ptr<pending_write> write;
    };

    void put_status(entity what, const std::string& c, std::int32_t task, const connector_status_record& s);
    void write(entity what, const std::string& c, std::int32_t task, std::optional<connector_status_record> status,
               std::optional<std::string> value, bool safe, std::string key);
    void send(const std::shared_ptr<pending_write>& w);
    void on_sent(const std::shared_ptr<pending_write>& w, result<void> r);
    void finish(const pending_write& w);  // mutex held
    bool still_wanted(const pending_write& w) const;  // mutex held
    void drop_unwanted_retries();                     // mutex held
    const connector_status_record* cached(entity what, const std::string& c, std::int32_t task) const;
    bool can_write_safely(const connector_status_record* current, const connector_status_record& s) const;
    // A record read from the topic that must not replace `current` (connectors and tasks alike);
    // mutex held.
    bool is_stale(const connector_status_record* current, const connector_status_record& read) const;
    void retry(std::uint64_t id);  // a scheduled retry of write `id` is due

    void on_record(const log_record& record);
    void read_connector(const std::string& c, const std::optional<std::string>& value);
    void read_task(const std::string& c, std::int32_t task, const std::optional<std::string>& value);
    void read_topic(const std::string& topic, const std::string& c, const std::optional<std::string>& value);

    std::unique_ptr<record_log> log_;
    scheduler& scheduler_;
    std::atomic<std::uint64_t> version_{0};  // moved on the log's thread after each read status
    const status_store_options options_;

    // mutex_ guards every member below.
    mutable std::mutex mutex_;
    std::condition_variable changed_;  // writes finished, a retry sent
    bool started_ = false;
    bool stopping_ = false;
    std::map<std::string, connector_status_record> connectors_;
    std::map<std::string, std::map<std::int32_t, connector_status_record>> tasks_;
    std::map<std::string, std::map<std::string, topic_status_record>> topics_;  // connector -> topic
    std::map<std::string, std::uint64_t> sequences_;  // key -> writes made
    std::map<std::string, std::uint64_t> deletions_;  // key -> tombstones read
    std::int32_t generation_ = 0;                     // of the latest status written
    std::int32_t group_generation_ = 0;               // set_group_generation
    std::uint64_t next_id_ = 0;
    std::set<std::uint64_t> in_flight_;  // ids of writes not finally acknowledged or failed
    std::map<std::uint64_t, retry_item> retries_;  // write id -> its scheduled retry
    int retries_sending_ = 0;                      // retries between their check and their send
};

}  // namespace copycat::storage
