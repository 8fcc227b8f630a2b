// Exception types of the plugin API, mirroring Kafka Connect's exception hierarchy.
//
// Plugins throw these; the worker catches them where it calls into plugin code. A task that lets
// an exception escape fails (unless it is a retriable_error, which asks the worker to retry the
// same call later). Every type derives from connect_error, which derives from std::runtime_error.
#pragma once

#include <stdexcept>
#include <string>

#include "copycat/api.hpp"

namespace copycat {

/// Base of every Copycat exception (Kafka: ConnectException).
class COPYCAT_API connect_error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A value does not match its schema, or data cannot be converted (Kafka: DataException).
class COPYCAT_API data_error : public connect_error {
public:
    using connect_error::connect_error;
};

/// A transient failure: the worker may retry the operation (Kafka: RetriableException).
class COPYCAT_API retriable_error : public connect_error {
public:
    using connect_error::connect_error;
};

/// Invalid use of schema_builder, e.g. a duplicate field name (Kafka: SchemaBuilderException).
class COPYCAT_API schema_builder_error : public data_error {
public:
    using data_error::data_error;
};

/// A requested entity (connector, task, plugin...) does not exist (Kafka: NotFoundException).
class COPYCAT_API not_found_error : public connect_error {
public:
    using connect_error::connect_error;
};

/// An entity that should be new already exists (Kafka: AlreadyExistsException).
class COPYCAT_API already_exists_error : public connect_error {
public:
    using connect_error::connect_error;
};

/// An invalid configuration value (Kafka: org.apache.kafka.common.config.ConfigException).
class COPYCAT_API config_error : public connect_error {
public:
    using connect_error::connect_error;
};

}  // namespace copycat
