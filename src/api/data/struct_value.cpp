#include "copycat/data/struct_value.hpp"

#include "copycat/data/validate_value.hpp"
#include "copycat/errors.hpp"
#include "api/data/value_text.hpp"

namespace copycat {

struct_value::struct_value(schema_ptr struct_schema) : schema_(std::move(struct_schema)) {
    if (!schema_ || schema_->type() != schema_type::struct_) {
        throw data_error("Not a struct schema: " + (schema_ ? schema_->to_string() : std::string("null")));
    }
    values_.resize(schema_->fields().size());
}

const field& struct_value::lookup(std::string_view field_name) const {
    const field* f = schema_->find_field(field_name);
    if (f == nullptr) {
        throw data_error(std::string(field_name) + " is not a valid field name");
    }
    return *f;
}

// A field object may come from another (equal) schema: check it names our field at its index.
const field& struct_value::check_field(const field& f) const {
    const auto& fields = schema_->fields();
    if (f.index >= fields.size() || !(fields[f.index] == f)) {
        throw data_error("Field " + f.name + " is not part of this struct's schema");
    }
    return fields[f.index];
}

struct_value& struct_value::put(std::string_view field_name, value v) { return put(lookup(field_name), std::move(v)); }

struct_value& struct_value::put(const field& f, value v) {
    const field& own = check_field(f);
    validate_value(own.name, *own.schema, v);
    values_[own.index] = std::move(v);
    return *this;
}

const value& struct_value::get(std::string_view field_name) const { return get(lookup(field_name)); }

const value& struct_value::get(const field& f) const {
    const field& own = check_field(f);
    const value& v = values_[own.index];
    return v.is_null() ? own.schema->default_value() : v;
}

const value& struct_value::get_without_default(std::string_view field_name) const {
    return values_[lookup(field_name).index];
}

const value& struct_value::get_without_default(const field& f) const { return values_[check_field(f).index]; }

void struct_value::validate() const {
    for (const auto& f : schema_->fields()) {
        const value& v = values_[f.index];
        if (v.is_null() && (f.schema->is_optional() || !f.schema->default_value().is_null())) {
            continue;
        }
        validate_value(f.name, *f.schema, v);
    }
}

std::string struct_value::to_string() const {
    std::string out = "Struct{";
    bool first = true;
    for (const auto& f : schema_->fields()) {
        const value& v = values_[f.index];
        if (v.is_null()) {
            continue;
        }
        out += (first ? "" : ",") + f.name + "=" + detail::value_to_text(v, false);
        first = false;
    }
    return out + "}";
}

bool operator==(const struct_value& a, const struct_value& b) noexcept {
    return schemas_equal(a.schema_, b.schema_) && a.values_ == b.values_;
}

}  // namespace copycat
