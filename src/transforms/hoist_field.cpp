#include "transforms/hoist_field.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"

namespace copycat::transforms {

const config_def& hoist_field::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("field", config_type::string, no_default, importance::medium,
                 "Field name for the single field that will be created in the resulting Struct or Map.");
        return d;
    }();
    return def;
}

void hoist_field::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    field_name_ = cfg.get_string("field");
    schema_updates_.clear();
}

bool hoist_field::apply(connect_record& record) {
    schema_ptr& schema = operating_schema(record, part_);
    value& operating = operating_value(record, part_);
    if (!schema) {
        operating = value_map{{value(field_name_), std::move(operating)}};
        return true;
    }
    const schema_ptr updated_schema = schema_updates_.get_or_build(
        schema, [this](const schema_ptr& s) { return schema_builder::struct_().field(field_name_, s).build(); });
    struct_value updated(updated_schema);
    updated.put(field_name_, std::move(operating));
    schema = updated_schema;
    operating = std::move(updated);
    return true;
}

}  // namespace copycat::transforms
