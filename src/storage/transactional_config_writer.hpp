#pragma once
// transactional_config_writer: the leader's writes to the config topic when exactly-once source
// support is preparing or enabled (Kafka: KafkaConfigBackingStore's "fencable producer", created by
// claimWritePrivileges). Its producer has transactional.id connect-cluster-<group.id>, so a new
// leader's claim() (InitProducerId) fences the previous leader's producer: a worker that still
// believes it leads (frozen, partitioned) can no longer write connector configs, task configs,
// task-count records, session keys or restart requests. Each write is one transaction.
// docs/exactly-once-source.md#the-leaders-config-topic-producer.
//
// Threading: one thread at a time (the herder's loop); every call blocks on the broker.

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/result.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/producer.hpp"

namespace copycat::storage {

struct transactional_config_writer_options {
    rdkafka::client_config client;  // bootstrap.servers, security settings
    std::string topic;              // the config topic
    std::string transactional_id;   // connect-cluster-<group.id>
    std::string client_id;          // empty: librdkafka's
};

class transactional_config_writer {
public:
    using keyed_value = std::pair<std::string, std::optional<std::string>>;

    explicit transactional_config_writer(transactional_config_writer_options options);

    // Creates the producer and registers its transactional id (fencing any earlier producer with
    // it). Does nothing when already claimed. On failure nothing is claimed.
    result<void> claim(std::chrono::milliseconds timeout);
    bool claimed() const { return producer_.has_value(); }
    // Writes the records in one transaction; answers the offset after the last of them. Any
    // failure (a fenced producer among them) aborts it when the producer still can, and drops the
    // claim: only a new claim() writes again.
    result<std::int64_t> write(const std::vector<keyed_value>& records, std::chrono::milliseconds timeout);

private:
    transactional_config_writer_options options_;
    std::optional<rdkafka::producer> producer_;
};

}  // namespace copycat::storage
