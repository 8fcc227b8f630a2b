// org.apache.kafka.connect.transforms.ExtractField$Key / $Value.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/transform/transformation.hpp"
#include "transforms/field_path.hpp"
#include "transforms/record_part.hpp"

namespace copycat::transforms {

/// Replaces the key or value with one of its fields: from a struct (the field's schema
/// becomes the record's) or a map (schemaless; a missing field gives null). With
/// "field.syntax.version" = V2 the field may be a nested path ("a.b", "`a.b`.c"). A null key
/// or value stays null (with the field's schema); a field missing from the schema fails with
/// "Unknown field: <path>".
///
/// Configuration: "field" (required), "field.syntax.version" (V1 or V2, default V1),
/// "replace.null.with.default" (default true).
class extract_field final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.ExtractField$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.ExtractField$Value";

    static const config_def& definition();

    explicit extract_field(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;

private:
    record_part part_;
    std::string original_path_;
    std::optional<single_field_path> path_;
    bool replace_null_with_default_ = true;
};

}  // namespace copycat::transforms
