// The base of every connector (Kafka: org.apache.kafka.connect.connector.Connector).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "copycat/api.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/config/config_value.hpp"
#include "copycat/connector/connector_context.hpp"

namespace copycat {

/// A connector manages the copying of data between Kafka and another system: it reads its
/// configuration, decides how to split the work, and hands each task its configuration. It
/// does not copy data itself; its tasks do. Derive from source_connector or sink_connector.
///
/// Life cycle, driven by the worker on one thread at a time (the worker's connector thread):
///
///     initialize(context) -> start(props) -> task_configs(max_tasks) ... -> stop()
///
/// reconfigure() may come between start() and stop(); task_configs() is called again after
/// the connector calls context().request_task_reconfiguration(). validate() and config() are
/// also called on fresh, never-started instances to check a configuration (REST validate).
/// Throwing from start(), task_configs() or stop() fails the connector with the exception's
/// message; throw config_error for a bad configuration.
class COPYCAT_API connector {
public:
    virtual ~connector();

    /// The version of the connector, e.g. "4.0.0". Shown by the REST API.
    virtual std::string version() const = 0;

    /// Called once, before start(). The default remembers the context for context().
    virtual void initialize(connector_context& context);

    /// Starts the connector with its configuration (every key of the connector's config map,
    /// including the worker's common keys such as "name" and "connector.class").
    virtual void start(const std::map<std::string, std::string>& props) = 0;

    /// Applies a new configuration. The default calls stop() then start(props).
    virtual void reconfigure(const std::map<std::string, std::string>& props);

    /// The configurations of at most `max_tasks` tasks; one map per task to run. The worker
    /// creates each task with create_task() and starts it with its map.
    virtual std::vector<std::map<std::string, std::string>> task_configs(int max_tasks) = 0;

    /// Stops the connector. Release everything start() acquired.
    virtual void stop() = 0;

    /// The definition of the connector's own configuration keys.
    virtual const config_def& config() const = 0;

    /// Validates a connector configuration; one config_value per key. The default validates
    /// against config(). Override to add checks that involve several keys (add the messages to
    /// the errors of the keys concerned).
    virtual std::vector<config_value> validate(const std::map<std::string, std::string>& connector_config);

protected:
    /// The context given to initialize(); throws connect_error before that.
    connector_context& context() const;

private:
    connector_context* context_ = nullptr;
};

}  // namespace copycat
