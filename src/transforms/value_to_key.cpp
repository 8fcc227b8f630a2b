#include "transforms/value_to_key.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/non_empty_list.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view purpose = "copying fields from value to key";

}  // namespace

const config_def& value_to_key::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("fields", config_type::list, no_default, non_empty_list(), importance::high,
                 "Field names on the record value to extract as the record key.")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return d;
    }();
    return def;
}

void value_to_key::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    fields_ = cfg.get_list("fields");
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);
    key_schemas_.clear();
}

bool value_to_key::apply(connect_record& record) {
    if (!record.value_schema) {
        const value_map& original = require_map(record.val, purpose);
        value_map key;
        for (const std::string& name : fields_) {
            map_put(key, name, map_get(original, name));
        }
        record.key_schema = nullptr;
        record.key = std::move(key);
        return true;
    }
    const struct_value& original = require_struct(record.val, purpose);
    const schema_ptr key_schema = key_schemas_.get_or_build(original.schema(), [this](const schema_ptr& s) {
        schema_builder builder = schema_builder::struct_();
        for (const std::string& name : fields_) {
            const field* f = s->find_field(name);
            if (f == nullptr) {
                throw data_error("Field does not exist: " + name);
            }
            builder.field(name, f->schema);
        }
        return builder.build();
    });
    struct_value key(key_schema);
    for (const std::string& name : fields_) {
        put_unless_null(key, name, read_field(original, name, replace_null_with_default_));
    }
    record.key_schema = key_schema;
    record.key = std::move(key);
    return true;
}

}  // namespace copycat::transforms
