#pragma once
// kafka_config_store: connector and task configurations, target states, restart requests and the
// session key in the (single-partition, compacted) config topic (Kafka: KafkaConfigBackingStore).
//
// Owned by the distributed herder. Records are applied by a config_record_reader on the log's
// thread, under a mutex; snapshot()/offset() copy out under it from any thread. The listener is
// told only after start() completed, on the log's thread, outside the mutex. The blocking writes
// run on the herder's thread (never on the log's thread: they wait for it) and follow Kafka's
// write sequences, then read to the end so the snapshot shows the write. One timeout budget
// covers a whole write (default 30 s, Kafka's READ_WRITE_TOTAL_TIMEOUT_MS); errc::timeout after it.

#include <atomic>
#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/properties.hpp"
#include "common/result.hpp"
#include "storage/cluster_config.hpp"
#include "storage/config_record_reader.hpp"
#include "storage/config_records.hpp"
#include "storage/record_log.hpp"
#include "storage/transactional_config_writer.hpp"

namespace copycat::storage {

// Told after start() completed, on the log's thread; must not block (the herder posts to its loop).
class config_store_listener {
public:
    virtual ~config_store_listener() = default;
    virtual void on_connector_config_update(const std::string& connector) = 0;  // created, changed or removed
    virtual void on_task_configs_update(const std::string& connector) = 0;      // a commit record applied
    virtual void on_target_state_change(const std::string& connector) = 0;
    virtual void on_restart_request(const restart_request_record&) = 0;
    virtual void on_session_key_update(const session_key_record&) {}
    // KIP-976 cluster log level; only records read after start-up.
    virtual void on_logger_level_update(const std::string& /*ns*/, const std::string& /*level*/) {}
    // KIP-618: a tasks-fencing-<c> record was read (the connector's fencing is done).
    virtual void on_task_count_record(const std::string& /*connector*/) {}
    // A leader's transactional write failed (a newer leader may have fenced it): its write
    // privileges are gone until claim_write_privileges(). Called on the writing thread; not for a
    // write refused because nothing was claimed.
    virtual void on_write_privileges_lost() {}
};

class kafka_config_store {
public:
    static constexpr std::chrono::milliseconds default_timeout{30000};
    // The largest record (key and value bytes) the config topic takes: librdkafka's producer
    // refuses a larger one (message.max.bytes, 1,000,000 by default: its counterpart of Java's
    // max.request.size), and the broker's default max.message.bytes (1,048,588) is above it. A
    // distributed worker passes less when the topic's max.message.bytes is lower.
    static constexpr std::size_t default_max_record_bytes = 1'000'000;

    kafka_config_store(std::unique_ptr<record_log> log, config_store_listener& listener,
                       std::chrono::milliseconds timeout = default_timeout,
                       std::size_t max_record_bytes = default_max_record_bytes);
    ~kafka_config_store();
    kafka_config_store(const kafka_config_store&) = delete;
    kafka_config_store& operator=(const kafka_config_store&) = delete;

    // Producer settings for the config topic's kafka_based_log (Kafka: delivery.timeout.ms =
    // Integer.MAX_VALUE; acks=all etc. are the log's own).
    static std::map<std::string, std::string> producer_settings();

    // Exactly-once source support preparing or enabled: the records only the leader writes
    // (connector and task configs, task-count records, session keys, restart requests) go through
    // `writer`, each write in a transaction of its own, once claim_write_privileges() succeeded.
    // Target states and logger levels, which any worker may write, still go through the log.
    // Call before start().
    void use_transactional_writer(std::unique_ptr<transactional_config_writer> w) { writer_ = std::move(w); }
    // The leader claims its write privileges (fencing an earlier leader); a no-op without a
    // transactional writer or when already claimed. Blocks up to the store's timeout.
    result<void> claim_write_privileges();

    // Reads the whole topic (no listener calls), then tails it.
    result<void> start();
    void stop();

    // A copy of the configs, immutable, shared by its readers (the herder and its listing).
    std::shared_ptr<const cluster_config> snapshot() const;
    // `read(state)` under the store's lock, without a copy; it must not call the store.
    template <class F>
    auto read(F&& read) const {
        std::lock_guard lock(mutex_);
        return read(reader_.state());
    }
    // How long a write may take before it fails (the blocking forms).
    std::chrono::milliseconds timeout() const { return timeout_; }
    std::int64_t offset() const;

