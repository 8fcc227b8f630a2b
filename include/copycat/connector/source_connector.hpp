// A connector that copies data from another system into Kafka (Kafka: SourceConnector).
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/connector/connector.hpp"
#include "copycat/connector/source_task.hpp"
#include "copycat/data/records.hpp"

namespace copycat {

/// Whether a source connector can give exactly-once delivery (Kafka: ExactlyOnceSupport).
enum class exactly_once_support {
    supported,
    unsupported,
};

/// Whether a source connector decides where transactions end (Kafka:
/// ConnectorTransactionBoundaries).
enum class connector_transaction_boundaries {
    supported,
    unsupported,
};

/// One partition whose committed source offset should change: a new offset, or nullopt to
/// reset (forget) the partition's offset.
struct source_offset_change {
    source_map partition;
    std::optional<source_map> offset;
};

/// A source connector. Its context (see connector::initialize()) is a
/// source_connector_context, so it can read committed offsets too.
class COPYCAT_API source_connector : public connector {
public:
    /// A new task for one of the maps returned by task_configs(). Called by the worker, on any
    /// worker, possibly on an instance that was never started: only construct here.
    virtual std::unique_ptr<source_task> create_task() const = 0;

    /// Whether this configuration gives exactly-once delivery when the worker enables it
    /// (KIP-618). nullopt (the default) means the connector does not say; the worker then
    /// refuses "exactly.once.support=required" (Kafka: the method returns null).
    virtual std::optional<copycat::exactly_once_support> exactly_once_support(
        const std::map<std::string, std::string>& connector_config);

    /// Whether the connector can define transaction boundaries itself
    /// ("transaction.boundary=connector"). Default: unsupported.
    virtual connector_transaction_boundaries can_define_transaction_boundaries(
        const std::map<std::string, std::string>& connector_config);

    /// Called on a stopped connector when a user alters or resets its offsets through the REST
    /// API (KIP-875). Return true when the connector has applied the change to the system it
    /// reads from (or has nothing to do there); throw to refuse the change. The default returns
    /// false: the framework changes its own offsets and tells the user that offsets kept
    /// outside Kafka were not touched.
    virtual bool alter_offsets(const std::map<std::string, std::string>& connector_config,
                               const std::vector<source_offset_change>& offsets);

protected:
    /// The context, as a source connector context; throws connect_error before initialize()
    /// or when the worker gave a plain connector_context.
    source_connector_context& source_context() const;
};

}  // namespace copycat
