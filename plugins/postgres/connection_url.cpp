#include "postgres/connection_url.hpp"

#include <algorithm>
#include <cctype>
#include <map>

#include "copycat/errors.hpp"

namespace copycat::postgres {
namespace {

constexpr std::string_view jdbc_prefix = "jdbc:postgresql:";
constexpr std::string_view hidden = "[hidden]";

bool is_password_key(std::string_view key) {
    const auto lower = [](std::string_view k) {
        std::string out(k);
        for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return out;
    };
    const std::string k = lower(key);
    return k == "password" || k == "sslpassword";
}

// The [begin, end) ranges of `url` that hold secrets.
std::vector<std::pair<std::size_t, std::size_t>> secret_ranges(std::string_view url) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    // URI userinfo: scheme://user:secret@host
    if (const std::size_t scheme = url.find("://"); scheme != std::string_view::npos) {
        const std::size_t authority = scheme + 3;
        const std::size_t end = url.find_first_of("/?", authority);
        const std::size_t at = url.substr(0, end).rfind('@');
        if (at != std::string_view::npos && at > authority) {
            const std::size_t colon = url.substr(0, at).find(':', authority);
            if (colon != std::string_view::npos) out.emplace_back(colon + 1, at);
        }
    }
    // key=value pairs, separated by '&', '?' or blanks; a value may be quoted ('...' in libpq).
    for (std::size_t i = 0; i < url.size();) {
        const std::size_t eq = url.find('=', i);
        if (eq == std::string_view::npos) break;
        std::size_t key_end = eq;
        while (key_end > i && url[key_end - 1] == ' ') --key_end;
        const std::size_t before = key_end == 0 ? std::string_view::npos : url.find_last_of("?& \t\n", key_end - 1);
        const std::size_t key_start = before == std::string_view::npos || before < i ? i : before + 1;
        const std::string_view key = url.substr(key_start, key_end - key_start);
        std::size_t value = eq + 1;
        while (value < url.size() && url[value] == ' ') ++value;
        std::size_t end = value;
        if (value < url.size() && url[value] == '\'') {
            end = value + 1;
            while (end < url.size() && url[end] != '\'') end += url[end] == '\\' ? 2 : 1;
            end = std::min(end + 1, url.size());
        } else {
            end = url.find_first_of("& \t\n", value);
            if (end == std::string_view::npos) end = url.size();
        }
        if (is_password_key(key) && end > value) out.emplace_back(value, end);
        i = std::max(end, eq + 1);
    }
    return out;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// Percent-decoding of a URL component ('+' stays '+', as the PostgreSQL driver reads it).
std::string decode(std::string_view text, std::string_view url) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            out.push_back(text[i]);
            continue;
        }
        const int hi = i + 2 < text.size() ? hex_digit(text[i + 1]) : -1;
        const int lo = i + 2 < text.size() ? hex_digit(text[i + 2]) : -1;
        if (hi < 0 || lo < 0) throw config_error("Invalid percent-encoding in connection.url " + shown_connection_url(url));
        out.push_back(static_cast<char>(hi * 16 + lo));
        i += 2;
    }
    return out;
}

