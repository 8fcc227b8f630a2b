#include "kafka/rdkafka/handle.hpp"

#include <librdkafka/rdkafka.h>

namespace copycat::rdkafka::detail {

void handle_deleter::operator()(rd_kafka_s* handle) const noexcept { rd_kafka_destroy(handle); }

void queue_deleter::operator()(rd_kafka_queue_s* queue) const noexcept { rd_kafka_queue_destroy(queue); }

void message_deleter::operator()(rd_kafka_message_s* message) const noexcept { rd_kafka_message_destroy(message); }

}  // namespace copycat::rdkafka::detail
