// org.apache.kafka.connect.transforms.SetSchemaMetadata$Key / $Value.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/data/struct_value.hpp"
#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"

namespace copycat::transforms {

/// Sets the name ("schema.name") and/or version ("schema.version") of the key or value
/// schema; a struct is rebuilt on the renamed schema. A record whose key/value and schema are
/// both null is left as is; a value without a schema fails ("Schema required for [updating
/// schema metadata]").
///
/// Configuration: "schema.name", "schema.version" (at least one), "replace.null.with.default"
/// (default true).
class set_schema_metadata final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.SetSchemaMetadata$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.SetSchemaMetadata$Value";

    static const config_def& definition();

    explicit set_schema_metadata(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;

    /// A struct rebuilt on `updated_schema` (same fields), or `key_or_value` itself when it is
    /// not a struct (Kafka: updateSchemaIn).
    value update_schema_in(const value& key_or_value, const schema_ptr& updated_schema) const;

private:
    record_part part_;
    std::optional<std::string> schema_name_;
    std::optional<std::int32_t> schema_version_;
    bool replace_null_with_default_ = true;
};

}  // namespace copycat::transforms
