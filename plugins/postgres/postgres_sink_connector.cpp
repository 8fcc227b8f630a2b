#include "postgres/postgres_sink_connector.hpp"

#include <algorithm>

#include "copycat/errors.hpp"
#include "postgres/pg_configs.hpp"
#include "postgres/postgres_sink_task.hpp"
#include "postgres/sink_rows.hpp"

namespace copycat::postgres {

std::string postgres_sink_connector::version() const { return plugin_version; }

void postgres_sink_connector::start(const std::map<std::string, std::string>& props) {
    sink_settings::from(props);
    props_ = props;
}

std::vector<std::map<std::string, std::string>> postgres_sink_connector::task_configs(int max_tasks) {
    return std::vector<std::map<std::string, std::string>>(static_cast<std::size_t>(std::max(max_tasks, 1)), props_);
}

void postgres_sink_connector::stop() {}

const config_def& postgres_sink_connector::config() const { return sink_config_def(); }

std::vector<config_value> postgres_sink_connector::validate(
    const std::map<std::string, std::string>& connector_config) {
    std::vector<config_value> values = sink_connector::validate(connector_config);
    if (std::any_of(values.begin(), values.end(), [](const config_value& v) { return v.has_errors(); })) return values;
    try {
        sink_settings::from(connector_config);
    } catch (const config_error& e) {
        const std::string message = e.what();
        const std::string_view key = message.find("delete.enabled") == 0      ? delete_enabled_config
                                     : message.find("pk.mode=kafka") == 0     ? pk_fields_config
                                     : message.find("table.name.format") == 0 ? table_name_format_config
                                                                              : insert_mode_config;
        for (auto& v : values) {
            if (v.name == key) v.add_error(message);
        }
    }
    return values;
}

std::unique_ptr<sink_task> postgres_sink_connector::create_task() const {
    return std::make_unique<postgres_sink_task>();
}

}  // namespace copycat::postgres
