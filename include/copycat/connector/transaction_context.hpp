// Lets a source task end transactions itself (Kafka: TransactionContext).
#pragma once

#include "copycat/api.hpp"
#include "copycat/data/records.hpp"

namespace copycat {

/// Available to source tasks of connectors that define their own transaction boundaries
/// ("transaction.boundary=connector", exactly-once source support). Requests take effect
/// after the current batch of records has been dispatched.
class COPYCAT_API transaction_context {
public:
    virtual ~transaction_context();

    /// Commits the transaction after the current batch.
    virtual void commit_transaction() = 0;
    /// Commits the transaction right after `record` has been dispatched.
    virtual void commit_transaction(const source_record& record) = 0;
    /// Aborts the transaction after the current batch.
    virtual void abort_transaction() = 0;
    /// Aborts the transaction right after `record` has been dispatched (the record included).
    virtual void abort_transaction(const source_record& record) = 0;
};

}  // namespace copycat
