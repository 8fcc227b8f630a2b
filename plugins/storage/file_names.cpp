#include "storage/file_names.hpp"

#include <charconv>

namespace copycat::storage {
namespace {

std::string padded(std::int64_t offset, int width) {
    std::string digits = std::to_string(offset);
    if (static_cast<int>(digits.size()) < width) digits.insert(0, static_cast<std::size_t>(width) - digits.size(), '0');
    return digits;
}

// Reads the decimal digits at the front of `text` (at least one) and drops them.
std::optional<std::int64_t> take_number(std::string_view& text) {
    std::int64_t v = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (error != std::errc() || end == text.data() || text.front() == '-') return std::nullopt;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return v;
}

}  // namespace

std::string committed_file_name(std::string_view topic, std::int32_t partition, offset_range offsets, int pad_width,
                                std::string_view extension) {
    std::string name(topic);
    name += '+';
    name += std::to_string(partition);
    name += '+';
    name += padded(offsets.start, pad_width);
    name += '+';
    name += padded(offsets.end, pad_width);
    name += extension;
    return name;
}

std::optional<offset_range> parse_committed_file_name(std::string_view file_name, std::string_view topic,
                                                      std::int32_t partition) {
    const std::string prefix = std::string(topic) + "+" + std::to_string(partition) + "+";
    if (!file_name.starts_with(prefix)) return std::nullopt;
    std::string_view rest = file_name.substr(prefix.size());
    const auto start = take_number(rest);
    if (!start || !rest.starts_with('+')) return std::nullopt;
    rest.remove_prefix(1);
    const auto end = take_number(rest);
    if (!end || !rest.starts_with('.') || *end < *start) return std::nullopt;
    return offset_range{*start, *end};
}

}  // namespace copycat::storage
