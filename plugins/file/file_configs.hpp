// The configuration keys and offset fields of the file connectors, as Kafka's connect-file
// module defines them (FileStreamSourceConnector, FileStreamSinkConnector, FileStreamSourceTask).
#pragma once

#include <string_view>

#include "copycat/config/config_def.hpp"

namespace copycat::file {

/// The version reported by both connectors and their tasks (Kafka reports its own release).
inline constexpr const char* plugin_version = "4.0.0";

/// "file": the file to read or write; null or empty means standard input / standard output.
inline constexpr std::string_view file_config = "file";
/// "topic": the single topic the source publishes to.
inline constexpr std::string_view topic_config = "topic";
/// "batch.size": the most records one poll of the source task returns.
inline constexpr std::string_view batch_size_config = "batch.size";
inline constexpr int default_batch_size = 2000;

/// The key of the source partition map: {"filename": <file>}.
inline constexpr std::string_view filename_field = "filename";
/// The key of the source offset map: {"position": <byte position after the line>}.
inline constexpr std::string_view position_field = "position";

/// The definition of FileStreamSourceConnector's keys: file, topic, batch.size.
const config_def& source_config_def();

/// The definition of FileStreamSinkConnector's keys: file.
const config_def& sink_config_def();

/// The error given when "topic" names more than one topic.
inline constexpr std::string_view single_topic_error =
    "'topic' in FileStreamSourceConnector configuration requires definition of a single topic";

}  // namespace copycat::file
