// org.apache.kafka.connect.transforms.MaskField$Key / $Value.
#pragma once

#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>

#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"

namespace copycat::transforms {

/// Replaces the values of "fields" with the null value of their type (0, false, "", an empty
/// array or map, the epoch for dates and times, a zero decimal) or with "replacement", which is
/// converted to the field's type (numbers and strings only). Null field values stay null.
/// Like Kafka, a null key or value is an error ("Only Map objects supported ...").
///
/// Configuration: "fields" (required, non-empty list), "replacement" (non-empty string),
/// "replace.null.with.default" (default true).
class mask_field final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.MaskField$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.MaskField$Value";

    static const config_def& definition();

    explicit mask_field(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;

private:
    /// The masked form of a non-null value; `field_schema` (may be null) gives a decimal its
    /// scale.
    value masked(const value& original, const schema* field_schema) const;

    record_part part_;
    std::set<std::string, std::less<>> fields_;
    std::optional<std::string> replacement_;
    bool replace_null_with_default_ = true;
};

}  // namespace copycat::transforms
