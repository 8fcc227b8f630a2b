#include "postgres/postgres_source_task.hpp"

#include <algorithm>
#include <charconv>
#include <set>

#include "copycat/config/abstract_config.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "postgres/column_types.hpp"
#include "postgres/pg_configs.hpp"
#include "copycat/plugin_log.hpp"

namespace copycat::postgres {
namespace {

constexpr std::string_view logger = "io.copycat.connect.postgres.PostgresSourceTask";
constexpr std::string_view cursor_name = "copycat_cursor";
// The longest a poll() waits for the next table's turn, so that pause and stop stay prompt.
constexpr std::chrono::milliseconds max_wait{1000};

std::int64_t integer_of(std::string_view text, const std::string& column) {
    std::int64_t out = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec != std::errc() || end != text.data() + text.size()) {
        throw data_error("The incrementing column " + column + " holds '" + std::string(text) +
                         "', which is not a 64-bit integer");
    }
    return out;
}

}  // namespace

std::string postgres_source_task::version() const { return plugin_version; }

void postgres_source_task::start(const std::map<std::string, std::string>& props) {
    const abstract_config config(source_config_def(), props);
    connection_config_ = connection_config::from(config);
    mode_ = parse_source_mode(config.get_string(mode_config));
    incrementing_column_ = config.get_string(incrementing_column_config);
    timestamp_column_ = config.get_string(timestamp_column_config);
    poll_interval_ = std::chrono::milliseconds(config.get_int(poll_interval_config));
    batch_max_rows_ = config.get_int(batch_max_rows_config);
    const std::string prefix = config.get_string(topic_prefix_config);

    queriers_.clear();
    const std::string& query = config.get_string(query_config);
    if (!query.empty()) {
        querier q;
        q.display = "query";
        q.from = "(" + query + ") AS copycat_query";
        q.partition = {{"query", value("query")}};
        q.topic = prefix;
        queriers_.push_back(std::move(q));
    } else {
        for (const auto& name : config.get_list(tables_config)) {
            const table_id table = parse_table_id(name);
            querier q;
            q.display = table.display();
            q.from = table.quoted();
            q.partition = {{"table", value(table.display())}};
            q.topic = prefix + table.name;
            q.schema_name = table.name;
            q.table = table;
            queriers_.push_back(std::move(q));
        }
    }
    std::vector<source_map> partitions;
    for (const auto& q : queriers_) partitions.push_back(q.partition);
    for (const auto& [partition, offset] : context().offset_storage_reader().offsets(partitions)) {
        for (auto& q : queriers_) {
            if (q.partition == partition) q.position = source_position::from_offset(offset);
        }
    }
    plugin_log::info(logger,
              "Copying " + std::to_string(queriers_.size()) + " table(s) in mode " + config.get_string(mode_config));
}

bool postgres_source_task::wait_for(std::chrono::milliseconds duration) {
    std::unique_lock lock(wait_mutex_);
    return !wake_.wait_for(lock, duration, [this] { return stopping_.load(); });
}

void postgres_source_task::ensure_connected() {
    if (connection_ != nullptr && connection_->ok()) return;
    connection_.reset();
    open_ = nullptr;
    connection_ = connect_with_retries(connection_config_.params, connection_config_.retry, logger,
                                       [this](auto d) { return wait_for(d); });
}

std::vector<source_record> postgres_source_task::poll() {
    if (stopping_ || queriers_.empty()) {
        if (!stopping_) wait_for(max_wait);
        return {};
    }
    try {
        ensure_connected();  // throws when every attempt failed: the task fails with libpq's message
    } catch (const connect_error&) {
        if (stopping_) return {};  // stopped while waiting between attempts: not a failure
        throw;
    }
    try {
        if (open_ == nullptr) {
            auto next = std::min_element(queriers_.begin(), queriers_.end(),
                                         [](const querier& a, const querier& b) { return a.next_run < b.next_run; });
            const auto now = std::chrono::steady_clock::now();
            if (next->next_run > now) {
                wait_for(std::min(max_wait, std::chrono::ceil<std::chrono::milliseconds>(next->next_run - now)));
                return {};
            }
            open_cursor(*next);
        }
        return fetch(*open_);
    } catch (const pg_error& e) {
        if (!e.connection_lost()) throw;
        // Reconnect at the next poll; the cursor opens again after the last row returned.
        plugin_log::warn(logger, std::string("Lost the connection to PostgreSQL: ") + e.what());
        connection_.reset();
        open_ = nullptr;
        return {};
    }
}

