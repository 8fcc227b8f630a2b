#include "postgres/sink_statements.hpp"

#include <algorithm>

#include "postgres/column_types.hpp"
#include "postgres/connection.hpp"

namespace copycat::postgres {
namespace {

std::string quoted_list(const std::vector<std::string>& names) {
    std::string out;
    for (const auto& n : names) out.append(out.empty() ? "" : ", ").append(pg_connection::quote_identifier(n));
    return out;
}

// ($1, $2), ($3, $4), ... : `rows` tuples of `width` parameters, numbered from 1.
std::string parameter_tuples(std::size_t width, std::size_t rows) {
    std::string out;
    std::size_t n = 1;
    for (std::size_t r = 0; r < rows; ++r) {
        out.append(r == 0 ? "(" : ", (");
        for (std::size_t c = 0; c < width; ++c, ++n) out.append(c == 0 ? "$" : ", $").append(std::to_string(n));
        out.push_back(')');
    }
    return out;
}

}  // namespace

std::string insert_sql(const table_id& table, const std::vector<std::string>& columns, std::size_t rows) {
    return "INSERT INTO " + table.quoted() + " (" + quoted_list(columns) + ") VALUES " +
           parameter_tuples(columns.size(), rows);
}

std::string upsert_sql(const table_id& table, const std::vector<std::string>& columns,
                       const std::vector<std::string>& keys, std::size_t rows) {
    std::string sets;
    for (const auto& c : columns) {
        if (std::find(keys.begin(), keys.end(), c) != keys.end()) continue;
        const std::string q = pg_connection::quote_identifier(c);
        sets.append(sets.empty() ? "" : ", ").append(q).append(" = EXCLUDED.").append(q);
    }
    return insert_sql(table, columns, rows) + " ON CONFLICT (" + quoted_list(keys) + ") DO " +
           (sets.empty() ? "NOTHING" : "UPDATE SET " + sets);
}

std::string update_sql(const table_id& table, const std::vector<std::string>& non_keys,
                       const std::vector<std::string>& keys) {
    std::string sql = "UPDATE " + table.quoted() + " SET ";
    std::size_t n = 1;
    for (std::size_t i = 0; i < non_keys.size(); ++i, ++n) {
        sql.append(i == 0 ? "" : ", ").append(pg_connection::quote_identifier(non_keys[i])).append(" = $");
        sql.append(std::to_string(n));
    }
    sql.append(" WHERE ");
    for (std::size_t i = 0; i < keys.size(); ++i, ++n) {
        sql.append(i == 0 ? "" : " AND ").append(pg_connection::quote_identifier(keys[i])).append(" = $");
        sql.append(std::to_string(n));
    }
    return sql;
}

std::string delete_sql(const table_id& table, const std::vector<std::string>& keys, std::size_t rows) {
    return "DELETE FROM " + table.quoted() + " WHERE (" + quoted_list(keys) + ") IN (" +
           parameter_tuples(keys.size(), rows) + ")";
}

std::string create_table_sql(const table_id& table, const std::vector<sink_column>& columns,
                             const std::vector<std::string>& keys) {
    std::string sql = "CREATE TABLE " + table.quoted() + " (";
    for (std::size_t i = 0; i < columns.size(); ++i) {
        const auto& c = columns[i];
        sql.append(i == 0 ? "" : ", ").append(pg_connection::quote_identifier(c.name)).append(" ");
        sql.append(column_sql_type(*c.column_schema));
        if (!c.column_schema->is_optional()) sql.append(" NOT NULL");
    }
    if (!keys.empty()) sql.append(", PRIMARY KEY (").append(quoted_list(keys)).append(")");
    return sql + ")";
}

std::string add_column_sql(const table_id& table, const sink_column& column) {
    return "ALTER TABLE " + table.quoted() + " ADD COLUMN " + pg_connection::quote_identifier(column.name) + " " +
           column_sql_type(*column.column_schema);
}

}  // namespace copycat::postgres
