#pragma once
// Fences the producers of a connector's earlier generation of source tasks (Kafka:
// Worker.fenceZombies, which calls Admin.fenceProducers), the step the leader takes before it
// writes a connector's tasks-fencing-<c> record (docs/exactly-once-source.md#fencing-and-the-task-count-record).
//
// librdkafka has no public fenceProducers; InitProducerId is what it does per transactional id,
// and a short-lived transactional producer's init_transactions() sends exactly that: the id's
// epoch is bumped, so its earlier producer (a zombie) fails on its next transactional call, and
// the transaction it left open is aborted.
//
// Blocks the calling thread (one init_transactions() per task, each up to `timeout`): call it off
// the herder's loop. Thread-safe (no shared state).

#include <chrono>
#include <string>

#include "common/result.hpp"
#include "runtime/worker_config.hpp"

namespace copycat::runtime {

// Fences transactional ids <group.id>-<connector>-0 .. <task_count - 1> with the connector's
// producer settings (its producer.override.* included). The first failure ends it, naming the id.
result<void> fence_task_producers(const worker_config& worker, const std::string& connector,
                                  const string_map& connector_config, int task_count,
                                  std::chrono::milliseconds timeout);

}  // namespace copycat::runtime
