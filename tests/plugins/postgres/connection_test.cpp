// connect_with_retries against a port nobody listens on: every attempt fails at once, the waits
// come between attempts, and a stop during a wait ends the retries.
#include <catch2/catch.hpp>

#include "plugins/postgres/closed_port.hpp"
#include "postgres/connection.hpp"

using namespace copycat;
using namespace copycat::postgres;

TEST_CASE("connection attempts are retried with the backoff between them, then libpq's error is thrown") {
    const conninfo_params params = {
        {"host", "127.0.0.1"}, {"port", std::to_string(test::closed_port())}, {"dbname", "x"}};
    std::vector<std::chrono::milliseconds> waits;
    try {
        connect_with_retries(params, {3, std::chrono::milliseconds(250)}, "test", [&](auto d) {
            waits.push_back(d);
            return true;
        });
        FAIL("connected to a closed port");
    } catch (const pg_error& e) {
        CHECK(e.connection_lost());
        CHECK_THAT(e.what(), Catch::Contains("Could not connect to PostgreSQL") && Catch::Contains("refused"));
    }
    CHECK(waits == std::vector<std::chrono::milliseconds>(2, std::chrono::milliseconds(250)));

    int calls = 0;
    CHECK_THROWS_WITH(
        connect_with_retries(params, {5, std::chrono::milliseconds(1)}, "test", [&](auto) { return ++calls < 2; }),
        Catch::Contains("Stopped"));
    CHECK(calls == 2);
}
