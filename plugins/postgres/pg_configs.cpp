#include "postgres/pg_configs.hpp"

#include <string>

#include "copycat/config/range.hpp"
#include "copycat/config/string_validators.hpp"
#include "copycat/config/valid_string.hpp"

namespace copycat::postgres {
namespace {

std::string key(std::string_view name) { return std::string(name); }

void define_connection(config_def& d) {
    d.define(key(connection_url_config), config_type::string, no_default, non_empty_string::instance(),
             importance::high,
             "JDBC connection URL (jdbc:postgresql://host:port/database?user=...) or a libpq connection string "
             "(host=... port=... dbname=..., or postgresql://...)")
        .define(key(connection_user_config), config_type::string, nullptr, importance::high, "JDBC connection user.")
        .define(key(connection_password_config), config_type::password, nullptr, importance::high,
                "JDBC connection password.")
        .define(key(connection_attempts_config), config_type::int_, 3, range::at_least(1), importance::low,
                "Maximum number of attempts to retrieve a valid JDBC connection. Must be a positive integer.")
        .define(key(connection_backoff_config), config_type::long_, std::int64_t{10000}, range::at_least(0),
                importance::low, "Backoff time in milliseconds between connection attempts.");
}

}  // namespace

const config_def& source_config_def() {
    static const config_def def = [] {
        config_def d;
        define_connection(d);
        d.define(key(table_whitelist_config), config_type::list, "", importance::medium,
                 "List of tables to include in copying. If specified, table.blacklist may not be set.")
            .define(key(table_blacklist_config), config_type::list, "", importance::medium,
                    "List of tables to exclude from copying. If specified, table.whitelist may not be set.")
            .define(key(query_config), config_type::string, "", importance::medium,
                    "If specified, the query to perform to select new or updated rows. Use this setting to join "
                    "tables or select a subset of columns; the connector then copies no whole tables.")
            .define(key(mode_config), config_type::string, no_default,
                    valid_string::in({std::string(mode_bulk), std::string(mode_timestamp),
                                      std::string(mode_incrementing), std::string(mode_timestamp_incrementing)}),
                    importance::high,
                    "The mode for updating a table each time it is polled: bulk, incrementing (a strictly "
                    "increasing column), timestamp (a modification timestamp column), timestamp+incrementing.")
            .define(key(incrementing_column_config), config_type::string, "", importance::medium,
                    "The name of the strictly incrementing column to use to detect new rows.")
            .define(key(timestamp_column_config), config_type::string, "", importance::medium,
                    "The name of the timestamp column to use to detect new or modified rows.")
            .define(key(poll_interval_config), config_type::int_, 5000, range::at_least(0), importance::high,
                    "Frequency in ms to poll for new data in each table.")
            .define(key(batch_max_rows_config), config_type::int_, 100, range::at_least(1), importance::low,
                    "Maximum number of rows to include in a single batch when polling for new data.")
            .define(key(topic_prefix_config), config_type::string, no_default, importance::high,
                    "Prefix to prepend to table names to generate the name of the Kafka topic to publish data "
                    "to, or in the case of a custom query, the full name of the topic to publish to.")
            .define(key(table_poll_interval_config), config_type::long_, std::int64_t{60000}, range::at_least(0),
                    importance::low, "Frequency in ms to poll for new or removed tables.")
            .define_internal(key(tables_config), config_type::list, "", importance::low);
        return d;
    }();
    return def;
}

const config_def& sink_config_def() {
    static const config_def def = [] {
        config_def d;
        define_connection(d);
        d.define(key(insert_mode_config), config_type::string, "insert",
                 valid_string::in({"insert", "upsert", "update"}), importance::high,
                 "The insertion mode to use: insert (INSERT), upsert (INSERT ... ON CONFLICT DO UPDATE) or update "
                 "(UPDATE).")
            .define(key(pk_mode_config), config_type::string, "none",
                    valid_string::in({"none", "kafka", "record_key", "record_value"}), importance::high,
                    "The primary key mode: none, kafka (__connect_topic, __connect_partition, "
                    "__connect_offset), record_key or record_value.")
            .define(key(pk_fields_config), config_type::list, "", importance::medium,
                    "List of comma-separated primary key field names; their meaning depends on pk.mode.")
            .define(key(auto_create_config), config_type::boolean, false, importance::medium,
                    "Whether to automatically create the destination table based on the record schema if it is "
                    "found to be missing, by issuing CREATE.")
            .define(key(auto_evolve_config), config_type::boolean, false, importance::medium,
                    "Whether to automatically add columns to the table schema when they are found to be missing "
                    "relative to the record schema, by issuing ALTER.")
            .define(key(delete_enabled_config), config_type::boolean, false, importance::medium,
                    "Whether to treat null record values as deletes. Requires pk.mode to be record_key.")
            .define(key(table_name_format_config), config_type::string, "${topic}", importance::medium,
                    "A format string for the destination table name, which may contain '${topic}' as a "
                    "placeholder for the originating topic name.")
            .define(key(batch_size_config), config_type::int_, 3000, range::at_least(0), importance::medium,
                    "Specifies how many records to attempt to batch together for insertion into the destination "
                    "table, when possible.");
        return d;
    }();
    return def;
}

}  // namespace copycat::postgres
