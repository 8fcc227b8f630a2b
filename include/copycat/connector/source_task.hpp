// A task that reads from another system and returns records for Kafka (Kafka: SourceTask).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/connector/record_metadata.hpp"
#include "copycat/connector/source_task_context.hpp"
#include "copycat/connector/task.hpp"
#include "copycat/data/records.hpp"

namespace copycat {

/// Where the transactions of an exactly-once source task end (Kafka: TransactionBoundary),
/// set by the "transaction.boundary" key: after every poll() batch, every
/// "transaction.boundary.interval.ms", or when the connector says so.
enum class transaction_boundary {
    poll,
    interval,
    connector,
};

/// A source task. The worker calls, one at a time, on the task's thread (or, for a task with
/// nonblocking_poll(), on threads of its task pool):
///
///     initialize(context) -> start(props) -> poll() ... poll() -> (stop() from elsewhere)
///
/// with commit() between polls when offsets have been committed. stop() is called from
/// another thread while poll() may be running: it must make poll() return soon, and must be
/// safe to call concurrently with it. commit_record() is called from the producer's delivery
/// thread, concurrently with poll(). Exceptions other than retriable_error fail the task; a
/// retriable_error thrown by poll() makes the worker call poll() again.
class COPYCAT_API source_task : public task {
public:
    /// The key that selects transaction boundaries (Kafka: TRANSACTION_BOUNDARY_CONFIG).
    static constexpr std::string_view transaction_boundary_config = "transaction.boundary";

    /// Called once, before start(). The default remembers the context for context().
    virtual void initialize(source_task_context& context);

    /// New records, in order per source partition. Return an empty vector when nothing is
    /// available right now; block for a short while at most (about a second) so that the task
    /// can be paused or stopped promptly.
    virtual std::vector<source_record> poll() = 0;

    /// True when poll() never waits: it returns at once, with an empty vector when nothing is
    /// available. The worker then runs the task on its shared task pool ("task.threads") instead
    /// of a thread of its own: one poll() per turn, and while poll() returns nothing the next
    /// turn comes after a growing back-off (up to a second), which stop, pause and
    /// source_task_context::request_poll() end early. Read once, after construction and before
    /// initialize(). The default, false: poll() may block briefly and the task has its own thread
    /// (so do all tasks of exactly-once connectors, and Java tasks). docs/scale.md "Tasks".
    virtual bool nonblocking_poll() const;

    /// Offsets up to some recent record have been committed. For systems that also keep
    /// positions themselves; the default does nothing.
    virtual void commit();

    /// `record` was acknowledged by Kafka (metadata set), or was dropped by a transformation or
    /// by errors.tolerance=all (metadata nullopt). The default does nothing.
    virtual void commit_record(const source_record& record, const std::optional<record_metadata>& metadata);

protected:
    /// The context given to initialize(); throws connect_error before that.
    source_task_context& context() const;

private:
    source_task_context* context_ = nullptr;
};

}  // namespace copycat
