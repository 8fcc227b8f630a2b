// Converts between Connect data and the bytes of Kafka record keys and values (Kafka:
// org.apache.kafka.connect.storage.Converter).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/api.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/data/bytes.hpp"
#include "copycat/data/headers.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/schema_and_value.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

/// A key or value format, e.g. JSON or Avro. The worker creates one instance for keys and one
/// for values of every task, configures each once, and then calls it from that task's thread
/// only. Throw data_error for data that cannot be converted (errors.tolerance then decides).
class COPYCAT_API converter {
public:
    virtual ~converter();

    /// Called once before use. `configs` holds the "key.converter."/"value.converter." keys of
    /// the worker or connector with the prefix removed; `is_key` tells which one this is.
    virtual void configure(const std::map<std::string, std::string>& configs, bool is_key) = 0;

    /// The converter's configuration keys. The default has none.
    virtual const config_def& config() const;

    /// Serializes a value for `topic`. The converter may add headers (e.g. a schema id).
    /// Returns nullopt for Kafka's null (a tombstone), typically for a null value.
    virtual std::optional<bytes> from_connect_data(std::string_view topic, headers& hdrs, const schema_ptr& schema,
                                                   const value& val) = 0;

    /// Deserializes the key or value of a record of `topic`; `data` is nullopt for Kafka's
    /// null. Returns the schema (null for schemaless data) and the value.
    virtual schema_and_value to_connect_data(std::string_view topic, const headers& hdrs,
                                             std::optional<bytes_view> data) = 0;

    /// Releases resources. The default does nothing.
    virtual void close();
};

}  // namespace copycat
