#include "copycat/data/schema.hpp"

#include <functional>

#include "copycat/data/schema_builder.hpp"
#include "copycat/errors.hpp"

namespace copycat {
namespace {

void combine(std::size_t& seed, std::size_t h) noexcept {
    seed ^= h + 0x9e3779b97f4a7c15ULL + (seed << 6U) + (seed >> 2U);
}

schema_ptr make_primitive(schema_type type, bool optional) {
    schema_builder b(type);
    if (optional) {
        b.optional();
    }
    return b.build();
}

}  // namespace

bool operator==(const field& a, const field& b) noexcept {
    return a.name == b.name && a.index == b.index && schemas_equal(a.schema, b.schema);
}

bool schemas_equal(const schema_ptr& a, const schema_ptr& b) noexcept {
    if (a == b) {
        return true;
    }
    return a && b && *a == *b;
}

const schema_ptr& schema::key_schema() const {
    if (type_ != schema_type::map) {
        throw data_error("Cannot look up key schema on non-map type");
    }
    return key_schema_;
}

const schema_ptr& schema::value_schema() const {
    if (type_ != schema_type::map && type_ != schema_type::array) {
        throw data_error("Cannot look up value schema on non-array and non-map type");
    }
    return value_schema_;
}

const std::vector<field>& schema::fields() const {
    if (type_ != schema_type::struct_) {
        throw data_error("Cannot list fields on non-struct type");
    }
    return fields_;
}

const field* schema::find_field(std::string_view field_name) const {
    if (type_ != schema_type::struct_) {
        throw data_error("Cannot look up fields on non-struct type");
    }
    for (const auto& f : fields_) {
        if (f.name == field_name) {
            return &f;
        }
    }
    return nullptr;
}

const field& schema::get_field(std::string_view field_name) const {
    const field* f = find_field(field_name);
    if (f == nullptr) {
        throw data_error(std::string(field_name) + " is not a valid field name");
    }
    return *f;
}

std::string schema::to_string() const {
    std::string type_name(schema_type_name(type_));
    return name_ ? "Schema{" + *name_ + ":" + type_name + "}" : "Schema{" + type_name + "}";
}

bool operator==(const schema& a, const schema& b) noexcept {
    if (&a == &b) {
        return true;
    }
    return a.type_ == b.type_ && a.optional_ == b.optional_ && a.name_ == b.name_ && a.version_ == b.version_ &&
           a.doc_ == b.doc_ && a.has_parameters_ == b.has_parameters_ && a.parameters_ == b.parameters_ &&
           a.default_ == b.default_ && schemas_equal(a.key_schema_, b.key_schema_) &&
           schemas_equal(a.value_schema_, b.value_schema_) && a.fields_ == b.fields_;
}

std::size_t schema::hash() const noexcept {
    std::size_t seed = static_cast<std::size_t>(type_);
    combine(seed, optional_ ? 1 : 0);
    combine(seed, name_ ? std::hash<std::string>{}(*name_) : 0);
    combine(seed, version_ ? std::hash<std::int32_t>{}(*version_) : 0);
    combine(seed, has_parameters_ ? parameters_.hash() + 1 : 0);
    combine(seed, key_schema_ ? key_schema_->hash() : 0);
    combine(seed, value_schema_ ? value_schema_->hash() : 0);
    for (const auto& f : fields_) {
        combine(seed, std::hash<std::string>{}(f.name));
        combine(seed, f.schema ? f.schema->hash() : 0);
    }
    return seed;
}

#define COPYCAT_PREDEFINED_SCHEMA(fn, type, optional)               \
    const schema_ptr& schema::fn() {                                \
        static const schema_ptr s = make_primitive(type, optional); \
        return s;                                                   \
    }

COPYCAT_PREDEFINED_SCHEMA(int8, schema_type::int8, false)
COPYCAT_PREDEFINED_SCHEMA(int16, schema_type::int16, false)
COPYCAT_PREDEFINED_SCHEMA(int32, schema_type::int32, false)
COPYCAT_PREDEFINED_SCHEMA(int64, schema_type::int64, false)
COPYCAT_PREDEFINED_SCHEMA(float32, schema_type::float32, false)
COPYCAT_PREDEFINED_SCHEMA(float64, schema_type::float64, false)
COPYCAT_PREDEFINED_SCHEMA(boolean, schema_type::boolean, false)
COPYCAT_PREDEFINED_SCHEMA(string, schema_type::string, false)
COPYCAT_PREDEFINED_SCHEMA(bytes, schema_type::bytes, false)
COPYCAT_PREDEFINED_SCHEMA(optional_int8, schema_type::int8, true)
COPYCAT_PREDEFINED_SCHEMA(optional_int16, schema_type::int16, true)
COPYCAT_PREDEFINED_SCHEMA(optional_int32, schema_type::int32, true)
COPYCAT_PREDEFINED_SCHEMA(optional_int64, schema_type::int64, true)
COPYCAT_PREDEFINED_SCHEMA(optional_float32, schema_type::float32, true)
COPYCAT_PREDEFINED_SCHEMA(optional_float64, schema_type::float64, true)
COPYCAT_PREDEFINED_SCHEMA(optional_boolean, schema_type::boolean, true)
COPYCAT_PREDEFINED_SCHEMA(optional_string, schema_type::string, true)
COPYCAT_PREDEFINED_SCHEMA(optional_bytes, schema_type::bytes, true)

#undef COPYCAT_PREDEFINED_SCHEMA

const schema_ptr& schema::of(schema_type type, bool optional) {
    switch (type) {
        case schema_type::int8:
            return optional ? optional_int8() : int8();
        case schema_type::int16:
            return optional ? optional_int16() : int16();
        case schema_type::int32:
            return optional ? optional_int32() : int32();
        case schema_type::int64:
            return optional ? optional_int64() : int64();
        case schema_type::float32:
            return optional ? optional_float32() : float32();
        case schema_type::float64:
            return optional ? optional_float64() : float64();
        case schema_type::boolean:
            return optional ? optional_boolean() : boolean();
        case schema_type::string:
            return optional ? optional_string() : string();
        case schema_type::bytes:
            return optional ? optional_bytes() : bytes();
        case schema_type::array:
        case schema_type::map:
        case schema_type::struct_:
            break;
    }
    throw data_error("No predefined schema for type " + std::string(schema_type_name(type)));
}

}  // namespace copycat
