#pragma once
// Owning pointers to librdkafka objects, declared against librdkafka's struct tags so that the
// public wrapper headers need not include rdkafka.h. The deleters are defined in handle.cpp.

#include <memory>

struct rd_kafka_s;          // rd_kafka_t: a client instance
struct rd_kafka_message_s;  // rd_kafka_message_t: a consumed message
struct rd_kafka_queue_s;    // rd_kafka_queue_t: a reference to one of a client's queues

namespace copycat::rdkafka::detail {

// rd_kafka_destroy(): blocks until librdkafka's threads are gone. Call it only after every
// message that came from the handle has been destroyed.
struct handle_deleter {
    void operator()(rd_kafka_s* handle) const noexcept;
};
using handle_ptr = std::unique_ptr<rd_kafka_s, handle_deleter>;

struct message_deleter {
    void operator()(rd_kafka_message_s* message) const noexcept;
};
using message_ptr = std::unique_ptr<rd_kafka_message_s, message_deleter>;

// rd_kafka_queue_destroy(): drops the reference (before the handle is destroyed).
struct queue_deleter {
    void operator()(rd_kafka_queue_s* queue) const noexcept;
};
using queue_ptr = std::unique_ptr<rd_kafka_queue_s, queue_deleter>;

}  // namespace copycat::rdkafka::detail
