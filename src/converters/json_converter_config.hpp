// The configuration of the JSON converter (Kafka: org.apache.kafka.connect.json.JsonConverterConfig).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <string_view>

#include "converters/converter_config.hpp"
#include "converters/json_codec_options.hpp"
#include "copycat/config/config_def.hpp"

namespace copycat::converters {

inline constexpr std::string_view schemas_enable_config = "schemas.enable";
inline constexpr std::string_view schemas_cache_size_config = "schemas.cache.size";
inline constexpr std::string_view decimal_format_config = "decimal.format";
inline constexpr std::string_view replace_null_with_default_config = "replace.null.with.default";
inline constexpr std::string_view schema_content_config = "schema.content";

/// Parsed JsonConverter settings.
struct json_converter_config {
    /// "converter.type" (required by the definition; configure(map, is_key) sets it).
    converter_type type = converter_type::value;
    /// "schemas.enable" (default true): write and expect the {"schema","payload"} envelope.
    bool schemas_enabled = true;
    /// "schemas.cache.size" (default 1000): schemas cached in each direction.
    std::size_t schema_cache_size = 1000;
    /// "schema.content" (KIP-1054; default null): with schemas.enable, the schema of every value
    /// read, each message being the payload alone; empty is unset. Writing is unaffected.
    std::string schema_content;
    /// "decimal.format" (BASE64 by default, or NUMERIC; any case) and
    /// "replace.null.with.default" (default true).
    json_codec_options codec;

    /// The definition, with Kafka's keys, defaults, groups, documentation and validators.
    static const config_def& definition();

    /// Parses `props` (throws config_error, e.g. for a missing converter.type or a bad
    /// decimal.format).
    static json_converter_config parse(const std::map<std::string, std::string>& props);
};

}  // namespace copycat::converters
