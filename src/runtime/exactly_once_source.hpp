#pragma once
// KIP-618 settings shared by the worker, the herder and the source task loop: the worker's
// exactly.once.source.support, a source connector's transaction.boundary, and the transactional
// ids Kafka Connect gives the producers involved (docs/exactly-once-source.md).
//
// Pure functions over values; usable from any thread.

#include <optional>
#include <string>
#include <string_view>

namespace copycat::runtime {

// The worker setting exactly.once.source.support (Kafka: DistributedConfig.ExactlyOnceSourceSupport).
// preparing: the leader fences zombies and writes task-count records, but tasks still produce
// without transactions (the first step of a rolling upgrade). Only distributed workers have it.
enum class exactly_once_source_support { disabled, preparing, enabled };

// Case-insensitive, as Kafka's validator; nullopt for anything else.
std::optional<exactly_once_source_support> parse_exactly_once_source_support(std::string_view text);

// Whether the leader fences and writes task-count records (preparing and enabled).
constexpr bool fencing_enabled(exactly_once_source_support s) { return s != exactly_once_source_support::disabled; }

// The connector setting transaction.boundary (Kafka: SourceTask.TransactionBoundary).
enum class transaction_boundary { poll, interval, connector };

// Case-insensitive; nullopt for anything else (validation rejects such values first).
std::optional<transaction_boundary> parse_transaction_boundary(std::string_view text);

// transactional.id of a source task's producer: "<group.id>-<connector>-<task>" (Kafka:
// Worker.taskTransactionalId).
std::string task_transactional_id(std::string_view group_id, std::string_view connector, int task);

// transactional.id of the leader's config-topic producer: "connect-cluster-<group.id>" (Kafka:
// DistributedConfig.transactionalProducerId).
std::string leader_transactional_id(std::string_view group_id);

}  // namespace copycat::runtime
