// What the sink writes for one record: the table, the columns and their values, the key columns,
// and whether it is a delete, following insert.mode, pk.mode, pk.fields, delete.enabled and
// table.name.format as Confluent's JDBC sink reads them.
#pragma once

#include <string>
#include <vector>

#include "copycat/data/records.hpp"
#include "postgres/connection.hpp"
#include "postgres/sink_statements.hpp"
#include "postgres/table_names.hpp"

namespace copycat::postgres {

enum class insert_mode { insert, upsert, update };
enum class pk_mode { none, kafka, record_key, record_value };

struct sink_settings {
    postgres::insert_mode insert = insert_mode::insert;
    postgres::pk_mode pk = pk_mode::none;
    std::vector<std::string> pk_fields;
    bool delete_enabled = false;
    std::string table_name_format = "${topic}";

    /// Reads the sink keys of a configuration map; throws config_error for a value of no meaning
    /// and for combinations that cannot work (upsert or update without keys, delete.enabled
    /// without pk.mode=record_key, pk.mode=kafka with other than three pk.fields).
    static sink_settings from(const std::map<std::string, std::string>& props);
};

struct sink_row {
    table_id table;
    bool is_delete = false;
    /// The key columns first, then the others (for a delete: the key columns only).
    std::vector<sink_column> columns;
    std::size_t key_count = 0;
    pg_params values;  // one per column

    std::vector<std::string> column_names() const;
    std::vector<std::string> key_names() const;
};

/// The row of `record`. A null value is a delete when delete.enabled is set, and an error
/// otherwise; other values must be Structs with a schema. Throws data_error (naming topic,
/// partition and offset) for a record the settings cannot write.
sink_row make_sink_row(const sink_record& record, const sink_settings& settings);

}  // namespace copycat::postgres
