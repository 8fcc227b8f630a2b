#include "file/file_stream_source_connector.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"
#include "file/file_configs.hpp"
#include "file/file_stream_source_task.hpp"
#include "copycat/plugin_log.hpp"

namespace copycat::file {
namespace {

// The configured file name; empty for standard input.
std::string configured_file(const abstract_config& config) {
    return config.is_null(file_config) ? std::string() : config.get_string(file_config);
}

bool names_several_topics(const std::string& topic) { return topic.find(',') != std::string::npos; }

void check_offset(const source_offset_change& change) {
    const std::string position_key(position_field);
    const std::string filename_key(filename_field);
    if (!change.offset) return;  // resets are allowed for any partition, so that garbage can be cleaned up
    const auto position = change.offset->find(position_key);
    if (position == change.offset->end()) {
        throw connect_error("Offset objects should either be null or contain the key '" + position_key + "'");
    }
    if (!position->second.is_integer()) {
        throw connect_error("The value for the '" + position_key +
                            "' key in the offset is expected to be a Long value");
    }
    if (position->second.to_int64() < 0) {
        throw connect_error("The value for the '" + position_key +
                            "' key in the offset should be a non-negative value");
    }
    if (!change.partition.contains(filename_key)) {
        throw connect_error("Partition objects should contain the key '" + filename_key + "'");
    }
}

}  // namespace

std::string file_stream_source_connector::version() const { return plugin_version; }

void file_stream_source_connector::start(const std::map<std::string, std::string>& props) {
    const abstract_config config(source_config_def(), props);
    if (names_several_topics(config.get_string(topic_config))) throw config_error(std::string(single_topic_error));
    props_ = props;
    const std::string filename = configured_file(config);
    plugin_log::info("org.apache.kafka.connect.file.FileStreamSourceConnector",
              "Starting file source connector reading from " + (filename.empty() ? "standard input" : filename));
}

std::vector<std::map<std::string, std::string>> file_stream_source_connector::task_configs(int /*max_tasks*/) {
    return {props_};
}

void file_stream_source_connector::stop() {}

const config_def& file_stream_source_connector::config() const { return source_config_def(); }

std::vector<config_value> file_stream_source_connector::validate(
    const std::map<std::string, std::string>& connector_config) {
    std::vector<config_value> values = source_connector::validate(connector_config);
    for (auto& v : values) {
        const auto* topic = std::get_if<std::string>(&v.value);
        if (v.name == topic_config && !v.has_errors() && topic != nullptr && names_several_topics(*topic)) {
            v.add_error(std::string(single_topic_error));
        }
    }
    return values;
}

std::unique_ptr<source_task> file_stream_source_connector::create_task() const {
    return std::make_unique<file_stream_source_task>();
}

std::optional<copycat::exactly_once_support> file_stream_source_connector::exactly_once_support(
    const std::map<std::string, std::string>& connector_config) {
    const abstract_config config(source_config_def(), connector_config);
    return configured_file(config).empty() ? copycat::exactly_once_support::unsupported
                                           : copycat::exactly_once_support::supported;
}

bool file_stream_source_connector::alter_offsets(const std::map<std::string, std::string>& connector_config,
                                                 const std::vector<source_offset_change>& offsets) {
    const abstract_config config(source_config_def(), connector_config);
    if (configured_file(config).empty()) {
        throw connect_error("Offsets cannot be modified if the '" + std::string(file_config) +
                            "' configuration is unspecified. This is because stdin is used for input and offsets "
                            "are not tracked.");
    }
    for (const auto& change : offsets) check_offset(change);
    return true;  // the task checks the position against the file when it starts
}

}  // namespace copycat::file
