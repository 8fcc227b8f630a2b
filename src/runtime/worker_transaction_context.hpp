#pragma once
// The transaction context of an exactly-once source task whose connector defines its own
// transaction boundaries (transaction.boundary=connector; Kafka: WorkerTransactionContext). The
// task asks from its poll() (any thread); the task's loop asks after each record it dispatched or
// dropped and after each batch whether to commit or abort there
// (docs/exactly-once-source.md#connector-defined-transaction-boundaries). Thread-safe.

#include <mutex>
#include <vector>

#include "copycat/connector/transaction_context.hpp"

namespace copycat::runtime {

class worker_transaction_context final : public transaction_context {
public:
    void commit_transaction() override;
    void commit_transaction(const source_record& record) override;
    void abort_transaction() override;
    void abort_transaction(const source_record& record) override;

    // Whether the connector asked to end the transaction after the current batch; each request is
    // answered once. Throws connect_error when it asked both to commit and to abort.
    bool should_commit_batch();
    bool should_abort_batch();
    // Whether the connector asked to end the transaction after `record` (compared by value, as
    // Kafka's HashSet of SourceRecord); each request is answered once. Throws connect_error when
    // it asked both for the same record.
    bool should_commit_on(const source_record& record);
    bool should_abort_on(const source_record& record);

private:
    void check_batch_requests() const;
    void check_record_requests(const source_record& record) const;

    mutable std::mutex mutex_;
    std::vector<source_record> committable_;
    std::vector<source_record> abortable_;
    bool commit_batch_ = false;
    bool abort_batch_ = false;
};

}  // namespace copycat::runtime
