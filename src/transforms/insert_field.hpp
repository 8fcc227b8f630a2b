// org.apache.kafka.connect.transforms.InsertField$Key / $Value.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"
#include "transforms/schema_cache.hpp"

namespace copycat::transforms {

/// Inserts fields from the record's metadata (topic, partition, offset, timestamp) or a static
/// value into a struct (schema present) or map (schemaless). A field name ending in "!" is
/// required in the new schema, "?" (the default) optional. A null key or value is left as is.
///
/// Configuration: "topic.field", "partition.field", "offset.field" (sink records only),
/// "timestamp.field", "static.field" with "static.value", "replace.null.with.default"
/// (default true). At least one field is required.
class insert_field final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.InsertField$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.InsertField$Value";

    static const config_def& definition();

    explicit insert_field(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;
    void close() override { schema_updates_.clear(); }

private:
    struct insertion {
        std::string name;
        bool optional = true;
    };

    void apply_schemaless(connect_record& record);
    void apply_with_schema(connect_record& record);
    schema_ptr make_updated_schema(const schema& original) const;

    record_part part_;
    std::optional<insertion> topic_field_;
    std::optional<insertion> partition_field_;
    std::optional<insertion> offset_field_;
    std::optional<insertion> timestamp_field_;
    std::optional<insertion> static_field_;
    std::string static_value_;
    bool replace_null_with_default_ = true;
    schema_cache schema_updates_;
};

}  // namespace copycat::transforms
