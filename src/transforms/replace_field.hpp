// org.apache.kafka.connect.transforms.ReplaceField$Key / $Value.
#pragma once

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/transform/transformation.hpp"
#include "transforms/record_part.hpp"
#include "transforms/schema_cache.hpp"

namespace copycat::transforms {

/// Drops ("exclude"), keeps ("include") and renames ("renames" = old:new,...) fields of a
/// struct or map. "exclude" takes precedence over "include"; an empty "include" keeps every
/// field. The names Kafka deprecated and then removed, "blacklist" and "whitelist", are still
/// read when "exclude" / "include" are not set. A null key or value is left as is.
class replace_field final : public transformation {
public:
    static constexpr std::string_view key_class_name = "org.apache.kafka.connect.transforms.ReplaceField$Key";
    static constexpr std::string_view value_class_name = "org.apache.kafka.connect.transforms.ReplaceField$Value";

    static const config_def& definition();

    explicit replace_field(record_part part) : part_(part) {}

    void configure(const std::map<std::string, std::string>& configs) override;
    const config_def& config() const override { return definition(); }
    bool apply(connect_record& record) override;
    void close() override { schema_updates_.clear(); }

    /// Parses "renames": each item "old:new". Throws config_error "Invalid value [..] for
    /// configuration renames: Invalid rename mapping: <item>".
    static std::map<std::string, std::string> parse_rename_mappings(const std::vector<std::string>& mappings);

private:
    bool keeps(const std::string& field_name) const;
    const std::string& renamed(const std::string& field_name) const;
    const std::string& reverse_renamed(const std::string& field_name) const;
    schema_ptr make_updated_schema(const schema& original) const;

    record_part part_;
    std::set<std::string, std::less<>> exclude_;
    std::set<std::string, std::less<>> include_;
    std::map<std::string, std::string, std::less<>> renames_;
    std::map<std::string, std::string, std::less<>> reverse_renames_;
    bool replace_null_with_default_ = true;
    schema_cache schema_updates_;
};

}  // namespace copycat::transforms
