// The entry point of the copycat-postgres plugin library: PostgresSource and PostgresSink.
#include "copycat/plugin.hpp"
#include "postgres/pg_configs.hpp"
#include "postgres/postgres_sink_connector.hpp"
#include "postgres/postgres_source_connector.hpp"

COPYCAT_PLUGIN(copycat::describe_plugin<copycat::postgres::postgres_source_connector>(
                   "io.copycat.connect.postgres.PostgresSourceConnector", copycat::postgres::plugin_version),
               copycat::describe_plugin<copycat::postgres::postgres_sink_connector>(
                   "io.copycat.connect.postgres.PostgresSinkConnector", copycat::postgres::plugin_version))
