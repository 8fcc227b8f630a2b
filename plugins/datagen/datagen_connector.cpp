#include "datagen/datagen_connector.hpp"

#include "copycat/errors.hpp"
#include "datagen/datagen_configs.hpp"
#include "datagen/datagen_task.hpp"

namespace copycat::datagen {
namespace {

void check_offset(const source_offset_change& change) {
    const auto task = change.partition.find(std::string(task_id_key));
    if (task == change.partition.end() || !task->second.is_integer() || task->second.to_int64() < 0) {
        throw connect_error("Partition objects should contain the key '" + std::string(task_id_key) +
                            "' with a task number");
    }
    if (!change.offset) return;  // a reset: the task starts again from its first record
    const auto iteration = change.offset->find(std::string(current_iteration_field));
    if (iteration == change.offset->end() || !iteration->second.is_integer() || iteration->second.to_int64() < 0) {
        throw connect_error("Offset objects should either be null or contain the key '" +
                            std::string(current_iteration_field) + "' with a non-negative count");
    }
}

}  // namespace

std::string datagen_connector::version() const { return plugin_version; }

void datagen_connector::start(const std::map<std::string, std::string>& props) {
    read_settings(props);  // throws config_error for a bad configuration
    props_ = props;
}

std::vector<std::map<std::string, std::string>> datagen_connector::task_configs(int max_tasks) {
    std::vector<std::map<std::string, std::string>> configs;
    for (int i = 0; i < max_tasks; ++i) {
        auto& config = configs.emplace_back(props_);
        config[std::string(task_id_key)] = std::to_string(i);
    }
    return configs;
}

void datagen_connector::stop() {}

const config_def& datagen_connector::config() const { return datagen_config_def(); }

std::vector<config_value> datagen_connector::validate(const std::map<std::string, std::string>& connector_config) {
    std::vector<config_value> values = source_connector::validate(connector_config);
    const auto has_errors = [&](std::string_view key) {
        for (const auto& v : values) {
            if (v.name == key && v.has_errors()) return true;
        }
        return false;
    };
    if (has_errors(schema_string_config) || has_errors(quickstart_config)) return values;
    for (const auto& [key, message] : combination_errors(connector_config)) {
        for (auto& v : values) {
            if (v.name == key) v.add_error(message);
        }
    }
    return values;
}

std::unique_ptr<source_task> datagen_connector::create_task() const { return std::make_unique<datagen_task>(); }

bool datagen_connector::alter_offsets(const std::map<std::string, std::string>& /*connector_config*/,
                                      const std::vector<source_offset_change>& offsets) {
    for (const auto& change : offsets) check_offset(change);
    return true;
}

}  // namespace copycat::datagen
