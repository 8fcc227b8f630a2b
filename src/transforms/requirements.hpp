// Checks on the shape of record data, with Kafka's messages (Kafka: transforms.util.Requirements).
#pragma once

#include <string>
#include <string_view>

#include "copycat/data/records.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/data/value.hpp"

namespace copycat::transforms {

/// The name of the Java class Kafka would hold for `v`, as its error messages print it:
/// "null", "java.lang.Integer", "java.lang.String", "[B", "java.util.HashMap",
/// "org.apache.kafka.connect.data.Struct", "java.math.BigDecimal", "java.util.Date", ...
std::string java_class_name(const value& v);

/// Java's Class.toString() of that class: "class java.lang.Integer" ("null" for null).
std::string java_class_text(const value& v);

/// Throws data_error "Schema required for [<purpose>]" when `s` is null.
void require_schema(const schema_ptr& s, std::string_view purpose);

/// The map held by `v`; throws data_error "Only Map objects supported in absence of schema for
/// [<purpose>], found: <class>" otherwise.
const value_map& require_map(const value& v, std::string_view purpose);

/// The struct held by `v`; throws data_error "Only Struct objects supported for [<purpose>],
/// found: <class>" otherwise.
const struct_value& require_struct(const value& v, std::string_view purpose);

/// require_struct() that lets null through (returns nullptr).
const struct_value* require_struct_or_null(const value& v, std::string_view purpose);

/// require_map() that lets null through (returns nullptr).
const value_map* require_map_or_null(const value& v, std::string_view purpose);

/// The sink record; throws data_error "Only SinkRecord supported for [<purpose>], found:
/// org.apache.kafka.connect.source.SourceRecord" for any other record.
const sink_record& require_sink_record(const connect_record& record, std::string_view purpose);

}  // namespace copycat::transforms
