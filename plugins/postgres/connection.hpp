// A libpq connection and query results as RAII types, and the retrying connect that both
// connectors use (connection.attempts, connection.backoff.ms).
#pragma once

#include <libpq-fe.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"
#include "postgres/connection_url.hpp"

namespace copycat::postgres {

/// A statement failed. `connection_lost` tells a database that went away (worth a reconnect)
/// from an error of the statement itself (a constraint, a type mismatch: retrying cannot help).
class pg_error : public connect_error {
public:
    pg_error(const std::string& message, bool connection_lost)
        : connect_error(message), connection_lost_(connection_lost) {}
    bool connection_lost() const noexcept { return connection_lost_; }

private:
    bool connection_lost_;
};

/// The result of a statement (PGresult), text format.
class pg_result {
public:
    explicit pg_result(PGresult* r) : result_(r, &PQclear) {}

    int rows() const { return PQntuples(result_.get()); }
    int columns() const { return PQnfields(result_.get()); }
    bool is_null(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }
    std::string_view text(int row, int column) const {
        return {PQgetvalue(result_.get(), row, column),
                static_cast<std::size_t>(PQgetlength(result_.get(), row, column))};
    }
    std::string column_name(int column) const { return PQfname(result_.get(), column); }
    Oid column_type(int column) const { return PQftype(result_.get(), column); }
    int column_modifier(int column) const { return PQfmod(result_.get(), column); }
    /// The number of rows an INSERT/UPDATE/DELETE touched.
    std::int64_t affected() const;

private:
    std::unique_ptr<PGresult, void (*)(PGresult*)> result_;
};

/// Statement parameters in text format; nullopt is SQL NULL.
using pg_params = std::vector<std::optional<std::string>>;

/// One open connection (PGconn). Calls from one thread at a time.
class pg_connection {
public:
    /// Connects once; throws pg_error (connection_lost) with libpq's message on failure. The
    /// session uses UTC, so that timestamp values without a time zone are read and written as UTC
    /// (Confluent's db.timezone default).
    explicit pg_connection(const conninfo_params& params);

    /// Runs SQL text (one or more statements without parameters).
    pg_result exec(const std::string& sql);
    /// Runs one statement with $1, $2, ... parameters.
    pg_result exec(const std::string& sql, const pg_params& params);

    /// True while the server is reachable as far as libpq knows.
    bool ok() const { return PQstatus(conn_.get()) == CONNECTION_OK; }

    /// "identifier" with embedded quotes doubled.
    static std::string quote_identifier(std::string_view name);

private:
    pg_result check(PGresult* r, const std::string& sql);

    std::unique_ptr<PGconn, void (*)(PGconn*)> conn_;
};

/// How often and how patiently to (re)connect: connection.attempts and connection.backoff.ms.
struct retry_policy {
    int attempts = 3;
    std::chrono::milliseconds backoff{10000};
};

/// The connection keys of a connector configuration (connection.url, connection.user,
/// connection.password, connection.attempts, connection.backoff.ms).
struct connection_config {
    conninfo_params params;
    retry_policy retry;

    /// Throws config_error for a connection.url that cannot be used.
    static connection_config from(const abstract_config& config);
};

/// Connects, trying up to `policy.attempts` times; between attempts it calls `wait(backoff)`,
/// which waits and returns false when the caller is stopping. Throws the last pg_error when every
/// attempt failed, or connect_error when stopped. `logger` names the caller in the log.
std::unique_ptr<pg_connection> connect_with_retries(const conninfo_params& params, const retry_policy& policy,
                                                    std::string_view logger,
                                                    const std::function<bool(std::chrono::milliseconds)>& wait);

}  // namespace copycat::postgres
