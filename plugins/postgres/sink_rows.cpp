#include "postgres/sink_rows.hpp"

#include <algorithm>

#include "copycat/config/abstract_config.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "postgres/column_types.hpp"
#include "postgres/pg_configs.hpp"

namespace copycat::postgres {
namespace {

// Confluent's default column names of pk.mode=kafka and of a primitive record key.
const std::vector<std::string> kafka_pk_defaults = {"__connect_topic", "__connect_partition", "__connect_offset"};
constexpr std::string_view record_key_default = "__connect_key";

std::string where(const sink_record& r) {
    return "(topic='" + r.topic + "', partition=" + std::to_string(r.kafka_partition.value_or(0)) +
           ", offset=" + std::to_string(r.kafka_offset) + ")";
}

bool contains(const std::vector<std::string>& names, const std::string& name) {
    return std::find(names.begin(), names.end(), name) != names.end();
}

void add(sink_row& row, const std::string& name, const schema_ptr& s, const value& v) {
    row.columns.push_back({name, s});
    row.values.push_back(parameter_text(*s, v));
}

// The fields of a Struct value named by `names` (all fields when empty), in `names`' order.
void add_struct_fields(sink_row& row, const sink_record& r, const schema& struct_schema, const value& v,
                       const std::vector<std::string>& names, const std::string& what) {
    if (names.empty()) {
        for (const auto& f : struct_schema.fields()) add(row, f.name, f.schema, v.as_struct().get(f));
        return;
    }
    for (const auto& name : names) {
        const auto* f = struct_schema.find_field(name);
        if (f == nullptr)
            throw data_error("pk.fields names " + name + ", which the " + what + " of " + where(r) + " lacks");
        add(row, f->name, f->schema, v.as_struct().get(*f));
    }
}

void add_keys(sink_row& row, const sink_record& r, const sink_settings& s) {
    switch (s.pk) {
        case pk_mode::none:
            break;
        case pk_mode::kafka: {
            const auto& names = s.pk_fields.empty() ? kafka_pk_defaults : s.pk_fields;
            add(row, names[0], schema::string(), value(r.topic));
            add(row, names[1], schema::int32(), value(r.kafka_partition.value_or(0)));
            add(row, names[2], schema::int64(), value(r.kafka_offset));
            break;
        }
        case pk_mode::record_key:
            if (r.key.is_null() || r.key_schema == nullptr) {
                throw data_error("pk.mode=record_key needs a key with a schema, but the record " + where(r) +
                                 " has none");
            }
            if (r.key_schema->type() == schema_type::struct_) {
                add_struct_fields(row, r, *r.key_schema, r.key, s.pk_fields, "key");
            } else {
                add(row, s.pk_fields.empty() ? std::string(record_key_default) : s.pk_fields[0], r.key_schema, r.key);
            }
            break;
        case pk_mode::record_value:
            add_struct_fields(row, r, *r.value_schema, r.val, s.pk_fields, "value");
            break;
    }
    row.key_count = row.columns.size();
}

}  // namespace

sink_settings sink_settings::from(const std::map<std::string, std::string>& props) {
    const abstract_config config(sink_config_def(), props);
    sink_settings s;
    const std::string& mode = config.get_string(insert_mode_config);
    s.insert = mode == "upsert" ? insert_mode::upsert : mode == "update" ? insert_mode::update : insert_mode::insert;
    const std::string& pk = config.get_string(pk_mode_config);
    s.pk = pk == "kafka"          ? pk_mode::kafka
           : pk == "record_key"   ? pk_mode::record_key
           : pk == "record_value" ? pk_mode::record_value
                                  : pk_mode::none;
    s.pk_fields = config.get_list(pk_fields_config);
    s.delete_enabled = config.get_bool(delete_enabled_config);
    s.table_name_format = config.get_string(table_name_format_config);
    if (s.insert != insert_mode::insert && s.pk == pk_mode::none) {
        throw config_error("insert.mode=" + mode + " needs a primary key: set pk.mode");
    }
    if (s.delete_enabled && s.pk != pk_mode::record_key) {
        throw config_error("delete.enabled=true requires pk.mode=record_key");
    }
    if (s.pk == pk_mode::kafka && !s.pk_fields.empty() && s.pk_fields.size() != 3) {
        throw config_error("pk.mode=kafka needs exactly three pk.fields (topic, partition, offset columns), or none");
    }
    if (s.table_name_format.empty()) throw config_error("table.name.format may not be empty");
    return s;
}

std::vector<std::string> sink_row::column_names() const {
    std::vector<std::string> out;
    for (const auto& c : columns) out.push_back(c.name);
    return out;
}

std::vector<std::string> sink_row::key_names() const {
    std::vector<std::string> out;
    for (std::size_t i = 0; i < key_count; ++i) out.push_back(columns[i].name);
    return out;
}

sink_row make_sink_row(const sink_record& record, const sink_settings& settings) {
    sink_row row;
    std::string table = settings.table_name_format;
    for (std::size_t at; (at = table.find("${topic}")) != std::string::npos;) table.replace(at, 8, record.topic);
    row.table = parse_table_id(table);

    if (record.val.is_null()) {
        if (!settings.delete_enabled) {
            throw data_error("The record " + where(record) +
                             " has a null value (a tombstone); set delete.enabled=true (with pk.mode=record_key) to "
                             "delete rows for tombstones");
        }
        row.is_delete = true;
        add_keys(row, record, settings);
        return row;
    }
    if (record.value_schema == nullptr || record.value_schema->type() != schema_type::struct_ ||
        !record.val.is_struct()) {
        throw data_error("The PostgreSQL sink needs records whose value is a Struct with a schema, but the record " +
                         where(record) + " has a " + std::string(value_kind_name(record.val.kind())) +
                         " value (use a converter with schemas, e.g. JsonConverter with schemas.enable=true)");
    }
    add_keys(row, record, settings);
    const std::vector<std::string> keys = row.key_names();
    for (const auto& f : record.value_schema->fields()) {
        if (settings.pk == pk_mode::record_value || settings.pk == pk_mode::record_key) {
            if (contains(keys, f.name)) continue;  // already a key column
        }
        add(row, f.name, f.schema, record.val.as_struct().get(f));
    }
    return row;
}

}  // namespace copycat::postgres
