#include "transforms/extract_field.hpp"

#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {
namespace {

constexpr std::string_view purpose = "field extraction";

}  // namespace

const config_def& extract_field::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("field", config_type::string, no_default, importance::medium, "Field name to extract.")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return append_field_syntax_version(d);
    }();
    return def;
}

void extract_field::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    original_path_ = cfg.get_string("field");
    path_.emplace(original_path_, field_syntax_version_from(cfg));
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);
}

bool extract_field::apply(connect_record& record) {
    schema_ptr& schema = operating_schema(record, part_);
    value& operating = operating_value(record, part_);
    if (!schema) {
        const value_map* map = require_map_or_null(operating, purpose);
        operating = map == nullptr ? value() : path_->value_from(*map);
        return true;
    }
    const struct_value* original = require_struct_or_null(operating, purpose);
    const field* f = path_->field_from(schema);
    if (f == nullptr) {
        throw data_error("Unknown field: " + original_path_);
    }
    value extracted = original == nullptr ? value() : path_->value_from(*original, replace_null_with_default_);
    schema = f->schema;
    operating = std::move(extracted);
    return true;
}

}  // namespace copycat::transforms
