// A structured record value with a STRUCT schema (Kafka: Struct).
//
//   struct_value user(user_schema);
//   user.put("id", std::int64_t{42}).put("email", "a@b.c");
//   user.validate();                      // throws data_error when a required field is unset
//   std::int64_t id = user.get("id").as_int64();
//
// put() validates each value against its field schema and throws data_error naming the field.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "copycat/data/schema.hpp"
#include "copycat/data/value.hpp"

namespace copycat {

class struct_value {
public:
    /// An empty struct of `struct_schema`. Throws data_error if it is null or not a STRUCT.
    explicit struct_value(schema_ptr struct_schema);

    const schema_ptr& schema() const noexcept { return schema_; }

    /// Sets a field; throws data_error when the name is unknown or the value does not match the
    /// field's schema. Returns *this for chaining.
    struct_value& put(std::string_view field_name, value v);
    struct_value& put(const struct field& f, value v);

    /// The field's value, or the field schema's default when unset (null when there is none).
    /// Throws data_error for an unknown field name.
    const value& get(std::string_view field_name) const;
    const value& get(const struct field& f) const;

    /// The field's value as stored, without falling back to the default (null when unset).
    const value& get_without_default(std::string_view field_name) const;
    const value& get_without_default(const struct field& f) const;

    /// Checks that every required field without a default is set and that every value matches
    /// its schema; throws data_error otherwise.
    void validate() const;

    /// Kafka's Struct.toString: "Struct{a=1,b=x}" (unset fields are left out).
    std::string to_string() const;

    /// Structurally equal schemas and equal field values.
    friend bool operator==(const struct_value& a, const struct_value& b) noexcept;

private:
    const struct field& lookup(std::string_view field_name) const;
    const struct field& check_field(const struct field& f) const;

    schema_ptr schema_;
    std::vector<value> values_;
};

}  // namespace copycat
