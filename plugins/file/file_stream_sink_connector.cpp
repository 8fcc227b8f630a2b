#include "file/file_stream_sink_connector.hpp"

#include <algorithm>

#include "copycat/config/abstract_config.hpp"
#include "file/file_configs.hpp"
#include "file/file_stream_sink_task.hpp"
#include "copycat/plugin_log.hpp"

namespace copycat::file {

std::string file_stream_sink_connector::version() const { return plugin_version; }

void file_stream_sink_connector::start(const std::map<std::string, std::string>& props) {
    const abstract_config config(sink_config_def(), props);
    props_ = props;
    const std::string filename = config.is_null(file_config) ? std::string() : config.get_string(file_config);
    plugin_log::info("org.apache.kafka.connect.file.FileStreamSinkConnector",
              "Starting file sink connector writing to " + (filename.empty() ? "standard output" : filename));
}

std::vector<std::map<std::string, std::string>> file_stream_sink_connector::task_configs(int max_tasks) {
    return std::vector<std::map<std::string, std::string>>(static_cast<std::size_t>(std::max(max_tasks, 0)), props_);
}

void file_stream_sink_connector::stop() {}

const config_def& file_stream_sink_connector::config() const { return sink_config_def(); }

std::unique_ptr<sink_task> file_stream_sink_connector::create_task() const {
    return std::make_unique<file_stream_sink_task>();
}

bool file_stream_sink_connector::alter_offsets(
    const std::map<std::string, std::string>& /*connector_config*/,
    const std::map<topic_partition, std::optional<std::int64_t>>& /*offsets*/) {
    return true;
}

}  // namespace copycat::file
