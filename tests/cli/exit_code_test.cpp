#include <catch2/catch.hpp>

#include "cli/exit_code.hpp"

using namespace copycat;
using namespace copycat::cli;

TEST_CASE("an error's exit status is its exit code, or the one matching Copycat's own error") {
    CHECK(exit_status_of(make_error(exit_code::client_error, "Connector x not found (HTTP 404)")) == 3);
    CHECK(exit_status_of(make_error(exit_code::wait_timeout, "x is not RUNNING after 60 s")) == 5);
    CHECK(exit_status_of(copycat::make_error(errc::unavailable, "Cannot connect")) == 2);
    CHECK(exit_status_of(copycat::make_error(errc::timeout, "no answer")) == 2);
    CHECK(exit_status_of(copycat::make_error(errc::invalid_argument, "Not an http(s) URL")) == 1);
    CHECK(make_error_code(exit_code::failed).message() == "connector failed");
}
