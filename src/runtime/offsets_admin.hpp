#pragma once
// offsets_admin: reads and changes a connector's offsets for the REST API (KIP-875; Kafka:
// Worker.connectorOffsets and Worker.modifyConnectorOffsets).
//
//   Source connectors: the offset_store entries keyed ["<connector>",{partition}], in the store
//   the connector's tasks use (its own offsets topic with the worker's as fallback, or the
//   worker's: runtime/connector_offsets_topic.hpp). A change is
//   first offered to the connector's alter_offsets(), then written through the store (a reset is
//   a tombstone, written under the exact key bytes stored, so keys Java wrote are found too).
//   Sink connectors: the committed offsets of the connector's consumer group (connect-<c>, or
//   consumer.override.group.id), read and changed with an admin client; a full reset deletes the
//   group, as Kafka does. The group must have no member (the connector is STOPPED).
//
// Partitions and offsets travel as JSON object texts (the REST layer's JSON, normalized through
// the internal JsonConverter as Kafka does: integers become int64). The herder checks that the
// connector exists and is STOPPED before asking for a change.
//
// Blocking: every call waits for the store or the broker, bounded by `timeout`; the herder runs
// them off its loop thread. Thread-safe (it keeps no state besides its references). Owned by the
// application, next to the worker; the offset_store and registry outlive it.

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/connect_states.hpp"
#include "common/result.hpp"
#include "runtime/worker_config.hpp"
#include "storage/connector_offset_store.hpp"

namespace copycat::loader {
class plugin_registry;
}

namespace copycat::runtime {

using copycat::connector_offset;  // common/connect_states.hpp

class offsets_admin {
public:
    offsets_admin(const worker_config& worker, const loader::plugin_registry& plugins, storage::offset_store& offsets,
                  std::chrono::milliseconds timeout = std::chrono::seconds(60))
        : worker_(worker), plugins_(plugins), offsets_(offsets), timeout_(timeout) {}

    // The connector's current offsets. Errors: an unknown connector class; the broker's.
    result<std::vector<connector_offset>> offsets(const std::string& connector, const string_map& config) const;

    // Alters the given partitions' offsets, or resets every offset when `offsets` is nullopt.
    // Answers Kafka's message: "The offsets for this connector have been altered successfully"
    // (or "reset"), or the "Connect framework-managed offsets ..." variant when the connector's
    // alter_offsets() did not confirm the change. Errors: invalid_argument for a malformed sink
    // partition or offset (Kafka's BadRequest texts); internal for the rest.
    result<std::string> modify(const std::string& connector, const string_map& config,
                               const std::optional<std::vector<connector_offset>>& offsets) const;

private:
    // The store a source connector's offsets are in: the worker's, or for a connector with an
    // offsets topic of its own (runtime/connector_offsets_topic.hpp) a connector_offset_store,
    // started here and stopped when this goes (Kafka builds one per request too).
    struct connector_store {
        std::unique_ptr<storage::connector_offset_store> own;
        storage::offset_store* store = nullptr;
    };
    result<connector_store> store_for(const std::string& connector, const string_map& config) const;
    result<std::vector<connector_offset>> source_offsets(const std::string& connector, const string_map& config) const;
    result<std::string> modify_source(const std::string& connector, const string_map& config,
                                      const std::optional<std::vector<connector_offset>>& offsets) const;

    const worker_config& worker_;
    const loader::plugin_registry& plugins_;
    storage::offset_store& offsets_;
    const std::chrono::milliseconds timeout_;
};

// Kafka's answer to a successful change (Worker.completeModifyOffsetsCallback).
std::string offsets_modified_message(bool confirmed_by_connector, bool reset);

}  // namespace copycat::runtime
