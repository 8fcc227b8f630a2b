// Table names of the PostgreSQL connectors: "table" or "schema.table" in configurations, quoted
// identifiers in SQL.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace copycat::postgres {

class pg_connection;

/// A table, optionally in a schema (empty: the search path decides, normally "public").
struct table_id {
    std::string schema;
    std::string name;

    /// "schema.table", or "table" for a table of no schema or of "public" (the name used for
    /// topics and source partitions, as Confluent's connector uses the bare table name).
    std::string display() const;
    /// "schema"."table" or "table", each part a quoted identifier.
    std::string quoted() const;

    friend bool operator==(const table_id&, const table_id&) = default;
};

/// "a.b" -> {a, b}; "b" -> {"", b}. The first dot separates; surrounding blanks are removed.
table_id parse_table_id(std::string_view text);

/// The tables of the database outside the system schemas (pg_tables), sorted by display name.
std::vector<table_id> list_tables(pg_connection& connection);

/// The tables to copy: `all` filtered by the whitelist (when not empty: only those it names) or
/// the blacklist (when not empty: all but those). An entry names a table by "table" (any schema)
/// or "schema.table".
std::vector<table_id> select_tables(const std::vector<table_id>& all, const std::vector<std::string>& whitelist,
                                    const std::vector<std::string>& blacklist);

}  // namespace copycat::postgres
