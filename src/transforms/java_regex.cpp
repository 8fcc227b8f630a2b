#include "transforms/java_regex.hpp"

#include <variant>

#include "copycat/config/lambda_validator.hpp"
#include "copycat/errors.hpp"

namespace copycat::transforms {

std::regex compile_java_regex(std::string_view pattern) {
    auto flags = std::regex::ECMAScript;
    if (pattern.starts_with("(?i)")) {
        flags |= std::regex::icase;
        pattern.remove_prefix(4);
    }
    return std::regex(pattern.begin(), pattern.end(), flags);
}

bool java_regex_matches(const std::regex& re, std::string_view text) {
    return std::regex_match(text.begin(), text.end(), re);
}

std::string java_replace_first(std::string_view text, const std::regex& re, std::string_view replacement) {
    std::match_results<std::string_view::const_iterator> m;
    if (!std::regex_search(text.begin(), text.end(), m, re)) {
        return std::string(text);
    }
    const std::size_t group_count = m.size() - 1;
    std::string out(text.substr(0, static_cast<std::size_t>(m.position(0))));
    for (std::size_t i = 0; i < replacement.size(); ++i) {
        const char c = replacement[i];
        if (c == '\\') {
            if (++i == replacement.size()) {
                throw data_error("character to be escaped is missing");
            }
            out.push_back(replacement[i]);
        } else if (c == '$') {
            if (++i == replacement.size()) {
                throw data_error("Illegal group reference: group index is missing");
            }
            if (replacement[i] < '0' || replacement[i] > '9') {
                throw data_error("Illegal group reference");
            }
            std::size_t group = static_cast<std::size_t>(replacement[i] - '0');
            if (group > group_count) {
                throw data_error("No group " + std::to_string(group));
            }
            // Further digits extend the reference while it still names a group.
            while (i + 1 < replacement.size() && replacement[i + 1] >= '0' && replacement[i + 1] <= '9') {
                const std::size_t longer = group * 10 + static_cast<std::size_t>(replacement[i + 1] - '0');
                if (longer > group_count) {
                    break;
                }
                group = longer;
                ++i;
            }
            if (m[group].matched) {
                out += m[group].str();
            }
        } else {
            out.push_back(c);
        }
    }
    out += text.substr(static_cast<std::size_t>(m.position(0) + m.length(0)));
    return out;
}

validator_ptr regex_validator() {
    return lambda_validator::with(
        [](std::string_view name, const parsed_value& v) {
            const auto* text = std::get_if<std::string>(&v);
            if (text == nullptr) {
                return;
            }
            try {
                compile_java_regex(*text);
            } catch (const std::regex_error& e) {
                throw_invalid_value(name, v, std::string("Invalid regex: ") + e.what());
            }
        },
        [] { return std::string("valid regex"); });
}

}  // namespace copycat::transforms
