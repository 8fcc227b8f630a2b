#include "converters/json_converter_config.hpp"

#include <algorithm>
#include <cctype>

#include "common/strings.hpp"
#include "copycat/config/abstract_config.hpp"
#include "copycat/config/valid_string.hpp"

namespace copycat::converters {
namespace {

config_def make_definition() {
    config_def def = new_converter_config_def();
    def.define(std::string(schemas_enable_config), config_type::boolean, true, importance::high,
               "Include schemas within each of the serialized values and keys.", std::string("Schemas"), 0,
               width::medium, "Enable Schemas");
    def.define(std::string(schemas_cache_size_config), config_type::int_, 1000, importance::high,
               "The maximum number of schemas that can be cached in this converter instance.", std::string("Schemas"),
               1, width::medium, "Schema Cache Size");
    def.define(std::string(schema_content_config), config_type::string, nullptr, importance::high,
               "When set, this is used as the schema for all messages, and the schemas within each of the message "
               "will be ignored.Otherwise, the schema will be included in the content of each message. This "
               "configuration applies only 'schemas.enable' is true, and it exclusively affects the sink connector.",
               std::string("Schemas"), 2, width::medium, "Schema Content");
    def.define(std::string(decimal_format_config), config_type::string, "BASE64",
               case_insensitive_valid_string::in({"BASE64", "NUMERIC"}), importance::low,
               "Controls which format this converter will serialize decimals in. This value is case insensitive and "
               "can be either 'BASE64' (default) or 'NUMERIC'",
               std::string("Serialization"), 0, width::medium, "Decimal Format");
    def.define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::low,
               "Whether to replace fields that have a default value and that are null to the default value. When set "
               "to true, the default value is used, otherwise null is used.",
               std::string("Serialization"), 1, width::medium, "Replace null with default");
    return def;
}

}  // namespace

const config_def& json_converter_config::definition() {
    static const config_def def = make_definition();
    return def;
}

json_converter_config json_converter_config::parse(const std::map<std::string, std::string>& props) {
    const abstract_config parsed(definition(), props);
    json_converter_config out;
    out.type = parse_converter_type(parsed.get_string(converter_type_config));
    out.schemas_enabled = parsed.get_bool(schemas_enable_config);
    out.schema_cache_size = static_cast<std::size_t>(std::max(0, parsed.get_int(schemas_cache_size_config)));
    if (!parsed.is_null(schema_content_config)) out.schema_content = parsed.get_string(schema_content_config);
    out.codec.decimals = iequals(parsed.get_string(decimal_format_config), "NUMERIC")
                             ? decimal_format::numeric
                             : decimal_format::base64;
    out.codec.replace_null_with_default = parsed.get_bool(replace_null_with_default_config);
    return out;
}

}  // namespace copycat::converters
