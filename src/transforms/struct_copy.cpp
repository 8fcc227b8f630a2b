#include "transforms/struct_copy.hpp"

namespace copycat::transforms {

schema_builder& copy_schema_basics(const schema& source, schema_builder& target) {
    if (source.name()) {
        target.name(*source.name());
    }
    if (source.version()) {
        target.version(*source.version());
    }
    if (source.doc()) {
        target.doc(*source.doc());
    }
    target.parameters(source.parameters());
    return target;
}

const value& read_field(const struct_value& s, std::string_view field_name, bool replace_null_with_default) {
    return replace_null_with_default ? s.get(field_name) : s.get_without_default(field_name);
}

void put_unless_null(struct_value& s, std::string_view field_name, value v) {
    if (!v.is_null()) {
        s.put(field_name, std::move(v));
    }
}

}  // namespace copycat::transforms
