// connection.url as the PostgreSQL connectors accept it: a JDBC URL of the PostgreSQL driver
// (jdbc:postgresql://host:port/database?key=value&...) or a libpq connection string ("host=...
// dbname=..." or "postgresql://..."), turned into libpq connection keywords.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace copycat::postgres {

/// libpq keyword/value pairs, in order (PQconnectdbParams; a later pair overrides an earlier one).
using conninfo_params = std::vector<std::pair<std::string, std::string>>;

/// The libpq parameters of `url`, with `user` and `password` (connection.user/.password) added
/// after those of the URL so that they win, as in Confluent's connectors. A JDBC URL's host list
/// ("h1:5432,h2"), database and the driver properties user, password, ssl, sslmode, sslcert,
/// sslkey, sslrootcert, connectTimeout, ApplicationName/applicationName and options map to libpq
/// keywords; `ignored` receives the names of other driver properties (they mean nothing to
/// libpq). A libpq string is passed on as is (as the expanded "dbname"). Throws config_error for a
/// URL of another driver or a malformed one.
conninfo_params parse_connection_url(std::string_view url, const std::optional<std::string>& user,
                                     const std::optional<std::string>& password,
                                     std::vector<std::string>* ignored = nullptr);

/// `url` as messages may show it: the values of its password properties (`password=` and
/// `sslpassword=` of a JDBC URL's query or a libpq string, quoted or not, or a postgresql:// URI's
/// query) and the password of a URI's userinfo (`postgresql://user:secret@host`) become
/// `[hidden]` (docs/security.md#secrets).
std::string shown_connection_url(std::string_view url);

/// `message` with every password of `params` (the "password" and "sslpassword" values, and those
/// inside an expanded "dbname") replaced by `[hidden]`: libpq may quote the connection string
/// it could not read.
std::string without_passwords(std::string message, const conninfo_params& params);

}  // namespace copycat::postgres
