#include "postgres/connection.hpp"

#include <charconv>

#include "postgres/pg_configs.hpp"
#include "copycat/plugin_log.hpp"

namespace copycat::postgres {
namespace {

// libpq's message on one line: its line breaks (and the tab of a hint line) become spaces.
std::string trimmed_message(const char* text) {
    std::string message;
    for (const char* c = text != nullptr ? text : ""; *c != '\0'; ++c) {
        if (*c == '\n' || *c == '\t') {
            if (!message.empty() && message.back() != ' ') message.push_back(' ');
        } else {
            message.push_back(*c);
        }
    }
    while (!message.empty() && message.back() == ' ') message.pop_back();
    return message;
}

}  // namespace

std::int64_t pg_result::affected() const {
    const std::string_view text = PQcmdTuples(result_.get());
    std::int64_t n = 0;
    std::from_chars(text.data(), text.data() + text.size(), n);
    return n;
}

pg_connection::pg_connection(const conninfo_params& params) : conn_(nullptr, &PQfinish) {
    std::vector<const char*> keywords;
    std::vector<const char*> values;
    for (const auto& [k, v] : params) {
        keywords.push_back(k.c_str());
        values.push_back(v.c_str());
    }
    keywords.push_back("fallback_application_name");
    values.push_back("copycat");
    keywords.push_back(nullptr);
    values.push_back(nullptr);
    conn_.reset(PQconnectdbParams(keywords.data(), values.data(), 1));
    if (conn_ == nullptr) throw pg_error("Out of memory connecting to PostgreSQL", true);
    if (PQstatus(conn_.get()) != CONNECTION_OK) {
        throw pg_error("Could not connect to PostgreSQL: " +
                           without_passwords(trimmed_message(PQerrorMessage(conn_.get())), params),
                       true);
    }
    exec("SET TIME ZONE 'UTC'");
}

pg_result pg_connection::exec(const std::string& sql) { return check(PQexec(conn_.get(), sql.c_str()), sql); }

pg_result pg_connection::exec(const std::string& sql, const pg_params& params) {
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params) values.push_back(p ? p->c_str() : nullptr);
    return check(PQexecParams(conn_.get(), sql.c_str(), static_cast<int>(values.size()), nullptr, values.data(),
                              nullptr, nullptr, 0),
                 sql);
}

pg_result pg_connection::check(PGresult* r, const std::string& sql) {
    pg_result result(r);
    const ExecStatusType status = r != nullptr ? PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;
    const bool lost = PQstatus(conn_.get()) != CONNECTION_OK;
    std::string message = trimmed_message(r != nullptr ? PQresultErrorMessage(r) : PQerrorMessage(conn_.get()));
    if (message.empty()) message = trimmed_message(PQerrorMessage(conn_.get()));
    constexpr std::size_t shown = 200;  // a multi-row INSERT can be megabytes long
    throw pg_error(message + " (statement: " + sql.substr(0, shown) + (sql.size() > shown ? "...)" : ")"), lost);
}

std::string pg_connection::quote_identifier(std::string_view name) {
    std::string out = "\"";
    for (char c : name) {
        if (c == '"') out.push_back('"');
        out.push_back(c);
    }
    out.push_back('"');
    return out;
}

connection_config connection_config::from(const abstract_config& config) {
    std::optional<std::string> user;
    std::optional<std::string> password;
    if (!config.is_null(connection_user_config)) user = config.get_string(connection_user_config);
    if (!config.is_null(connection_password_config)) password = config.get_password(connection_password_config).value();
    std::vector<std::string> ignored;
    connection_config out{parse_connection_url(config.get_string(connection_url_config), user, password, &ignored),
                          {config.get_int(connection_attempts_config),
                           std::chrono::milliseconds(config.get_long(connection_backoff_config))}};
    for (const auto& name : ignored) {
        plugin_log::warn("io.copycat.connect.postgres.PostgresConnection", "connection.url property " + name + " has no libpq equivalent; ignored");
    }
    return out;
}

std::unique_ptr<pg_connection> connect_with_retries(const conninfo_params& params, const retry_policy& policy,
                                                    std::string_view logger,
                                                    const std::function<bool(std::chrono::milliseconds)>& wait) {
    for (int attempt = 1;; ++attempt) {
        try {
            return std::make_unique<pg_connection>(params);
        } catch (const pg_error& e) {
            if (attempt >= policy.attempts) throw;
            plugin_log::warn(logger, std::string(e.what()) + "; attempt " + std::to_string(attempt) + " of " +
                                  std::to_string(policy.attempts) + ", retrying in " +
                                  std::to_string(policy.backoff.count()) + " ms");
            if (!wait(policy.backoff)) throw connect_error("Stopped while connecting to PostgreSQL");
        }
    }
}

}  // namespace copycat::postgres
