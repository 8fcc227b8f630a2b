// What a source task may ask of the worker (Kafka: SourceTaskContext).
#pragma once

#include <map>
#include <string>

#include "copycat/api.hpp"
#include "copycat/connector/offset_storage_reader.hpp"
#include "copycat/connector/transaction_context.hpp"

namespace copycat {

/// Given to source_task::initialize(); owned by the worker and valid until the task is
/// destroyed.
class COPYCAT_API source_task_context {
public:
    virtual ~source_task_context();

    /// The task's configuration (the map given to start()).
    virtual const std::map<std::string, std::string>& configs() const = 0;

    /// Reads the offsets committed for this connector.
    virtual copycat::offset_storage_reader& offset_storage_reader() = 0;

    /// The transaction context when the connector defines transaction boundaries, otherwise
    /// nullptr (the default).
    virtual copycat::transaction_context* transaction_context();

    /// For a task with nonblocking_poll(): data is ready, call poll() soon (ends the worker's
    /// back-off). Any thread, any time; the default does nothing, as does the worker for a task
    /// with a thread of its own.
    virtual void request_poll();
};

}  // namespace copycat
