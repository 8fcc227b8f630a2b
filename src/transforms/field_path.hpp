// Paths to (possibly nested) fields of structs and maps (Kafka KIP-821: FieldSyntaxVersion and
// SingleFieldPath).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/config_def.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/data/value.hpp"

namespace copycat::transforms {

/// V1: a path is one field name at the root. V2: dotted paths reach nested fields; backticks
/// wrap names that contain dots ("`foo.bar`.baz"), a backslash escapes a backtick.
enum class field_syntax_version { v1, v2 };

inline constexpr std::string_view field_syntax_version_config = "field.syntax.version";

/// Defines "field.syntax.version" (STRING, default "V1", V1 or V2 in any case) in `def`.
/// Throws config_error "Configuration field.syntax.version is defined twice." when present.
config_def& append_field_syntax_version(config_def& def);

/// The version configured in `config` (defined by append_field_syntax_version()).
field_syntax_version field_syntax_version_from(const abstract_config& config);

/// One path, parsed once at configuration time.
class single_field_path {
public:
    /// Throws config_error "Incomplete backtick pair in path: [...], consider adding a
    /// backslash before backtick at position N to escape it" for a malformed V2 path.
    single_field_path(std::string_view path, field_syntax_version version);

    /// The steps from the root (empty only for an empty V2 path).
    const std::vector<std::string>& steps() const noexcept { return steps_; }

    /// The field at the path in a STRUCT schema, or nullptr when any step is missing or the
    /// schema is null.
    const field* field_from(const schema_ptr& s) const;

    /// The value at the path in a struct, or null when any step is missing or null.
    /// `with_default`: a null field gives its schema's default. Throws data_error when an
    /// intermediate step is not a struct.
    value value_from(const struct_value& s, bool with_default = true) const;

    /// The value at the path in a schemaless map, or null. Throws data_error when an
    /// intermediate step is neither a map nor null.
    value value_from(const value_map& map) const;

    friend bool operator==(const single_field_path&, const single_field_path&) = default;

private:
    std::vector<std::string> steps_;
};

}  // namespace copycat::transforms
