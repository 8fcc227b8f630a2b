#pragma once
// Plain-text tables for `-o table` (kcctl's look): a header row in capitals, columns padded to
// their widest cell (counted in characters, not UTF-8 bytes) and three spaces apart, no trailing
// spaces. A line break inside a cell is shown as a space, so that one row stays one line.
//
//   render_table({"NAME", "STATE"}, {{"src", "RUNNING"}}) ==
//       "NAME   STATE\n"
//       "src    RUNNING\n"

#include <string>
#include <vector>

namespace copycat::cli {

using table_row = std::vector<std::string>;

// Rows shorter than the header get empty cells; longer ones are cut to the header's width.
std::string render_table(const table_row& header, const std::vector<table_row>& rows);

}  // namespace copycat::cli
