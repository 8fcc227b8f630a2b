// What a connector may ask of the worker (Kafka: ConnectorContext, SourceConnectorContext,
// SinkConnectorContext).
#pragma once

#include <string>

#include "copycat/api.hpp"
#include "copycat/connector/offset_storage_reader.hpp"

namespace copycat {

/// Given to connector::initialize(); owned by the worker and valid until connector::stop()
/// returns. Its functions may be called from any thread.
class COPYCAT_API connector_context {
public:
    virtual ~connector_context();

    /// Asks the worker to call connector::task_configs() again and restart the tasks if their
    /// configurations changed, e.g. because the set of source tables changed.
    virtual void request_task_reconfiguration() = 0;

    /// Reports an unrecoverable error from a thread of the connector's own (one the worker
    /// does not call through). The connector is marked FAILED with `message`; the worker then
    /// stops it. Errors on the worker's calls are reported by throwing instead.
    virtual void raise_error(std::string message) = 0;
};

/// The context of a source connector: it may also read committed source offsets.
class COPYCAT_API source_connector_context : public connector_context {
public:
    /// Valid as long as the context.
    virtual copycat::offset_storage_reader& offset_storage_reader() = 0;
};

/// The context of a sink connector.
class COPYCAT_API sink_connector_context : public connector_context {};

}  // namespace copycat
