#include "common/strings.hpp"

namespace copycat {
namespace {

bool java_blank(char c) noexcept { return static_cast<unsigned char>(c) <= ' '; }

bool whitespace(char c) noexcept {
    return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

char lower(char c) noexcept { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

char upper(char c) noexcept { return c >= 'a' && c <= 'z' ? static_cast<char>(c - 'a' + 'A') : c; }

template <class Blank>
std::string_view trim_if(std::string_view s, Blank blank) noexcept {
    while (!s.empty() && blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && blank(s.back())) s.remove_suffix(1);
    return s;
}

}  // namespace

std::string_view trim(std::string_view s) noexcept { return trim_if(s, java_blank); }

std::string_view trim_whitespace(std::string_view s) noexcept { return trim_if(s, whitespace); }

std::vector<std::string> split_list(std::string_view text, char sep) {
    std::vector<std::string> out;
    while (true) {
        const auto at = text.find(sep);
        if (const auto item = trim_whitespace(text.substr(0, at)); !item.empty()) out.emplace_back(item);
        if (at == std::string_view::npos) break;
        text.remove_prefix(at + 1);
    }
    return out;
}

std::string to_lower(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = lower(c);
    return out;
}

std::string to_upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = upper(c);
    return out;
}

bool iequals(std::string_view a, std::string_view b) noexcept {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (lower(a[i]) != lower(b[i])) return false;
    }
    return true;
}

bool istarts_with(std::string_view text, std::string_view prefix) noexcept {
    return text.size() >= prefix.size() && iequals(text.substr(0, prefix.size()), prefix);
}

}  // namespace copycat
