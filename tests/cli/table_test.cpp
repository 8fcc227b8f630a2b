#include <catch2/catch.hpp>

#include "cli/table.hpp"

using copycat::cli::render_table;

TEST_CASE("columns are padded to their widest cell, three spaces apart, without trailing spaces") {
    CHECK(render_table({"NAME", "STATE", "TASKS"}, {{"source-1", "RUNNING", "1/1"}, {"s", "PAUSED", ""}}) ==
          "NAME       STATE     TASKS\n"
          "source-1   RUNNING   1/1\n"
          "s          PAUSED\n");
}

TEST_CASE("short rows get empty cells, long rows are cut, line breaks become spaces") {
    CHECK(render_table({"A", "B"}, {{"x"}, {"1", "2", "3"}, {"multi\nline", "tab\there"}}) ==
          "A            B\n"
          "x\n"
          "1            2\n"
          "multi line   tab here\n");
}

TEST_CASE("widths count characters, not UTF-8 bytes") {
    CHECK(render_table({"K", "V"}, {{"é", "1"}, {"ab", "2"}}) ==
          "K    V\n"
          "é    1\n"
          "ab   2\n");
}

TEST_CASE("a table without rows is its header") { CHECK(render_table({"CLASS", "TYPE"}, {}) == "CLASS   TYPE\n"); }
