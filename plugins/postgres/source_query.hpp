// What a source task asks PostgreSQL for each time it polls a table or query, by mode, and the
// offsets that let it resume exactly there (Confluent's JDBC source: TimestampIncrementingOffset).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "copycat/data/records.hpp"
#include "postgres/connection.hpp"

namespace copycat::postgres {

enum class source_mode { bulk, incrementing, timestamp, timestamp_incrementing };

/// "bulk", "incrementing", "timestamp", "timestamp+incrementing"; throws config_error otherwise.
source_mode parse_source_mode(std::string_view text);

/// The position of a table or query: the last incrementing value and the last timestamp
/// (microseconds since the epoch, PostgreSQL's precision) copied.
struct source_position {
    std::optional<std::int64_t> incrementing;
    std::optional<std::int64_t> timestamp_micros;

    /// Confluent's offset map: {"incrementing": n} and/or {"timestamp": epoch millis,
    /// "timestamp_nanos": nanoseconds within the second}; empty in bulk mode.
    source_map to_offset() const;
    /// Reads an offset written by to_offset() (or by Confluent's connector); missing fields stay
    /// nullopt. Throws data_error for fields of the wrong type.
    static source_position from_offset(const source_map& offset);

    friend bool operator==(const source_position&, const source_position&) = default;
};

/// The SELECT of one poll and its parameters. `from` is a quoted table name or, for a custom
/// query, "(query) AS copycat_query"; the columns are quoted identifiers. Rows come back in the
/// order of the mode's columns, after `position` (incrementing > last; timestamp > last and
/// before the statement's now(), so that rows committed later with an earlier timestamp of the
/// same instant are not skipped; timestamp+incrementing (timestamp, incrementing) > last).
struct source_statement {
    std::string sql;
    pg_params params;
};
source_statement build_source_statement(source_mode mode, const std::string& from,
                                        const std::string& incrementing_column, const std::string& timestamp_column,
                                        const source_position& position);

}  // namespace copycat::postgres
