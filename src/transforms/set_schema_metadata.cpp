#include "transforms/set_schema_metadata.hpp"

#include "common/logging.hpp"
#include "copycat/config/abstract_config.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/errors.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {

const config_def& set_schema_metadata::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("schema.name", config_type::string, nullptr, importance::high, "Schema name to set.")
            .define("schema.version", config_type::int_, nullptr, importance::high, "Schema version to set.")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return d;
    }();
    return def;
}

void set_schema_metadata::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    schema_name_ =
        cfg.is_null("schema.name") ? std::nullopt : std::optional<std::string>(cfg.get_string("schema.name"));
    schema_version_ =
        cfg.is_null("schema.version") ? std::nullopt : std::optional<std::int32_t>(cfg.get_int("schema.version"));
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);
    if (!schema_name_ && !schema_version_) {
        throw config_error("Neither schema name nor version configured");
    }
}

bool set_schema_metadata::apply(connect_record& record) {
    schema_ptr& schema = operating_schema(record, part_);
    value& operating = operating_value(record, part_);
    if (operating.is_null() && !schema) {
        return true;
    }
    require_schema(schema, "updating schema metadata");
    schema_builder builder = schema_builder::copy_of(*schema);
    if (schema_name_) {
        builder.name(*schema_name_);
    }
    if (schema_version_) {
        builder.version(*schema_version_);
    }
    schema_ptr updated = builder.build();
    log::trace("Applying SetSchemaMetadata SMT. Original schema: {}, updated schema: {}", schema->to_string(),
               updated->to_string());
    operating = update_schema_in(operating, updated);
    schema = std::move(updated);
    return true;
}

value set_schema_metadata::update_schema_in(const value& key_or_value, const schema_ptr& updated_schema) const {
    if (!key_or_value.is_struct()) {
        return key_or_value;
    }
    const struct_value& original = key_or_value.as_struct();
    struct_value updated(updated_schema);
    for (const field& f : updated_schema->fields()) {
        put_unless_null(updated, f.name, read_field(original, f.name, replace_null_with_default_));
    }
    return updated;
}

}  // namespace copycat::transforms