// "h1:5432,[::1]:6543,h3" -> hosts "h1,::1,h3", ports "5432,6543,5432".
void add_hosts(std::string_view list, std::string_view url, conninfo_params& out) {
    std::string hosts;
    std::string ports;
    std::size_t start = 0;
    while (start <= list.size()) {
        const std::size_t comma = list.find(',', start);
        std::string_view item = list.substr(start, comma == std::string_view::npos ? list.npos : comma - start);
        std::string_view host = item;
        std::string_view port = "5432";
        if (!item.empty() && item.front() == '[') {  // [IPv6]:port
            const std::size_t close = item.find(']');
            if (close == std::string_view::npos)
                throw config_error("Invalid host in connection.url " + shown_connection_url(url));
            host = item.substr(1, close - 1);
            if (close + 1 < item.size() && item[close + 1] == ':') port = item.substr(close + 2);
        } else if (const std::size_t colon = item.rfind(':'); colon != std::string_view::npos) {
            host = item.substr(0, colon);
            port = item.substr(colon + 1);
        }
        if (host.empty()) host = "localhost";
        if (port.empty()) port = "5432";
        for (char c : port) {
            if (!std::isdigit(static_cast<unsigned char>(c))) {
                throw config_error("Invalid port in connection.url " + shown_connection_url(url));
            }
        }
        hosts.append(hosts.empty() ? "" : ",").append(host);
        ports.append(ports.empty() ? "" : ",").append(port);
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    out.emplace_back("host", hosts);
    out.emplace_back("port", ports);
}

// The PostgreSQL JDBC driver's properties that have a libpq equivalent.
const std::map<std::string, std::string, std::less<>>& driver_keywords() {
    static const std::map<std::string, std::string, std::less<>> keywords = {
        {"user", "user"},
        {"password", "password"},
        {"sslmode", "sslmode"},
        {"sslcert", "sslcert"},
        {"sslkey", "sslkey"},
        {"sslrootcert", "sslrootcert"},
        {"connectTimeout", "connect_timeout"},
        {"ApplicationName", "application_name"},
        {"applicationName", "application_name"},
        {"options", "options"},
    };
    return keywords;
}

void add_properties(std::string_view query, std::string_view url, conninfo_params& out,
                    std::vector<std::string>* ignored) {
    std::size_t start = 0;
    while (start < query.size()) {
        const std::size_t amp = query.find('&', start);
        const std::string_view item = query.substr(start, amp == std::string_view::npos ? query.npos : amp - start);
        start = amp == std::string_view::npos ? query.size() : amp + 1;
        if (item.empty()) continue;
        const std::size_t eq = item.find('=');
        const std::string name = decode(item.substr(0, eq), url);
        const std::string value = eq == std::string_view::npos ? "" : decode(item.substr(eq + 1), url);
        if (name == "ssl") {
            if (value.empty() || value == "true") out.emplace_back("sslmode", "require");
        } else if (const auto found = driver_keywords().find(name); found != driver_keywords().end()) {
            out.emplace_back(found->second, value);
        } else if (ignored != nullptr) {
            ignored->push_back(name);
        }
    }
}

// jdbc:postgresql://hosts/database?properties, jdbc:postgresql:database, jdbc:postgresql:/database
conninfo_params parse_jdbc(std::string_view url, std::vector<std::string>* ignored) {
    conninfo_params out;
    std::string_view rest = url.substr(jdbc_prefix.size());
    std::string_view query;
    if (const std::size_t q = rest.find('?'); q != std::string_view::npos) {
        query = rest.substr(q + 1);
        rest = rest.substr(0, q);
    }
    std::string_view database = rest;
    if (rest.substr(0, 2) == "//") {
        rest.remove_prefix(2);
        const std::size_t slash = rest.find('/');
        add_hosts(rest.substr(0, slash), url, out);
        database = slash == std::string_view::npos ? std::string_view() : rest.substr(slash + 1);
    } else {
        if (!database.empty() && database.front() == '/') database.remove_prefix(1);
        out.emplace_back("host", "localhost");
        out.emplace_back("port", "5432");
    }
    if (database.find('/') != std::string_view::npos) {
        throw config_error("Invalid database name in connection.url " + shown_connection_url(url));
    }
    if (!database.empty()) out.emplace_back("dbname", decode(database, url));
    add_properties(query, url, out, ignored);
    return out;
}

}  // namespace

std::string shown_connection_url(std::string_view url) {
    auto ranges = secret_ranges(url);
    std::sort(ranges.begin(), ranges.end());
    std::string out;
    std::size_t at = 0;
    for (const auto& [begin, end] : ranges) {
        if (begin < at) continue;
        out.append(url.substr(at, begin - at)).append(hidden);
        at = end;
    }
    out.append(url.substr(at));
    return out;
}

std::string without_passwords(std::string message, const conninfo_params& params) {
    std::vector<std::string> secrets;
    for (const auto& [key, value] : params) {
        if (is_password_key(key) && !value.empty()) secrets.push_back(value);
        if (key != "dbname") continue;
        for (const auto& [begin, end] : secret_ranges(value)) secrets.push_back(value.substr(begin, end - begin));
    }
    // Longest first, so that a secret inside another is not left half shown.
    std::sort(secrets.begin(), secrets.end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
    for (const std::string& secret : secrets) {
        for (std::size_t at = message.find(secret); at != std::string::npos; at = message.find(secret, at + hidden.size()))
            message.replace(at, secret.size(), hidden);
    }
    return message;
}

conninfo_params parse_connection_url(std::string_view url, const std::optional<std::string>& user,
                                     const std::optional<std::string>& password, std::vector<std::string>* ignored) {
    conninfo_params out;
    if (url.substr(0, jdbc_prefix.size()) == jdbc_prefix) {
        out = parse_jdbc(url, ignored);
    } else if (url.substr(0, 5) == "jdbc:") {
        throw config_error("connection.url " + shown_connection_url(url) +
                           " is not a PostgreSQL URL: expected jdbc:postgresql://host:port/database or a libpq "
                           "connection string");
    } else {
        out.emplace_back("dbname", std::string(url));  // expanded by libpq (expand_dbname)
    }
    if (user && !user->empty()) out.emplace_back("user", *user);
    if (password && !password->empty()) out.emplace_back("password", *password);
    return out;
}

}  // namespace copycat::postgres
