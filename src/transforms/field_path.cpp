#include "transforms/field_path.hpp"

#include "copycat/config/valid_string.hpp"
#include "copycat/errors.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/requirements.hpp"

namespace copycat::transforms {
namespace {

constexpr char backtick = '`';
constexpr char dot = '.';
constexpr char backslash = '\\';

[[noreturn]] void fail_incomplete_backtick_pair(std::string_view path, std::size_t backtick_at) {
    throw config_error("Incomplete backtick pair in path: [" + std::string(path) +
                       "], consider adding a backslash before backtick at position " + std::to_string(backtick_at) +
                       " to escape it");
}

// Follows SingleFieldPath.buildFieldPathV2 step by step, including its treatment of backticks
// that do not wrap a whole step.
std::vector<std::string> parse_v2(std::string_view path) {
    std::vector<std::string> steps;
    std::size_t idx = 0;
    while (idx < path.size()) {
        if (path[idx] != backtick) {
            const std::size_t start = idx;
            idx = path.find(dot, idx);
            if (idx != std::string_view::npos) {
                steps.emplace_back(path.substr(start, idx - start));
                ++idx;
            } else {
                steps.emplace_back(path.substr(start));
            }
            continue;
        }
        const std::size_t backtick_at = idx;
        ++idx;
        std::string field;
        std::size_t start = idx;
        while (true) {
            idx = path.find(backtick, idx);
            if (idx == std::string_view::npos) {
                fail_incomplete_backtick_pair(path, backtick_at);
            }
            const bool escaped = path[idx - 1] == backslash;
            if (idx >= path.size() - 1) {  // the closing backtick ends the path
                if (escaped) {
                    fail_incomplete_backtick_pair(path, backtick_at);
                }
                field.append(path.substr(start, idx - start));
                steps.push_back(std::move(field));
                ++idx;
                break;
            }
            if (path[idx + 1] != dot) {  // not followed by a dot: part of the name
                ++idx;
                continue;
            }
            if (escaped) {  // an escaped backtick is part of the name
                field.append(path.substr(start, idx - 1 - start));
                field.push_back(backtick);
                ++idx;
                start = idx;
                continue;
            }
            field.append(path.substr(start, idx - start));
            steps.push_back(std::move(field));
            idx += 2;  // the backtick and the dot after it
            break;
        }
    }
    if (!path.empty() && path.back() == dot) {
        steps.emplace_back();
    }
    return steps;
}

}  // namespace

config_def& append_field_syntax_version(config_def& def) {
    return def.define(
        std::string(field_syntax_version_config), config_type::string, "V1",
        case_insensitive_valid_string::in({"V1", "V2"}), importance::high,
        "Defines the version of the syntax to access fields. If set to `V1`, then the field paths are limited to "
        "access the elements at the root level of the struct or map. If set to `V2`, the syntax will support "
        "accessing nested elements. To access nested elements, dotted notation is used. If dots are already "
        "included in the field name, then backtick pairs can be used to wrap field names containing dots. E.g. to "
        "access the subfield `baz` from a field named \"foo.bar\" in a struct/map the following format can be used "
        "to access its elements: \"`foo.bar`.baz\".");
}

field_syntax_version field_syntax_version_from(const abstract_config& config) {
    const std::string& text = config.get_string(field_syntax_version_config);
    if (text == "V1" || text == "v1") {
        return field_syntax_version::v1;
    }
    if (text == "V2" || text == "v2") {
        return field_syntax_version::v2;
    }
    throw config_error(invalid_value_message(field_syntax_version_config, text, "Unrecognized field syntax version"));
}

single_field_path::single_field_path(std::string_view path, field_syntax_version version) {
    if (version == field_syntax_version::v1) {
        steps_.emplace_back(path);
    } else {
        steps_ = parse_v2(path);
    }
}

const field* single_field_path::field_from(const schema_ptr& s) const {
    if (!s || steps_.empty()) {
        return nullptr;
    }
    const schema* current = s.get();
    for (std::size_t i = 0; i + 1 < steps_.size(); ++i) {
        const field* f = current->find_field(steps_[i]);
        if (f == nullptr) {
            return nullptr;
        }
        current = f->schema.get();
    }
    return current->find_field(steps_.back());
}

value single_field_path::value_from(const struct_value& s, bool with_default) const {
    if (steps_.empty()) {
        return {};
    }
    const struct_value* current = &s;
    for (std::size_t i = 0; i + 1 < steps_.size(); ++i) {
        if (current->schema()->find_field(steps_[i]) == nullptr) {
            return {};
        }
        current = require_struct_or_null(current->get(steps_[i]), "nested field access");
        if (current == nullptr) {
            return {};
        }
    }
    if (current->schema()->find_field(steps_.back()) == nullptr) {
        return {};
    }
    return with_default ? current->get(steps_.back()) : current->get_without_default(steps_.back());
}

value single_field_path::value_from(const value_map& map) const {
    if (steps_.empty()) {
        return {};
    }
    const value_map* current = &map;
    for (std::size_t i = 0; i + 1 < steps_.size(); ++i) {
        const value* next = map_find(*current, steps_[i]);
        current = next == nullptr ? nullptr : require_map_or_null(*next, "nested field access");
        if (current == nullptr) {
            return {};
        }
    }
    return map_get(*current, steps_.back());
}

}  // namespace copycat::transforms
