// The errc table: one row per code, and the messages and HTTP statuses that REST responses and
// logs have always shown.

#include <catch2/catch.hpp>

#include <cstddef>
#include <iterator>
#include <set>
#include <string>
#include <string_view>

#include "common/errc.hpp"

using namespace copycat;

TEST_CASE("errc_table has one row per errc, in the enum's order") {
    // The enum starts at 1 and has no gaps, so row i describes errc(i + 1); a row missing in the
    // middle or out of order breaks this.
    std::set<std::string_view> names;
    for (std::size_t i = 0; i < std::size(errc_table); ++i) {
        const errc_info& row = errc_table[i];
        CHECK(static_cast<int>(row.code) == static_cast<int>(i) + 1);
        CHECK(find_errc_info(row.code) == &row);
        CHECK_FALSE(row.name.empty());
        CHECK_FALSE(row.message.empty());
        CHECK(names.insert(row.name).second);
    }
    CHECK(errc_table[std::size(errc_table) - 1].code == errc::forbidden);
    CHECK(find_errc_info(static_cast<errc>(0)) == nullptr);
    CHECK(find_errc_info(static_cast<errc>(std::size(errc_table) + 1)) == nullptr);
}

TEST_CASE("error_code messages come from the table") {
    CHECK(make_error_code(errc::invalid_argument).message() == "invalid argument");
    CHECK(make_error_code(errc::timeout).message() == "timed out");
    CHECK(make_error_code(errc::io_error).message() == "I/O error");
    CHECK(make_error_code(errc::internal).message() == "internal error");
    CHECK(std::error_code(999, copycat_category()).message() == "unknown error");
    for (const errc_info& row : errc_table) CHECK(make_error_code(row.code).message() == row.message);
}

TEST_CASE("every errc has the HTTP status of its REST error response") {
    struct expected {
        errc code;
        int status;
    };
    for (const auto& [code, status] : {
             expected{errc::invalid_argument, 400},
             expected{errc::not_found, 404},
             expected{errc::already_exists, 409},
             expected{errc::conflict, 409},
             expected{errc::timeout, 500},
             expected{errc::io_error, 500},
             expected{errc::protocol_error, 500},
             expected{errc::unsupported, 500},
             expected{errc::unavailable, 503},
             expected{errc::internal, 500},
         }) {
        const errc_info* row = find_errc_info(make_error_code(code));
        REQUIRE(row != nullptr);
        CHECK(row->http_status == status);
    }
    CHECK(find_errc_info(std::make_error_code(std::errc::timed_out)) == nullptr);
}
