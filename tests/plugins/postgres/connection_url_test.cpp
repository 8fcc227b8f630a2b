// connection.url: JDBC URLs of the PostgreSQL driver and libpq strings become libpq parameters.
#include <catch2/catch.hpp>

#include "copycat/errors.hpp"
#include "postgres/connection_url.hpp"

using namespace copycat;
using namespace copycat::postgres;

namespace {

std::string param(const conninfo_params& params, const std::string& key) {
    std::string found = "<none>";
    for (const auto& [k, v] : params) {
        if (k == key) found = v;  // the last one wins, as in PQconnectdbParams
    }
    return found;
}

}  // namespace

TEST_CASE("a JDBC URL gives host, port, database and the driver properties libpq knows") {
    std::vector<std::string> ignored;
    const auto p = parse_connection_url(
        "jdbc:postgresql://db.example:6543/"
        "sales?user=alice&password=p%40ss&sslmode=verify-full&reWriteBatchedInserts=true"
        "&ApplicationName=etl",
        std::nullopt, std::nullopt, &ignored);
    CHECK(param(p, "host") == "db.example");
    CHECK(param(p, "port") == "6543");
    CHECK(param(p, "dbname") == "sales");
    CHECK(param(p, "user") == "alice");
    CHECK(param(p, "password") == "p@ss");
    CHECK(param(p, "sslmode") == "verify-full");
    CHECK(param(p, "application_name") == "etl");
    CHECK(ignored == std::vector<std::string>{"reWriteBatchedInserts"});
}

TEST_CASE("a JDBC URL without a port uses 5432; several hosts and IPv6 addresses are kept") {
    const auto p =
        parse_connection_url("jdbc:postgresql://h1,[::1]:7000,h3:5433/db?ssl=true", std::nullopt, std::nullopt);
    CHECK(param(p, "host") == "h1,::1,h3");
    CHECK(param(p, "port") == "5432,7000,5433");
    CHECK(param(p, "sslmode") == "require");
    const auto local = parse_connection_url("jdbc:postgresql:inventory", std::nullopt, std::nullopt);
    CHECK(param(local, "host") == "localhost");
    CHECK(param(local, "dbname") == "inventory");
}

TEST_CASE("connection.user and connection.password come after the URL's, so they win") {
    const auto p =
        parse_connection_url("jdbc:postgresql://h/db?user=url-user", std::string("config-user"), std::string("secret"));
    CHECK(param(p, "user") == "config-user");
    CHECK(param(p, "password") == "secret");
}

TEST_CASE("a libpq connection string is passed on as the expanded dbname") {
    const auto p = parse_connection_url("host=127.0.0.1 port=5000 dbname=x", std::nullopt, std::nullopt);
    REQUIRE(p.size() == 1);
    CHECK(p[0].first == "dbname");
    CHECK(p[0].second == "host=127.0.0.1 port=5000 dbname=x");
}

TEST_CASE("URLs of other drivers and malformed URLs are clear configuration errors") {
    CHECK_THROWS_WITH(parse_connection_url("jdbc:mysql://h/db", std::nullopt, std::nullopt),
                      Catch::Contains("is not a PostgreSQL URL"));
    CHECK_THROWS_AS(parse_connection_url("jdbc:postgresql://h:port/db", std::nullopt, std::nullopt), config_error);
    CHECK_THROWS_AS(parse_connection_url("jdbc:postgresql://h/db?password=%zz", std::nullopt, std::nullopt),
                    config_error);
    CHECK_THROWS_AS(parse_connection_url("jdbc:postgresql://[::1/db", std::nullopt, std::nullopt), config_error);
}

TEST_CASE("messages show a connection.url without its passwords") {
    CHECK(shown_connection_url("jdbc:postgresql://h:5432/db?user=u&password=s3cret&sslmode=require") ==
          "jdbc:postgresql://h:5432/db?user=u&password=[hidden]&sslmode=require");
    CHECK(shown_connection_url("jdbc:postgresql://h/db?PASSWORD=a&sslpassword=b") ==
          "jdbc:postgresql://h/db?PASSWORD=[hidden]&sslpassword=[hidden]");
    CHECK(shown_connection_url(R"(host=h password='it\'s a secret' dbname=d)") == "host=h password=[hidden] dbname=d");
    CHECK(shown_connection_url("host=h password = plain dbname=d") == "host=h password = [hidden] dbname=d");
    CHECK(shown_connection_url("postgresql://alice:pw@h:5432/d?password=x") ==
          "postgresql://alice:[hidden]@h:5432/d?password=[hidden]");
    CHECK(shown_connection_url("jdbc:postgresql://h/db?user=u") == "jdbc:postgresql://h/db?user=u");

    // A malformed URL's error names it without the password, even in a JDBC URL with userinfo.
    try {
        parse_connection_url("jdbc:postgresql://alice:topsecret@h/db?password=other", std::nullopt, std::nullopt);
        FAIL("no error");
    } catch (const config_error& e) {
        const std::string message = e.what();
        CHECK(message.find("topsecret") == std::string::npos);
        CHECK(message.find("other") == std::string::npos);
        CHECK(message.find("jdbc:postgresql://alice:[hidden]@h/db") != std::string::npos);
    }
}

TEST_CASE("libpq's messages lose the passwords of the parameters") {
    const conninfo_params params{{"dbname", "host=h password=inner dbname=x"}, {"password", "outer"}};
    CHECK(without_passwords(R"(missing "=" after "inner" in connection info string; outer)", params) ==
          R"(missing "=" after "[hidden]" in connection info string; [hidden])");
}
