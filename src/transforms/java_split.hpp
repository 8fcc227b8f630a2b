// String.split(String) for a single-character separator, as Kafka's config parsing uses it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace copycat::transforms {

/// Splits `text` at every `separator` and drops trailing empty parts, like Java's
/// "a:b:".split(":") == ["a", "b"]; "" gives [""].
inline std::vector<std::string> java_split(std::string_view text, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (true) {
        const std::size_t end = text.find(separator, start);
        parts.emplace_back(text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
        if (end == std::string_view::npos) {
            break;
        }
        start = end + 1;
    }
    while (parts.size() > 1 && parts.back().empty()) {
        parts.pop_back();
    }
    if (!text.empty() && parts.size() == 1 && parts.front().empty()) {
        parts.clear();  // only separators: Java gives an empty array
    }
    return parts;
}

}  // namespace copycat::transforms
