#include "postgres/table_names.hpp"

#include <algorithm>

#include "postgres/connection.hpp"

namespace copycat::postgres {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

bool names(const std::string& entry, const table_id& table) {
    const table_id wanted = parse_table_id(entry);
    return wanted.name == table.name && (wanted.schema.empty() || wanted.schema == table.schema);
}

bool named_by_any(const std::vector<std::string>& entries, const table_id& table) {
    return std::any_of(entries.begin(), entries.end(), [&](const std::string& e) { return names(e, table); });
}

}  // namespace

std::string table_id::display() const { return schema.empty() || schema == "public" ? name : schema + "." + name; }

std::string table_id::quoted() const {
    const std::string table = pg_connection::quote_identifier(name);
    return schema.empty() ? table : pg_connection::quote_identifier(schema) + "." + table;
}

table_id parse_table_id(std::string_view text) {
    text = trim(text);
    const std::size_t dot = text.find('.');
    if (dot == std::string_view::npos) return {"", std::string(text)};
    return {std::string(trim(text.substr(0, dot))), std::string(trim(text.substr(dot + 1)))};
}

std::vector<table_id> list_tables(pg_connection& connection) {
    const pg_result r = connection.exec(
        "SELECT schemaname, tablename FROM pg_catalog.pg_tables "
        "WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY schemaname, tablename");
    std::vector<table_id> tables;
    for (int i = 0; i < r.rows(); ++i) tables.push_back({std::string(r.text(i, 0)), std::string(r.text(i, 1))});
    std::sort(tables.begin(), tables.end(),
              [](const table_id& a, const table_id& b) { return a.display() < b.display(); });
    return tables;
}

std::vector<table_id> select_tables(const std::vector<table_id>& all, const std::vector<std::string>& whitelist,
                                    const std::vector<std::string>& blacklist) {
    std::vector<table_id> out;
    for (const auto& table : all) {
        if (!whitelist.empty() && !named_by_any(whitelist, table)) continue;
        if (whitelist.empty() && named_by_any(blacklist, table)) continue;
        out.push_back(table);
    }
    return out;
}

}  // namespace copycat::postgres
