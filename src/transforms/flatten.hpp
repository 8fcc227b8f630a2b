// org.apache.kafka.connect.transforms.Flatten$Key / $Value.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"
#include "transforms/schema_cache.hpp"

namespace copycat::transforms {

/// Flattens nested structs (schema present) or maps (schemaless) into one level, naming each
/// field by its path joined with "delimiter" (default "."). Arrays are kept as they are. A
/// flattened field is optional when any struct above it is, and takes its default from the
/// nearest default above it. A null key or value is left as is. Maps inside structs are
/// refused, like Kafka.
///
/// Configuration: "delimiter" (default ".").
class flatten final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.Flatten$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.Flatten$Value";

    static const config_def& definition();

    explicit flatten(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;
    void close() override { schema_updates_.clear(); }

private:
    std::string field_name(const std::string& prefix, const std::string& name) const;
    void flatten_map(const value_map& original, const std::string& prefix, value_map& out) const;
    void build_schema(const schema& s, const std::string& prefix, schema_builder& out, bool optional,
                      const struct_value* default_from_parent) const;
    void flatten_struct(const struct_value* original, const std::string& prefix, struct_value& out) const;

    record_part part_;
    std::string delimiter_ = ".";
    schema_cache schema_updates_;
};

}  // namespace copycat::transforms