    // invalid_argument, naming the limit, when connector-<c> with this config would be a record
    // larger than the config topic takes. put_connector_config() checks this too, before it
    // writes anything; the herder asks first, so that such a request fails before validation.
    result<void> check_connector_config(const std::string& c, const string_map& config) const;
    // Writes target-state-<c> (when given) before connector-<c>.
    result<void> put_connector_config(const std::string& c, const string_map& config,
                                      std::optional<target_state_value> target);
    // Tombstones connector-<c> and target-state-<c> (task configs stay; readers ignore them).
    result<void> remove_connector_config(const std::string& c);
    // Read to end; task-<c>-0..n-1; read to end if n > 0; commit-<c> {"tasks":n}; read to end.
    result<void> put_task_configs(const std::string& c, const std::vector<string_map>& configs);
    // The same writes without blocking the caller, so that a leader can have the writes of many
    // connectors in flight at once (docs/scale.md "Creating connectors at scale"): `done` runs
    // when the records are acknowledged and read back, on the log's thread (at once on this
    // thread when nothing could be sent). The caller bounds the wait. With a transactional
    // writer these block as the forms above do.
    using completion = record_log::completion;
    void put_connector_config(const std::string& c, const string_map& config, std::optional<target_state_value> target,
                              completion done);
    void put_task_configs(const std::string& c, const std::vector<string_map>& configs, completion done);
    result<void> put_target_state(const std::string& c, target_state_value s);
    result<void> put_restart_request(const restart_request_record& r);
    result<void> put_task_count_record(const std::string& c, std::int32_t task_count);
    result<void> put_session_key(const session_key_record& k);
    result<void> put_logger_level(const std::string& ns, const std::string& level);
    result<void> read_to_end(std::chrono::milliseconds timeout);

private:
    using clock = std::chrono::steady_clock;
    using keyed_value = std::pair<std::string, std::optional<std::string>>;

    void on_record(const log_record& record);
    void notify(const config_event& e);
    // Sends every record, then waits for all acknowledgements.
    result<void> send_all(std::vector<keyed_value> records, clock::time_point deadline);
    // A leader's write: send_all, or one transaction of the transactional writer. Answers the
    // offset the store must read past to see the records: after a transaction, the offset after
    // its last record; -1 after send_all, whose records any read to the end sees.
    result<std::int64_t> send_privileged(std::vector<keyed_value> records, clock::time_point deadline);
    // Reads the topic to its end, and again until the store's offset reached `at_least`: a
    // committed transaction's records become readable (read_committed) only once the transaction
    // coordinator wrote its commit markers, after the commit returned, so an end offset queried
    // meanwhile can still be before them (docs/exactly-once-source.md).
    result<void> read_to_end_until(clock::time_point deadline, std::int64_t at_least = -1);
    enum class writer { leader, any_worker };
    result<void> write_and_read(std::vector<keyed_value> records, const char* what, writer who = writer::leader);
    result<void> check_started() const;
    // write_and_read without blocking: sends, then reads to the end; `done` as above.
    void write_and_read(std::vector<keyed_value> records, const char* what, completion done);
    // target-state-<c> (when given) and connector-<c>, each checked against the size limit.
    result<std::vector<keyed_value>> connector_config_records(const std::string& c, const string_map& config,
                                                              std::optional<target_state_value> target) const;
    result<std::vector<keyed_value>> task_config_records(const std::string& c,
                                                         const std::vector<string_map>& configs) const;
    // invalid_argument when a record of this key and value would be larger than max_record_bytes_.
    result<void> check_size(const std::string& key, const std::optional<std::string>& value, const char* what) const;

    std::unique_ptr<record_log> log_;
    std::unique_ptr<transactional_config_writer> writer_;
    config_store_listener& listener_;
    const std::chrono::milliseconds timeout_;
    const std::size_t max_record_bytes_;
    std::atomic<bool> started_{false};

    mutable std::mutex mutex_;  // guards reader_
    config_record_reader reader_;
};

}  // namespace copycat::storage
