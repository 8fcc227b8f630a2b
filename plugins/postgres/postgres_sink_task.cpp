#include "postgres/postgres_sink_task.hpp"

#include <algorithm>
#include <thread>
#include <unordered_map>

#include "copycat/config/abstract_config.hpp"
#include "postgres/pg_configs.hpp"
#include "copycat/plugin_log.hpp"
#include "postgres/sink_statements.hpp"

namespace copycat::postgres {
namespace {

constexpr std::string_view logger = "io.copycat.connect.postgres.PostgresSinkTask";
// PostgreSQL's limit of parameters in one statement (a 16-bit count in the wire protocol).
constexpr std::size_t max_parameters = 65535;

bool same_shape(const sink_row& a, const sink_row& b) {
    if (a.is_delete != b.is_delete || a.key_count != b.key_count || !(a.table == b.table)) return false;
    if (a.columns.size() != b.columns.size()) return false;
    for (std::size_t i = 0; i < a.columns.size(); ++i) {
        if (a.columns[i].name != b.columns[i].name) return false;
    }
    return true;
}

// The key of a row as one string (the texts of its key values with their lengths), to keep the
// last row of each key in an upsert statement: ON CONFLICT cannot touch one row twice.
std::string key_text(const sink_row& row) {
    std::string out;
    for (std::size_t i = 0; i < row.key_count; ++i) {
        const auto& v = row.values[i];
        out.append(v ? std::to_string(v->size()) + ":" + *v : "null").push_back('|');
    }
    return out;
}

}  // namespace

std::string postgres_sink_task::version() const { return plugin_version; }

void postgres_sink_task::start(const std::map<std::string, std::string>& props) {
    const abstract_config config(sink_config_def(), props);
    settings_ = sink_settings::from(props);
    connection_config_ = connection_config::from(config);
    auto_create_ = config.get_bool(auto_create_config);
    auto_evolve_ = config.get_bool(auto_evolve_config);
    batch_size_ = static_cast<std::size_t>(std::max(1, config.get_int(batch_size_config)));
}

void postgres_sink_task::put(std::vector<sink_record>& records) {
    if (records.empty()) return;
    std::vector<sink_row> rows;
    rows.reserve(records.size());
    for (const auto& r : records) rows.push_back(make_sink_row(r, settings_));

    for (int attempt = 1;; ++attempt) {
        try {
            if (connection_ == nullptr || !connection_->ok()) {
                connection_.reset();
                connection_ = std::make_unique<pg_connection>(connection_config_.params);
            }
            write(rows);
            return;
        } catch (const pg_error& e) {
            table_columns_.clear();  // a rolled-back CREATE or ALTER did not happen
            if (!e.connection_lost()) throw connect_error(std::string("Writing to PostgreSQL failed: ") + e.what());
            connection_.reset();
            if (attempt >= connection_config_.retry.attempts) {
                throw connect_error("Writing to PostgreSQL failed after " + std::to_string(attempt) +
                                    " attempt(s): " + e.what());
            }
            plugin_log::warn(logger, std::string(e.what()) + "; attempt " + std::to_string(attempt) + " of " +
                                  std::to_string(connection_config_.retry.attempts) + ", retrying in " +
                                  std::to_string(connection_config_.retry.backoff.count()) + " ms");
            // The worker calls a sink task from this thread only: nothing to wake the wait early.
            std::this_thread::sleep_for(connection_config_.retry.backoff);
        }
    }
}

void postgres_sink_task::write(const std::vector<sink_row>& rows) {
    connection_->exec("BEGIN");
    try {
        std::vector<const sink_row*> run;
        for (const auto& row : rows) {
            if (!run.empty() && (!same_shape(*run.front(), row) || run.size() >= batch_size_)) {
                write_run(run);
                run.clear();
            }
            run.push_back(&row);
        }
        write_run(run);
        connection_->exec("COMMIT");
    } catch (...) {
        if (connection_->ok()) {
            try {
                connection_->exec("ROLLBACK");
            } catch (const pg_error&) {  // the original error says more
            }
        }
        throw;
    }
}

void postgres_sink_task::write_run(const std::vector<const sink_row*>& run) {
    if (run.empty()) return;
    const sink_row& first = *run.front();
    if (!first.is_delete) ensure_table(first);
    std::vector<const sink_row*> rows = run;
    if (settings_.insert == insert_mode::upsert && !first.is_delete) {
        // Keep the last row of each key, in the order of those last rows.
        std::unordered_map<std::string, std::size_t> last;
        for (std::size_t i = 0; i < run.size(); ++i) last[key_text(*run[i])] = i;
        rows.clear();
        for (std::size_t i = 0; i < run.size(); ++i) {
            if (last[key_text(*run[i])] == i) rows.push_back(run[i]);
        }
    }
    const std::vector<std::string> columns = first.column_names();
    const std::vector<std::string> keys = first.key_names();
    if (settings_.insert == insert_mode::update && !first.is_delete) {
        const std::vector<std::string> non_keys(columns.begin() + static_cast<std::ptrdiff_t>(first.key_count),
                                                columns.end());
        const std::string sql = update_sql(first.table, non_keys, keys);
        for (const auto* row : rows) {
            pg_params params(row->values.begin() + static_cast<std::ptrdiff_t>(row->key_count), row->values.end());
            params.insert(params.end(), row->values.begin(),
                          row->values.begin() + static_cast<std::ptrdiff_t>(row->key_count));
            connection_->exec(sql, params);
        }
        return;
    }
    const std::size_t per_statement =
        std::max<std::size_t>(1, max_parameters / std::max<std::size_t>(1, columns.size()));
    for (std::size_t from = 0; from < rows.size(); from += per_statement) {
        const std::size_t n = std::min(per_statement, rows.size() - from);
        pg_params params;
        params.reserve(n * columns.size());
        for (std::size_t i = from; i < from + n; ++i) {
            params.insert(params.end(), rows[i]->values.begin(), rows[i]->values.end());
        }
        const std::string sql = first.is_delete                           ? delete_sql(first.table, keys, n)
                                : settings_.insert == insert_mode::upsert ? upsert_sql(first.table, columns, keys, n)
                                                                          : insert_sql(first.table, columns, n);
        connection_->exec(sql, params);
    }
}

void postgres_sink_task::ensure_table(const sink_row& row) {
    const std::string name = row.table.quoted();
    auto cached = table_columns_.find(name);
    if (cached == table_columns_.end()) {
        const pg_result exists = connection_->exec("SELECT to_regclass($1) IS NOT NULL", {name});
        if (exists.text(0, 0) != "t") {
            if (!auto_create_) {
                throw connect_error("Table " + row.table.display() +
                                    " is missing and auto-creation is disabled (auto.create=false)");
            }
            connection_->exec(create_table_sql(row.table, row.columns, row.key_names()));
            plugin_log::info(logger, "Created table " + row.table.display());
        }
        const pg_result r = connection_->exec(
            "SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 "
            "AND NOT attisdropped",
            {name});
        std::set<std::string> columns;
        for (int i = 0; i < r.rows(); ++i) columns.emplace(r.text(i, 0));
        cached = table_columns_.emplace(name, std::move(columns)).first;
    }
    for (const auto& column : row.columns) {
        if (cached->second.contains(column.name)) continue;
        if (!auto_evolve_) {
            throw connect_error("Table " + row.table.display() + " has no column " + column.name +
                                " and auto-evolution is disabled (auto.evolve=false)");
        }
        if (!column.column_schema->is_optional()) {
            throw connect_error("Cannot ALTER TABLE " + row.table.display() + " to add the missing field " +
                                column.name + ", as the field is not optional");
        }
        connection_->exec(add_column_sql(row.table, column));
        cached->second.insert(column.name);
        plugin_log::info(logger, "Added column " + column.name + " to table " + row.table.display());
    }
}

void postgres_sink_task::stop() { connection_.reset(); }

}  // namespace copycat::postgres
