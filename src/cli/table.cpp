#include "cli/table.hpp"

#include <algorithm>

namespace copycat::cli {
namespace {

// Characters, counting each UTF-8 sequence once (continuation bytes are 10xxxxxx).
std::size_t width_of(const std::string& s) {
    return static_cast<std::size_t>(
        std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

std::string one_line(std::string s) {
    std::replace_if(
        s.begin(), s.end(), [](char c) { return c == '\n' || c == '\r' || c == '\t'; }, ' ');
    return s;
}

}  // namespace

std::string render_table(const table_row& header, const std::vector<table_row>& rows) {
    std::vector<table_row> lines;
    lines.reserve(rows.size() + 1);
    lines.push_back(header);
    for (const auto& row : rows) {
        table_row cells(header.size());
        for (std::size_t i = 0; i < cells.size() && i < row.size(); ++i) cells[i] = one_line(row[i]);
        lines.push_back(std::move(cells));
    }
    std::vector<std::size_t> widths(header.size(), 0);
    for (const auto& line : lines)
        for (std::size_t i = 0; i < line.size(); ++i) widths[i] = std::max(widths[i], width_of(line[i]));

    std::string out;
    for (const auto& line : lines) {
        std::string text;
        for (std::size_t i = 0; i < line.size(); ++i) {
            text += line[i];
            if (i + 1 < line.size()) text.append(widths[i] - width_of(line[i]) + 3, ' ');
        }
        text.erase(text.find_last_not_of(' ') + 1);
        out += text + "\n";
    }
    return out;
}

}  // namespace copycat::cli
