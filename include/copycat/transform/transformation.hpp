// A single message transform (Kafka: org.apache.kafka.connect.transforms.Transformation).
#pragma once

#include <map>
#include <string>

#include "copycat/api.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/data/records.hpp"

namespace copycat {

/// Changes records one at a time between a connector and Kafka, e.g. renames a field or routes
/// a record to another topic. Configured from the connector's "transforms.<alias>." keys
/// (prefix removed). Each task has its own instances and calls them from its thread only.
///
/// The same transformation serves source and sink connectors: apply() receives a
/// source_record or a sink_record through the connect_record base; dynamic_cast when the
/// kind matters. Throw data_error (or config_error from configure()) on bad input.
class COPYCAT_API transformation {
public:
    virtual ~transformation();

    /// Called once before use.
    virtual void configure(const std::map<std::string, std::string>& configs) = 0;

    /// The transformation's configuration keys.
    virtual const config_def& config() const = 0;

    /// Transforms `record` in place. Returns false to drop the record (Kafka: returning null);
    /// a dropped record goes no further down the chain.
    virtual bool apply(connect_record& record) = 0;

    /// Releases resources. The default does nothing.
    virtual void close();
};

}  // namespace copycat
