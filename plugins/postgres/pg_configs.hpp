// The configuration keys of the PostgreSQL connectors. The names, defaults and meanings are those
// of Confluent's JDBC source and sink connectors (io.confluent.connect.jdbc), so that existing
// connector configurations move over unchanged.
#pragma once

#include <string_view>

#include "copycat/config/config_def.hpp"

namespace copycat::postgres {

inline constexpr const char* plugin_version = "0.1.0";

// Both connectors.
inline constexpr std::string_view connection_url_config = "connection.url";
inline constexpr std::string_view connection_user_config = "connection.user";
inline constexpr std::string_view connection_password_config = "connection.password";
inline constexpr std::string_view connection_attempts_config = "connection.attempts";
inline constexpr std::string_view connection_backoff_config = "connection.backoff.ms";

// Source.
inline constexpr std::string_view table_whitelist_config = "table.whitelist";
inline constexpr std::string_view table_blacklist_config = "table.blacklist";
inline constexpr std::string_view query_config = "query";
inline constexpr std::string_view mode_config = "mode";
inline constexpr std::string_view incrementing_column_config = "incrementing.column.name";
inline constexpr std::string_view timestamp_column_config = "timestamp.column.name";
inline constexpr std::string_view poll_interval_config = "poll.interval.ms";
inline constexpr std::string_view batch_max_rows_config = "batch.max.rows";
inline constexpr std::string_view topic_prefix_config = "topic.prefix";
inline constexpr std::string_view table_poll_interval_config = "table.poll.interval.ms";
/// The task key with the tables one task copies (comma-separated), set by the connector.
inline constexpr std::string_view tables_config = "tables";

inline constexpr std::string_view mode_bulk = "bulk";
inline constexpr std::string_view mode_incrementing = "incrementing";
inline constexpr std::string_view mode_timestamp = "timestamp";
inline constexpr std::string_view mode_timestamp_incrementing = "timestamp+incrementing";

// Sink.
inline constexpr std::string_view insert_mode_config = "insert.mode";
inline constexpr std::string_view pk_mode_config = "pk.mode";
inline constexpr std::string_view pk_fields_config = "pk.fields";
inline constexpr std::string_view auto_create_config = "auto.create";
inline constexpr std::string_view auto_evolve_config = "auto.evolve";
inline constexpr std::string_view delete_enabled_config = "delete.enabled";
inline constexpr std::string_view table_name_format_config = "table.name.format";
inline constexpr std::string_view batch_size_config = "batch.size";

/// The keys of PostgresSourceConnector (and of its tasks, which also get "tables").
const config_def& source_config_def();

/// The keys of PostgresSinkConnector.
const config_def& sink_config_def();

}  // namespace copycat::postgres
