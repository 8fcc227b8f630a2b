// The SQL the sink writes with: multi-row INSERT (plain or ON CONFLICT DO UPDATE), UPDATE,
// multi-row DELETE, CREATE TABLE and ALTER TABLE ADD COLUMN. Identifiers are quoted; values
// are $n parameters.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "copycat/data/schema.hpp"
#include "postgres/table_names.hpp"

namespace copycat::postgres {

/// A column of a sink row: its name and the schema of its values.
struct sink_column {
    std::string name;
    schema_ptr column_schema;
};

/// INSERT INTO t ("a", "b") VALUES ($1, $2), ($3, $4) for `rows` rows of `columns`.
std::string insert_sql(const table_id& table, const std::vector<std::string>& columns, std::size_t rows);

/// insert_sql() + ON CONFLICT (keys) DO UPDATE SET c = EXCLUDED.c for every non-key column (DO
/// NOTHING when every column is a key column).
std::string upsert_sql(const table_id& table, const std::vector<std::string>& columns,
                       const std::vector<std::string>& keys, std::size_t rows);

/// UPDATE t SET "a" = $1, ... WHERE "k" = $n AND ...: the non-key columns first, then the keys.
std::string update_sql(const table_id& table, const std::vector<std::string>& non_keys,
                       const std::vector<std::string>& keys);

/// DELETE FROM t WHERE ("k1", "k2") IN (($1, $2), ...) for `rows` key tuples.
std::string delete_sql(const table_id& table, const std::vector<std::string>& keys, std::size_t rows);

/// CREATE TABLE t (columns with their types, NOT NULL for required schemas, PRIMARY KEY (keys)
/// when there are keys).
std::string create_table_sql(const table_id& table, const std::vector<sink_column>& columns,
                             const std::vector<std::string>& keys);

/// ALTER TABLE t ADD COLUMN "c" type (new columns are nullable, as auto.evolve adds only
/// optional fields).
std::string add_column_sql(const table_id& table, const sink_column& column);

}  // namespace copycat::postgres
