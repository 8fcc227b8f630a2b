#include "storage/partitioned_file_sink_connector.hpp"

#include <algorithm>

#include "copycat/plugin_log.hpp"
#include "storage/partitioned_file_sink_task.hpp"
#include "storage/storage_configs.hpp"

namespace copycat::storage {

std::string partitioned_file_sink_connector::version() const { return plugin_version; }

void partitioned_file_sink_connector::start(const std::map<std::string, std::string>& props) {
    const auto settings = parse_storage_settings(props);
    props_ = props;
    plugin_log::info("io.copycat.connect.storage.PartitionedFileSinkConnector", "Starting, committing files under " + settings.topics_root);
}

std::vector<std::map<std::string, std::string>> partitioned_file_sink_connector::task_configs(int max_tasks) {
    return std::vector<std::map<std::string, std::string>>(static_cast<std::size_t>(std::max(max_tasks, 0)), props_);
}

void partitioned_file_sink_connector::stop() {}

const config_def& partitioned_file_sink_connector::config() const { return storage_config_def(); }

std::unique_ptr<sink_task> partitioned_file_sink_connector::create_task() const {
    return std::make_unique<partitioned_file_sink_task>();
}

std::vector<config_value> partitioned_file_sink_connector::validate(
    const std::map<std::string, std::string>& connector_config) {
    auto report = sink_connector::validate(connector_config);
    for (const auto& v : report)
        if (v.has_errors()) return report;  // the rules across keys need valid keys
    try {
        parse_storage_settings(connector_config);
    } catch (const setting_error& e) {
        for (auto& v : report)
            if (v.name == e.key()) v.add_error(e.what());
    }
    return report;
}

bool partitioned_file_sink_connector::alter_offsets(
    const std::map<std::string, std::string>& /*connector_config*/,
    const std::map<topic_partition, std::optional<std::int64_t>>& /*offsets*/) {
    return true;
}

}  // namespace copycat::storage
