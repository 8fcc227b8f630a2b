// Between PostgreSQL columns and Connect data, as Confluent's JDBC connectors map them:
//
//   PostgreSQL                         Connect schema (optional when the column is nullable)
//   boolean                            BOOLEAN
//   smallint / integer / bigint        INT16 / INT32 / INT64
//   real / double precision            FLOAT32 / FLOAT64
//   numeric(p, s)                      Decimal (scale s)
//   numeric without a scale            STRING (its exact text; a Decimal needs one fixed scale)
//   date / time / timestamp[tz]        Date / Time / Timestamp (milliseconds, UTC)
//   bytea                              BYTES
//   text, varchar, char, uuid, json,   STRING (PostgreSQL's text form)
//   and every other type
//
// and back for the sink (column types of auto.create and auto.evolve; values as text parameters).
#pragma once

#include <libpq-fe.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"

namespace copycat::postgres {

/// The Connect schema of a result column of type `type_oid` with type modifier `modifier`
/// (PQftype, PQfmod).
schema_ptr column_schema(Oid type_oid, int modifier, bool optional);

/// The value of a column in PostgreSQL's text output (session time zone UTC) for `column`'s
/// schema. Throws data_error for text that does not parse.
value column_value(const schema& column, std::string_view text);

/// Microseconds since the epoch of a timestamp or timestamptz in text output (UTC), e.g.
/// "2024-01-31 13:45:00.250001" or "2024-01-31 13:45:00+00". Throws data_error otherwise.
std::int64_t parse_timestamp_micros(std::string_view text);

/// The text parameter for a value of `field_schema` (nullopt for null): numbers exactly,
/// decimals plainly, bytes as bytea hex, dates/times/timestamps in ISO form (UTC). Throws
/// data_error for arrays, maps and structs, which have no column type.
std::optional<std::string> parameter_text(const schema& field_schema, const value& v);

/// The column type for a field schema, for CREATE TABLE and ALTER TABLE ADD COLUMN: INT8 and
/// INT16 SMALLINT, INT32 INT, INT64 BIGINT, FLOAT32 REAL, FLOAT64 DOUBLE PRECISION, BOOLEAN,
/// STRING TEXT, BYTES BYTEA, Decimal DECIMAL, Date DATE, Time TIME, Timestamp TIMESTAMP. Throws
/// data_error for arrays, maps and structs.
std::string column_sql_type(const schema& field_schema);

}  // namespace copycat::postgres
