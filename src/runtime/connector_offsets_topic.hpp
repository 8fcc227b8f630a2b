#pragma once
// Which offsets topic a source connector's tasks and the offsets REST endpoints use, and the
// store over it (Kafka 4.1: Worker.offsetStoreForExactlyOnceSourceTask,
// offsetStoreForRegularSourceTask and offsetStoreForExactlyOnceSourceConnector /
// offsetStoreForRegularSourceConnector; docs/exactly-once-source.md "A connector's own offsets
// topic"):
//
// - with exactly.once.source.support=enabled: the connector's offsets.storage.topic, else the
//   worker's offset.storage.topic;
// - otherwise: offsets.storage.topic when it is set and the worker permits connectors' own
//   topics (a distributed worker; a standalone one ignores the setting, as Kafka's does);
//   without it, the worker's store.
//
// A topic counts as the worker's when its name is the worker's offset.storage.topic and the
// connector's producer has the worker's bootstrap.servers (Kafka's sameOffsetTopicAsWorker); it
// is then read through the worker's store, which already reads read_committed. Any other topic is
// read and written through a storage::connector_offset_store: a kafka_offset_store of its own
// (clients with the connector's admin settings, bootstrap.servers of its producer), whose start()
// creates the topic when it is missing, compacted, with the worker's offsets-topic partitions,
// replication factor and topic configs (Kafka's TopicAdmin), and the worker's store as fallback.
//
// Pure functions; thread-safe.

#include <memory>
#include <string>

#include "common/result.hpp"
#include "runtime/worker_config.hpp"
#include "storage/connector_offset_store.hpp"

namespace copycat::runtime {

// The topic the connector's offsets go to when it is not the worker's store's; empty: the
// worker's store.
result<std::string> own_offsets_topic(const worker_config& worker, const string_map& connector_config);

// The store over own_offsets_topic(), not started; nullptr when that is empty. `client_id` names
// its clients (e.g. "connector-offsets-<connector>-<task>").
result<std::unique_ptr<storage::connector_offset_store>> connector_offset_store_for(
    const worker_config& worker, const string_map& connector_config, storage::offset_store& worker_store,
    const std::string& client_id);

}  // namespace copycat::runtime
