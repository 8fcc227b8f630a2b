// The entry point of the copycat-storage plugin library: PartitionedFileSink.
#include "copycat/plugin.hpp"
#include "storage/partitioned_file_sink_connector.hpp"
#include "storage/storage_configs.hpp"

COPYCAT_PLUGIN(copycat::describe_plugin<copycat::storage::partitioned_file_sink_connector>(
    "io.copycat.connect.storage.PartitionedFileSinkConnector", copycat::storage::plugin_version))
