// What a sink task may ask of the worker (Kafka: SinkTaskContext).
#pragma once

#include <chrono>
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/connector/errant_record_reporter.hpp"
#include "copycat/connector/topic_partition.hpp"

namespace copycat {

/// Given to sink_task::initialize(); owned by the worker and valid until the task is
/// destroyed. Call it only from the task's thread (from within the sink_task functions).
class COPYCAT_API sink_task_context {
public:
    virtual ~sink_task_context();

    /// The task's configuration (the map given to start()).
    virtual const std::map<std::string, std::string>& configs() const = 0;

    /// Rewinds (or advances) consumption: the next records of each partition will start at
    /// the given offset. For sinks that store offsets in the target system; usually called
    /// from open().
    virtual void offset(const std::map<topic_partition, std::int64_t>& offsets) = 0;
    virtual void offset(const topic_partition& partition, std::int64_t offset) = 0;

    /// Asks the worker to call put() again (with the same or new records) after `timeout`, after
    /// put() threw retriable_error.
    virtual void timeout(std::chrono::milliseconds timeout) = 0;

    /// The partitions currently assigned to the task.
    virtual std::set<topic_partition> assignment() const = 0;

    /// Stops consuming from the partitions until resume(); put() receives none of their
    /// records meanwhile.
    virtual void pause(const std::vector<topic_partition>& partitions) = 0;
    virtual void resume(const std::vector<topic_partition>& partitions) = 0;

    /// Asks for an offset commit (flush()/pre_commit()) as soon as possible.
    virtual void request_commit() = 0;

    /// The reporter of bad records, or nullptr when the worker offers none (the default).
    virtual copycat::errant_record_reporter* errant_record_reporter();
};

}  // namespace copycat
