// org.apache.kafka.connect.transforms.ValueToKey.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/transform/transformation.hpp"
#include "transforms/schema_cache.hpp"

namespace copycat::transforms {

/// Replaces the key with a struct (schema present) or map (schemaless) of the value's "fields".
/// Like Kafka, a null value is an error, and a field missing from the value schema fails with
/// "Field does not exist: <name>".
///
/// Configuration: "fields" (required, non-empty list), "replace.null.with.default" (default true).
class value_to_key final : public transformation {
public:
    static constexpr std::string_view class_name = "org.apache.kafka.connect.transforms.ValueToKey";

    static const config_def& definition();

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;
    void close() override { key_schemas_.clear(); }

private:
    std::vector<std::string> fields_;
    bool replace_null_with_default_ = true;
    schema_cache key_schemas_;
};

}  // namespace copycat::transforms
