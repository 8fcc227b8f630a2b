// Sends bad sink records to the error handling of the worker (Kafka: ErrantRecordReporter).
#pragma once

#include <exception>
#include <future>

#include "copycat/api.hpp"
#include "copycat/data/records.hpp"

namespace copycat {

/// Lets a sink task hand over a record it could not write, under the connector's
/// "errors.tolerance" and dead letter queue settings, instead of failing.
class COPYCAT_API errant_record_reporter {
public:
    virtual ~errant_record_reporter();

    /// Reports `record` with the error that made it fail. When errors are not tolerated, this
    /// throws and the task fails. The future completes once the report is durable (for
    /// instance written to the dead letter queue); the offsets of the record are committed
    /// only after that.
    virtual std::future<void> report(const sink_record& record, std::exception_ptr error) = 0;
};

}  // namespace copycat
