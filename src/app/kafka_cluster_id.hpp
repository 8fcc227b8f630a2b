#pragma once
// Looks up the Kafka cluster id once at start-up (Kafka: WorkerConfig.lookupKafkaClusterId),
// for GET / and the worker's logs. Blocks the caller until the brokers answer or `timeout`.

#include <chrono>
#include <functional>
#include <string>

#include "common/result.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::app {

// Uses bootstrap.servers and the worker's top-level security settings. unavailable when no
// broker answered in time ("Failed to connect to and describe Kafka cluster ..."); `cancelled`
// is checked every second, so a shutdown request does not wait for the whole timeout.
result<std::string> lookup_kafka_cluster_id(const runtime::worker_config& config, std::chrono::milliseconds timeout,
                                            const std::function<bool()>& cancelled);

}  // namespace copycat::app
