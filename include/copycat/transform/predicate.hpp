// A condition that decides whether a transformation applies (Kafka:
// org.apache.kafka.connect.transforms.predicates.Predicate, KIP-585).
#pragma once

#include <map>
#include <string>

#include "copycat/api.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/data/records.hpp"

namespace copycat {

/// Tested on each record before a transformation that names it with "predicate" (the result
/// inverted by "negate"). Configured from the connector's "predicates.<alias>." keys (prefix
/// removed). Each task has its own instances and calls them from its thread only.
class COPYCAT_API predicate {
public:
    virtual ~predicate();

    /// Called once before use.
    virtual void configure(const std::map<std::string, std::string>& configs) = 0;

    /// The predicate's configuration keys.
    virtual const config_def& config() const = 0;

    /// True when the record matches.
    virtual bool test(const connect_record& record) = 0;

    /// Releases resources. The default does nothing.
    virtual void close();
};

}  // namespace copycat
