// Random strings that match a simple regular expression, as the "regex" generator of Confluent's
// datagen quickstarts uses them ("User_[1-9]", "BYOC_Item_[1-9][0-9]{0,2}").
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "datagen/random_source.hpp"

namespace copycat::datagen {

/// A compiled pattern: a sequence of atoms, each a set of characters with a repeat count range.
///
/// The syntax is the part of regular expressions that describes a flat string:
///   - a literal character; `\` escapes the next one (`\.`, `\[`, `\\`);
///   - `.` any letter or digit; `\d` a digit; `\w` a letter, digit or `_`;
///   - a class `[a-z0-9_]` of single characters and ranges (`\` escapes inside it too);
///   - a quantifier after an atom: `?` (0 or 1), `*` (0 to 8), `+` (1 to 8), `{n}`, `{m,n}`,
///     `{m,}` (m to m + 8).
/// Groups, alternation, anchors, negated classes and non-ASCII characters are refused with an
/// error that says so.
class string_pattern {
public:
    /// Compiles `pattern`; throws config_error naming the position of the first problem.
    explicit string_pattern(std::string_view pattern);

    /// A random string the pattern matches.
    std::string generate(random_source& random) const;

private:
    struct atom {
        std::string characters;  // the choices, never empty
        std::size_t min = 1;
        std::size_t max = 1;
    };

    std::vector<atom> atoms_;
};

}  // namespace copycat::datagen
