// org.apache.kafka.connect.transforms.HeaderFrom$Key / $Value.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"
#include "transforms/schema_cache.hpp"

namespace copycat::transforms {

/// Copies or moves ("operation" = copy | move) the key's or value's "fields" into headers
/// named by the matching items of "headers" (same length). With a schema the header gets the
/// field's schema; "move" also removes the fields from the struct and its schema. Like Kafka,
/// a null key or value is an error.
///
/// Configuration: "fields", "headers" (required, non-empty lists of equal length),
/// "operation" (required), "replace.null.with.default" (default true).
class header_from final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.HeaderFrom$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.HeaderFrom$Value";

    static const config_def& definition();

    explicit header_from(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;
    void close() override { move_schemas_.clear(); }

private:
    void apply_with_schema(connect_record& record);
    void apply_schemaless(connect_record& record);
    bool is_moved(const std::string& field_name) const;

    record_part part_;
    std::vector<std::string> fields_;
    std::vector<std::string> headers_;
    bool move_ = false;
    bool replace_null_with_default_ = true;
    schema_cache move_schemas_;
};

}  // namespace copycat::transforms