void postgres_source_task::open_cursor(querier& q) {
    connection_->exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const auto quote = [](const std::string& c) { return c.empty() ? c : pg_connection::quote_identifier(c); };
    const source_statement statement =
        build_source_statement(mode_, q.from, quote(incrementing_column_), quote(timestamp_column_), q.position);
    connection_->exec("DECLARE " + std::string(cursor_name) + " NO SCROLL CURSOR FOR " + statement.sql,
                      statement.params);
    q.value_schema = nullptr;  // described again from the first FETCH: the table may have changed
    open_ = &q;
}

void postgres_source_task::describe(querier& q, const pg_result& result) {
    std::set<std::string> not_null;
    if (q.table) {
        const pg_result r = connection_->exec(
            "SELECT attname FROM pg_catalog.pg_attribute WHERE attrelid = $1::regclass AND attnum > 0 "
            "AND NOT attisdropped AND attnotnull",
            {q.table->quoted()});
        for (int i = 0; i < r.rows(); ++i) not_null.emplace(r.text(i, 0));
    }
    schema_builder builder = schema_builder::struct_();
    if (q.schema_name) builder.name(*q.schema_name);
    const bool needs_incrementing = mode_ == source_mode::incrementing || mode_ == source_mode::timestamp_incrementing;
    const bool needs_timestamp = mode_ == source_mode::timestamp || mode_ == source_mode::timestamp_incrementing;
    q.incrementing_index = q.timestamp_index = -1;
    for (int c = 0; c < result.columns(); ++c) {
        const std::string name = result.column_name(c);
        builder.field(name, column_schema(result.column_type(c), result.column_modifier(c), !not_null.contains(name)));
        if (needs_incrementing && name == incrementing_column_) q.incrementing_index = c;
        if (needs_timestamp && name == timestamp_column_) q.timestamp_index = c;
    }
    if (needs_incrementing && q.incrementing_index < 0) {
        throw config_error("Incrementing column " + incrementing_column_ + " not found in " + q.display);
    }
    if (needs_timestamp && q.timestamp_index < 0) {
        throw config_error("Timestamp column " + timestamp_column_ + " not found in " + q.display);
    }
    q.value_schema = builder.build();
}

std::vector<source_record> postgres_source_task::fetch(querier& q) {
    const pg_result r =
        connection_->exec("FETCH FORWARD " + std::to_string(batch_max_rows_) + " FROM " + std::string(cursor_name));
    if (q.value_schema == nullptr) describe(q, r);
    const auto& fields = q.value_schema->fields();
    std::vector<source_record> records;
    records.reserve(static_cast<std::size_t>(r.rows()));
    for (int row = 0; row < r.rows(); ++row) {
        struct_value s(q.value_schema);
        for (int c = 0; c < r.columns(); ++c) {
            const auto& f = fields[static_cast<std::size_t>(c)];
            if (!r.is_null(row, c)) s.put(f, column_value(*f.schema, r.text(row, c)));
        }
        if (q.incrementing_index >= 0 && !r.is_null(row, q.incrementing_index)) {
            q.position.incrementing = integer_of(r.text(row, q.incrementing_index), incrementing_column_);
        }
        if (q.timestamp_index >= 0 && !r.is_null(row, q.timestamp_index)) {
            q.position.timestamp_micros = parse_timestamp_micros(r.text(row, q.timestamp_index));
        }
        records.emplace_back(q.partition, q.position.to_offset(), q.topic, std::nullopt, q.value_schema,
                             value(std::move(s)));
    }
    if (r.rows() < batch_max_rows_) close_cursor(q);
    return records;
}

void postgres_source_task::close_cursor(querier& q) {
    connection_->exec("CLOSE " + std::string(cursor_name) + "; COMMIT");
    open_ = nullptr;
    q.next_run = std::chrono::steady_clock::now() + poll_interval_;
}

void postgres_source_task::stop() {
    {
        std::lock_guard lock(wait_mutex_);
        stopping_ = true;
    }
    wake_.notify_all();
}

}  // namespace copycat::postgres
