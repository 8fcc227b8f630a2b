#include "runtime/worker_transaction_context.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "copycat/errors.hpp"

namespace copycat::runtime {

namespace {

bool contains(const std::vector<source_record>& records, const source_record& record) {
    return std::find(records.begin(), records.end(), record) != records.end();
}

bool remove_one(std::vector<source_record>& records, const source_record& record) {
    auto it = std::find(records.begin(), records.end(), record);
    if (it == records.end()) return false;
    records.erase(it);
    return true;
}

}  // namespace

void worker_transaction_context::commit_transaction() {
    std::lock_guard lock(mutex_);
    commit_batch_ = true;
}

void worker_transaction_context::commit_transaction(const source_record& record) {
    std::lock_guard lock(mutex_);
    committable_.push_back(record);
}

void worker_transaction_context::abort_transaction() {
    std::lock_guard lock(mutex_);
    abort_batch_ = true;
}

void worker_transaction_context::abort_transaction(const source_record& record) {
    std::lock_guard lock(mutex_);
    abortable_.push_back(record);
}

bool worker_transaction_context::should_commit_batch() {
    std::lock_guard lock(mutex_);
    check_batch_requests();
    return std::exchange(commit_batch_, false);
}

bool worker_transaction_context::should_abort_batch() {
    std::lock_guard lock(mutex_);
    check_batch_requests();
    return std::exchange(abort_batch_, false);
}

bool worker_transaction_context::should_commit_on(const source_record& record) {
    std::lock_guard lock(mutex_);
    check_record_requests(record);
    return remove_one(committable_, record);
}

bool worker_transaction_context::should_abort_on(const source_record& record) {
    std::lock_guard lock(mutex_);
    check_record_requests(record);
    return remove_one(abortable_, record);
}

// Kafka's messages (IllegalStateException there): the task fails, since going on could lose data.
void worker_transaction_context::check_batch_requests() const {
    if (commit_batch_ && abort_batch_)
        throw connect_error("Connector requested both commit and abort of same transaction");
}

void worker_transaction_context::check_record_requests(const source_record& record) const {
    if (contains(committable_, record) && contains(abortable_, record))
        throw connect_error("Connector requested both commit and abort of same record against topic/partition " +
                            record.topic + "/" +
                            (record.kafka_partition ? std::to_string(*record.kafka_partition) : std::string("null")));
}

}  // namespace copycat::runtime
