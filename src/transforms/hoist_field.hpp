// org.apache.kafka.connect.transforms.HoistField$Key / $Value.
#pragma once

#include <map>
#include <string>
#include <string_view>

#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"
#include "transforms/schema_cache.hpp"

namespace copycat::transforms {

/// Wraps the key or value in a struct (schema present) or map (schemaless) with the single
/// field "field". Configuration: "field" (required).
class hoist_field final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.HoistField$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.HoistField$Value";

    static const config_def& definition();

    explicit hoist_field(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;
    void close() override { schema_updates_.clear(); }

private:
    record_part part_;
    std::string field_name_;
    schema_cache schema_updates_;
};

}  // namespace copycat::transforms
