// The base of source and sink tasks (Kafka: org.apache.kafka.connect.connector.Task).
#pragma once

#include <map>
#include <string>

#include "copycat/api.hpp"

namespace copycat {

/// A task copies a share of a connector's data. Each task runs on a thread of its own, and
/// the worker calls one task from that thread only, except stop() (see source_task).
class COPYCAT_API task {
public:
    virtual ~task();

    /// The version of the task, normally the connector's.
    virtual std::string version() const = 0;

    /// Starts the task with one of the maps returned by connector::task_configs().
    virtual void start(const std::map<std::string, std::string>& props) = 0;

    /// Stops the task and releases its resources.
    virtual void stop() = 0;
};

}  // namespace copycat
