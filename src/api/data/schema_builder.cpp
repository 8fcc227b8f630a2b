#include "copycat/data/schema_builder.hpp"

#include <memory>

#include "copycat/data/validate_value.hpp"
#include "copycat/errors.hpp"

namespace copycat {
namespace {

// Kafka's SchemaBuilder.checkCanSet: an attribute may be set again only to the same value.
// Builders made by copy_of/copy_basics may override what they copied.
template <class T, class U>
void check_can_set(bool overridable, const char* attribute, const T& current, const U& next) {
    if (!overridable && current.has_value() && *current != next) {
        throw schema_builder_error(std::string("Invalid SchemaBuilder call: ") + attribute + " has already been set.");
    }
}

}  // namespace

schema_builder::schema_builder(schema_type type) { built_.type_ = type; }

schema_builder schema_builder::array(schema_ptr element_schema) {
    if (!element_schema) {
        throw schema_builder_error("valueSchema cannot be null.");
    }
    schema_builder b(schema_type::array);
    b.built_.value_schema_ = std::move(element_schema);
    return b;
}

schema_builder schema_builder::map(schema_ptr key_schema, schema_ptr value_schema) {
    if (!key_schema) {
        throw schema_builder_error("keySchema cannot be null.");
    }
    if (!value_schema) {
        throw schema_builder_error("valueSchema cannot be null.");
    }
    schema_builder b(schema_type::map);
    b.built_.key_schema_ = std::move(key_schema);
    b.built_.value_schema_ = std::move(value_schema);
    return b;
}

schema_builder schema_builder::copy_of(const schema& source) {
    schema_builder b(source.type());
    b.built_ = source;
    b.overridable_ = true;
    return b;
}

schema_builder schema_builder::copy_basics(const schema& source) {
    schema_builder b(source.type());
    b.built_.name_ = source.name_;
    b.built_.version_ = source.version_;
    b.built_.doc_ = source.doc_;
    b.parameters(source.parameters_);
    b.built_.key_schema_ = source.key_schema_;
    b.built_.value_schema_ = source.value_schema_;
    b.overridable_ = true;
    return b;
}

schema_builder& schema_builder::optional() {
    check_can_set(overridable_, "optional", optional_set_ ? std::optional<bool>(built_.optional_) : std::nullopt, true);
    built_.optional_ = true;
    optional_set_ = true;
    return *this;
}

schema_builder& schema_builder::required() {
    check_can_set(overridable_, "optional", optional_set_ ? std::optional<bool>(built_.optional_) : std::nullopt,
                  false);
    built_.optional_ = false;
    optional_set_ = true;
    return *this;
}

schema_builder& schema_builder::default_value(value v) {
    if (!overridable_ && !built_.default_.is_null() && !(built_.default_ == v)) {
        throw schema_builder_error("Invalid SchemaBuilder call: default has already been set.");
    }
    try {
        validate_value(built_, v);
    } catch (const data_error& e) {
        throw schema_builder_error(std::string("Invalid default value: ") + e.what());
    }
    built_.default_ = std::move(v);
    return *this;
}

schema_builder& schema_builder::name(std::string schema_name) {
    check_can_set(overridable_, "name", built_.name_, schema_name);
    built_.name_ = std::move(schema_name);
    return *this;
}

schema_builder& schema_builder::version(std::int32_t schema_version) {
    check_can_set(overridable_, "version", built_.version_, schema_version);
    built_.version_ = schema_version;
    return *this;
}

schema_builder& schema_builder::doc(std::string schema_doc) {
    check_can_set(overridable_, "doc", built_.doc_, schema_doc);
    built_.doc_ = std::move(schema_doc);
    return *this;
}

schema_builder& schema_builder::parameter(std::string key, std::string val) {
    built_.parameters_.put(std::move(key), std::move(val));
    built_.has_parameters_ = true;
    return *this;
}

schema_builder& schema_builder::parameters(const schema_parameters& params) {
    if (params.empty()) {
        return *this;
    }
    built_.parameters_.put_all(params);
    built_.has_parameters_ = true;
    return *this;
}

schema_builder& schema_builder::replace_parameters(std::optional<schema_parameters> params) {
    built_.has_parameters_ = params.has_value();
    built_.parameters_ = params ? std::move(*params) : schema_parameters();
    return *this;
}

schema_builder& schema_builder::field(std::string field_name, schema_ptr field_schema) {
    if (built_.type_ != schema_type::struct_) {
        throw schema_builder_error("Cannot create fields on type " + std::string(schema_type_name(built_.type_)));
    }
    if (field_name.empty()) {
        throw schema_builder_error("fieldName cannot be null.");
    }
    if (!field_schema) {
        throw schema_builder_error("fieldSchema for field " + field_name + " cannot be null.");
    }
    for (const auto& existing : built_.fields_) {
        if (existing.name == field_name) {
            throw schema_builder_error("Cannot create field because of field name duplication " + field_name);
        }
    }
    const std::size_t index = built_.fields_.size();
    built_.fields_.push_back(copycat::field{std::move(field_name), index, std::move(field_schema)});
    return *this;
}

schema_ptr schema_builder::build() const { return std::make_shared<const schema>(built_); }

}  // namespace copycat
