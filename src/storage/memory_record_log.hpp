#pragma once
// memory_record_log: an in-process record_log (no Kafka counterpart; the fake under the store
// tests). One partition (0), offsets 0, 1, 2, ... in write order; records are kept for ever
// (no compaction).
//
// Synchronous: a record written by send() or inject() is handed to the handler on the writing
// thread before that call returns, and only then is send()'s `done` called (with success). When
// several threads write at once, one of them delivers, in offset order and one record at a time,
// while the others wait until their records have been delivered. A handler may itself call
// send()/inject()/read_to_end(): the record is delivered after the current handler call returns,
// still before the outermost write returns. read_to_end() completes on the calling thread once
// every record written before it was delivered (at once, unless called from inside the handler).
//
// Before start() records can be injected (they form the topic's existing contents); send() and
// read_to_end() fail with errc::unavailable before start() and after stop(), like kafka_based_log.
// Owned by a test; thread-safe.

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "storage/record_log.hpp"

namespace copycat::storage {

class memory_record_log final : public record_log {
public:
    memory_record_log() = default;
    // A log whose topic already holds these records (e.g. another log's records()); offsets and
    // partitions are renumbered.
    explicit memory_record_log(const std::vector<log_record>& existing);
    ~memory_record_log() override;

    result<void> start(record_handler handler) override;
    void stop() override;
    void send(std::string key, std::optional<std::string> value, completion done = {}) override;
    void read_to_end(completion done) override;
    using record_log::read_to_end;  // the blocking form

    // Appends a record as another writer would (any key, including a null one, and any bytes),
    // and delivers it when the log is started. Returns its offset.
    std::int64_t inject(std::optional<std::string> key, std::optional<std::string> value);

    // While set, send() appends nothing and completes with this error (a broker refusing writes).
    void fail_sends(std::optional<error> failure);

    // Every record written so far, in offset order.
    std::vector<log_record> records() const;
    // How many records were handed to the handler.
    std::size_t delivered() const;

private:
    enum class state { created, started, stopped };

    std::int64_t append(std::optional<std::string> key, std::optional<std::string> value);
    // Delivers the undelivered records (see the header comment for who does it).
    void deliver();

    // mutex_ guards every member below; handler_ is set under it once, by start(), and then called
    // without it by the one delivering thread.
    mutable std::mutex mutex_;
    std::condition_variable idle_;  // signalled when no thread is delivering
    state state_ = state::created;
    record_handler handler_;
    std::vector<log_record> records_;
    std::size_t delivered_ = 0;
    bool delivering_ = false;
    std::thread::id deliverer_;
    // read_to_end() completions asked for from inside the handler: run when `mark` records are
    // delivered.
    struct pending_read {
        std::size_t mark;
        completion done;
    };
    std::vector<pending_read> pending_reads_;
    std::optional<error> send_failure_;
};

}  // namespace copycat::storage
