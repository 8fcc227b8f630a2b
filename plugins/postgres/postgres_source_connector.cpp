#include "postgres/postgres_source_connector.hpp"

#include <algorithm>
#include <utility>

#include "copycat/config/abstract_config.hpp"
#include "postgres/pg_configs.hpp"
#include "copycat/plugin_log.hpp"
#include "postgres/postgres_source_task.hpp"
#include "postgres/source_query.hpp"

namespace copycat::postgres {
namespace {

constexpr std::string_view logger = "io.copycat.connect.postgres.PostgresSourceConnector";

// The problems of a configuration that involve several keys, as (key, message) pairs.
std::vector<std::pair<std::string, std::string>> cross_check(const abstract_config& config) {
    std::vector<std::pair<std::string, std::string>> problems;
    const source_mode mode = parse_source_mode(config.get_string(mode_config));
    if ((mode == source_mode::incrementing || mode == source_mode::timestamp_incrementing) &&
        config.get_string(incrementing_column_config).empty()) {
        problems.emplace_back(incrementing_column_config,
                              "Mode " + config.get_string(mode_config) + " needs incrementing.column.name");
    }
    if ((mode == source_mode::timestamp || mode == source_mode::timestamp_incrementing) &&
        config.get_string(timestamp_column_config).empty()) {
        problems.emplace_back(timestamp_column_config,
                              "Mode " + config.get_string(mode_config) + " needs timestamp.column.name");
    }
    const bool whitelist = !config.get_list(table_whitelist_config).empty();
    const bool blacklist = !config.get_list(table_blacklist_config).empty();
    if (whitelist && blacklist) {
        problems.emplace_back(table_whitelist_config, "table.whitelist and table.blacklist may not both be set");
        problems.emplace_back(table_blacklist_config, "table.whitelist and table.blacklist may not both be set");
    }
    if (!config.get_string(query_config).empty() && (whitelist || blacklist)) {
        problems.emplace_back(query_config, "query may not be combined with table.whitelist or table.blacklist");
    }
    return problems;
}

std::string join(const std::vector<table_id>& tables, std::size_t first, std::size_t step) {
    std::string out;
    for (std::size_t i = first; i < tables.size(); i += step)
        out.append(out.empty() ? "" : ",").append(tables[i].display());
    return out;
}

}  // namespace

postgres_source_connector::~postgres_source_connector() { stop(); }

std::string postgres_source_connector::version() const { return plugin_version; }

void postgres_source_connector::start(const std::map<std::string, std::string>& props) {
    const abstract_config config(source_config_def(), props);
    if (const auto problems = cross_check(config); !problems.empty()) throw config_error(problems.front().second);
    props_ = props;
    connection_config_ = connection_config::from(config);
    query_mode_ = !config.get_string(query_config).empty();
    whitelist_ = config.get_list(table_whitelist_config);
    blacklist_ = config.get_list(table_blacklist_config);
    table_poll_interval_ = std::chrono::milliseconds(config.get_long(table_poll_interval_config));
    if (query_mode_) return;

    auto connection = connect_with_retries(connection_config_.params, connection_config_.retry, logger, [](auto d) {
        std::this_thread::sleep_for(d);  // start() has no stop to wait for
        return true;
    });
    {
        std::lock_guard lock(mutex_);
        tables_ = current_tables(*connection);
        stopping_ = false;
    }
    if (tables_.empty()) plugin_log::warn(logger, "No tables were found, so none will be copied");
    monitor_ = std::thread([this] { monitor_tables(); });
}

std::vector<table_id> postgres_source_connector::current_tables(pg_connection& connection) const {
    return select_tables(list_tables(connection), whitelist_, blacklist_);
}

void postgres_source_connector::monitor_tables() {
    std::unique_ptr<pg_connection> connection;
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, table_poll_interval_, [this] { return stopping_; })) {
        lock.unlock();
        std::vector<table_id> found;
        bool listed = false;
        try {
            if (connection == nullptr || !connection->ok())
                connection = std::make_unique<pg_connection>(connection_config_.params);
            found = current_tables(*connection);
            listed = true;
        } catch (const std::exception& e) {
            connection.reset();
            plugin_log::warn(logger, std::string("Could not list the tables: ") + e.what());
        }
        lock.lock();
        if (listed && found != tables_ && !stopping_) {
            plugin_log::info(logger, "The set of tables changed (" + std::to_string(tables_.size()) + " -> " +
                                  std::to_string(found.size()) + "); reconfiguring the tasks");
            tables_ = std::move(found);
            // Unlocked: the worker may call task_configs() before this returns.
            lock.unlock();
            context().request_task_reconfiguration();
            lock.lock();
        }
    }
}

std::vector<std::map<std::string, std::string>> postgres_source_connector::task_configs(int max_tasks) {
    if (query_mode_) return {props_};
    std::lock_guard lock(mutex_);
    const std::size_t groups = std::min(tables_.size(), static_cast<std::size_t>(std::max(max_tasks, 1)));
    std::vector<std::map<std::string, std::string>> configs;
    for (std::size_t g = 0; g < groups; ++g) {
        auto task = props_;
        task[std::string(tables_config)] = join(tables_, g, groups);
        configs.push_back(std::move(task));
    }
    return configs;
}

void postgres_source_connector::stop() {
    {
        std::lock_guard lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
    if (monitor_.joinable()) monitor_.join();
}

const config_def& postgres_source_connector::config() const { return source_config_def(); }

std::vector<config_value> postgres_source_connector::validate(
    const std::map<std::string, std::string>& connector_config) {
    std::vector<config_value> values = source_connector::validate(connector_config);
    if (std::any_of(values.begin(), values.end(), [](const config_value& v) { return v.has_errors(); })) return values;
    const abstract_config config(source_config_def(), connector_config);
    for (const auto& [key, message] : cross_check(config)) {
        for (auto& v : values) {
            if (v.name == key) v.add_error(message);
        }
    }
    return values;
}

std::unique_ptr<source_task> postgres_source_connector::create_task() const {
    return std::make_unique<postgres_source_task>();
}

}  // namespace copycat::postgres
