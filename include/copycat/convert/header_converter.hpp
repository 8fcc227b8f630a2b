// Converts between Connect header values and the bytes of Kafka record headers (Kafka:
// org.apache.kafka.connect.storage.HeaderConverter).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/api.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/data/bytes.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/schema_and_value.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

/// A header value format, e.g. Kafka's SimpleHeaderConverter. One instance per task,
/// configured once, then called from that task's thread only. Throw data_error for a header
/// that cannot be converted.
class COPYCAT_API header_converter {
public:
    virtual ~header_converter();

    /// Called once before use with the "header.converter." keys, prefix removed.
    virtual void configure(const std::map<std::string, std::string>& configs) = 0;

    /// The converter's configuration keys. The default has none.
    virtual const config_def& config() const;

    /// Deserializes the header `header_key` of a record of `topic`; `data` is nullopt for a
    /// null header value.
    virtual schema_and_value to_connect_header(std::string_view topic, std::string_view header_key,
                                               std::optional<bytes_view> data) = 0;

    /// Serializes a header value; nullopt gives a null header value.
    virtual std::optional<bytes> from_connect_header(std::string_view topic, std::string_view header_key,
                                                     const schema_ptr& schema, const value& val) = 0;

    /// Releases resources. The default does nothing.
    virtual void close();
};

}  // namespace copycat
