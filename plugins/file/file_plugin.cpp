// The entry point of the copycat-file plugin library: FileStreamSource and FileStreamSink
// under Kafka's class names, so that configurations (and the worker's aliases
// "FileStreamSource" / "FileStreamSink") work unchanged.
#include "copycat/plugin.hpp"
#include "file/file_configs.hpp"
#include "file/file_stream_sink_connector.hpp"
#include "file/file_stream_source_connector.hpp"

COPYCAT_PLUGIN(copycat::describe_plugin<copycat::file::file_stream_source_connector>(
                   "org.apache.kafka.connect.file.FileStreamSourceConnector", copycat::file::plugin_version),
               copycat::describe_plugin<copycat::file::file_stream_sink_connector>(
                   "org.apache.kafka.connect.file.FileStreamSinkConnector", copycat::file::plugin_version))
