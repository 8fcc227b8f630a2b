#pragma once
// record_log: the one primitive under every distributed store (Kafka: KafkaBasedLog) — a topic
// read from the beginning, tailed, written to, and "read to end": wait until every record written
// before the call has been handed to the handler. kafka_based_log implements it on librdkafka;
// memory_record_log is the in-process fake the store tests use.
//
// Threading: start() calls the handler on the calling thread for the records already in the
// topic, then on the log's own thread, one record at a time, in offset order per partition.
// send() and read_to_end() may be called from any thread; their callbacks run on the log's thread
// (or on the caller's when the answer is known at once) and must not block. The handler must not
// call read_to_end() and wait for it.

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "common/result.hpp"

namespace copycat::storage {

struct log_record {
    std::optional<std::string> key;    // nullopt: a null key
    std::optional<std::string> value;  // nullopt: a tombstone
    std::int32_t partition = 0;
    std::int64_t offset = -1;
};

class record_log {
public:
    using record_handler = std::function<void(const log_record&)>;
    using completion = std::function<void(result<void>)>;

    virtual ~record_log() = default;

    // Reads the topic from its beginning to its current end, handing every record to `handler`,
    // then keeps tailing it in the background.
    virtual result<void> start(record_handler handler) = 0;
    // Stops tailing; pending callbacks complete with an error. Idempotent.
    virtual void stop() = 0;

    // Writes a record; keyed records are partitioned as Java's producer does (murmur2), so they
    // compact together with the records Kafka Connect wrote. `done` runs once the broker
    // acknowledged the record (or it failed).
    virtual void send(std::string key, std::optional<std::string> value, completion done = {}) = 0;

    // `done` runs once every record written to the topic before this call (by any writer) has been
    // handed to the handler.
    virtual void read_to_end(completion done) = 0;

    // Blocking form of read_to_end(); errc::timeout after `timeout`.
    result<void> read_to_end(std::chrono::milliseconds timeout);
    // Blocking form of send(): waits for the acknowledgement; errc::timeout after `timeout`.
    result<void> send_and_wait(std::string key, std::optional<std::string> value, std::chrono::milliseconds timeout);
};

}  // namespace copycat::storage
