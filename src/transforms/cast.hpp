// org.apache.kafka.connect.transforms.Cast$Key / $Value.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "copycat/data/schema_type.hpp"
#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"
#include "transforms/schema_cache.hpp"

namespace copycat::transforms {

/// Casts fields of a struct or map ("spec" = field:type,...) or the whole key or value
/// ("spec" = type) to int8, int16, int32, int64, float32, float64, boolean or string; see
/// cast_value() for the conversion rules. Field defaults and the schema's default are cast
/// too. A null key or value is left as is.
///
/// Configuration: "spec" (required list), "replace.null.with.default" (default true).
class cast final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.Cast$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.Cast$Value";

    /// A parsed "spec": the whole-value target, or per-field targets in spec order.
    struct cast_spec {
        std::optional<schema_type> whole_value;
        std::vector<std::pair<std::string, schema_type>> fields;

        const schema_type* target_of(std::string_view field_name) const;
    };

    static const config_def& definition();

    /// Parses "spec"; throws config_error with Kafka's messages ("Must specify at least one
    /// field to cast.", "Invalid type found in casting spec: x", "Cast transformations that
    /// specify a type to cast the entire value to may only specify a single cast in their
    /// spec", ...).
    static cast_spec parse_spec(const std::vector<std::string>& mappings);

    explicit cast(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;
    void close() override { schema_updates_.clear(); }

private:
    schema_ptr updated_schema(const schema_ptr& original);
    schema_ptr build_updated_schema(const schema& original) const;

    record_part part_;
    cast_spec spec_;
    bool replace_null_with_default_ = true;
    schema_cache schema_updates_;
};

}  // namespace copycat::transforms
