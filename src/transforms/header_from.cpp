#include "transforms/header_from.hpp"

#include <algorithm>

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/valid_string.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "transforms/map_entries.hpp"
#include "transforms/non_empty_list.hpp"
#include "transforms/requirements.hpp"
#include "transforms/struct_copy.hpp"

namespace copycat::transforms {

const config_def& header_from::definition() {
    static const config_def def = [] {
        config_def d;
        d.define("fields", config_type::list, no_default, non_empty_list(), importance::high,
                 "Field names in the record whose values are to be copied or moved to headers.")
            .define("headers", config_type::list, no_default, non_empty_list(), importance::high,
                    "Header names, in the same order as the field names listed in the fields configuration property.")
            .define("operation", config_type::string, no_default, valid_string::in({"move", "copy"}), importance::high,
                    "Either <code>move</code> if the fields are to be moved to the headers (removed from the "
                    "key/value), or <code>copy</code> if the fields are to be copied to the headers (retained in the "
                    "key/value).")
            .define(std::string(replace_null_with_default_config), config_type::boolean, true, importance::medium,
                    std::string(replace_null_with_default_doc));
        return d;
    }();
    return def;
}

void header_from::configure(const std::map<std::string, std::string>& configs) {
    const abstract_config cfg(definition(), configs);
    fields_ = cfg.get_list("fields");
    headers_ = cfg.get_list("headers");
    if (fields_.size() != headers_.size()) {
        throw config_error("'fields' config must have the same number of elements as 'headers' config.");
    }
    move_ = cfg.get_string("operation") == "move";
    replace_null_with_default_ = cfg.get_bool(replace_null_with_default_config);
    move_schemas_.clear();
}

bool header_from::is_moved(const std::string& field_name) const {
    return std::find(fields_.begin(), fields_.end(), field_name) != fields_.end();
}

bool header_from::apply(connect_record& record) {
    if (!operating_schema(record, part_)) {
        apply_schemaless(record);
    } else {
        apply_with_schema(record);
    }
    return true;
}

void header_from::apply_with_schema(connect_record& record) {
    schema_ptr& schema = operating_schema(record, part_);
    value& operating = operating_value(record, part_);
    const value original_value = operating;  // keeps the struct alive while the record changes
    const struct_value& original = require_struct(original_value, move_ ? "header move" : "header copy");
    const schema_ptr original_schema = schema;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
        const field* f = original_schema->find_field(fields_[i]);
        if (f == nullptr) {
            throw data_error("Field does not exist: " + fields_[i]);
        }
        const field* in_value = original.schema()->find_field(fields_[i]);
        value field_value =
            in_value != nullptr ? read_field(original, fields_[i], replace_null_with_default_) : value();
        record.hdrs.add(headers_[i], std::move(field_value), f->schema);
    }
    if (!move_) {
        return;
    }
    const schema_ptr moved_schema = move_schemas_.get_or_build(original_schema, [this](const schema_ptr& s) {
        schema_builder builder = schema_builder::struct_();
        copy_schema_basics(*s, builder);
        for (const field& f : s->fields()) {
            if (!is_moved(f.name)) {
                builder.field(f.name, f.schema);
            }
        }
        return builder.build();
    });
    struct_value updated(moved_schema);
    for (const field& f : moved_schema->fields()) {
        put_unless_null(updated, f.name, read_field(original, f.name, replace_null_with_default_));
    }
    schema = moved_schema;
    operating = std::move(updated);
}

void header_from::apply_schemaless(connect_record& record) {
    value& operating = operating_value(record, part_);
    const value_map& original = require_map(operating, move_ ? "header move" : "header copy");
    value_map updated = original;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
        value field_value = map_get(original, fields_[i]);
        if (move_) {
            map_remove(updated, fields_[i]);
        }
        record.hdrs.add(headers_[i], std::move(field_value), nullptr);
    }
    operating = std::move(updated);
}

}  // namespace copycat::transforms
