#include <catch2/catch.hpp>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

namespace {

schema_ptr user_schema() {
    return schema_builder::struct_()
        .name("com.acme.User")
        .field("id", schema::int64())
        .field("email", schema::optional_string())
        .field("active", schema_builder::boolean().default_value(true).build())
        .field("tags", schema_builder::array(schema::string()).optional().build())
        .build();
}

}  // namespace

TEST_CASE("struct_value: put and get") {
    struct_value user(user_schema());
    user.put("id", std::int64_t{42}).put("email", "a@b.c");
    CHECK(user.get("id").as_int64() == 42);
    CHECK(user.get("email").as_string() == "a@b.c");
    CHECK(user.get("tags").is_null());
    CHECK(user.get(user.schema()->fields()[0]).as_int64() == 42);

    user.put("email", value());  // optional: null is fine
    CHECK(user.get("email").is_null());
    user.put("tags", value_array{"x", "y"});
    CHECK(user.get("tags").as_array().size() == 2);
}

TEST_CASE("struct_value: get falls back to the field default") {
    struct_value user(user_schema());
    CHECK(user.get("active").as_bool() == true);
    CHECK(user.get_without_default("active").is_null());
    CHECK(user.get_without_default(user_schema()->get_field("active")).is_null());
    user.put("active", false);
    CHECK(user.get("active").as_bool() == false);
    CHECK(user.get_without_default("active").as_bool() == false);
}

TEST_CASE("struct_value: put validates and names the field") {
    struct_value user(user_schema());
    CHECK_THROWS_AS(user.put("id", 42), data_error);  // int32 is not INT64
    CHECK_THROWS_WITH(user.put("id", "x"), Catch::Contains("\"id\""));
    CHECK_THROWS_WITH(user.put("id", value()), Catch::Contains("null used for required field: \"id\""));
    CHECK_THROWS_WITH(user.put("tags", value_array{1}), Catch::Contains("\"tags\""));
    CHECK_THROWS_WITH(user.put("nope", 1), "nope is not a valid field name");
    CHECK_THROWS_AS(user.get("nope"), data_error);
    CHECK(user.get("id").is_null());  // the failed puts changed nothing
}

TEST_CASE("struct_value: validate reports missing required fields") {
    struct_value user(user_schema());
    CHECK_THROWS_WITH(user.validate(), Catch::Contains("\"id\""));
    user.put("id", std::int64_t{1});
    CHECK_NOTHROW(user.validate());  // email/tags optional, active has a default
}

TEST_CASE("struct_value: needs a struct schema") {
    CHECK_THROWS_AS(struct_value(schema::int32()), data_error);
    CHECK_THROWS_AS(struct_value(nullptr), data_error);
}

TEST_CASE("struct_value: fields from an equal schema are accepted, foreign ones are not") {
    struct_value user(user_schema());
    const auto other = user_schema();  // equal, distinct object
    user.put(other->fields()[0], std::int64_t{7});
    CHECK(user.get(other->fields()[0]).as_int64() == 7);

    const auto foreign = schema_builder::struct_().field("x", schema::int64()).build();
    CHECK_THROWS_AS(user.put(foreign->fields()[0], std::int64_t{1}), data_error);
}

TEST_CASE("struct_value: equality and copies") {
    struct_value a(user_schema());
    a.put("id", std::int64_t{1});
    struct_value b(user_schema());
    b.put("id", std::int64_t{1});
    CHECK(a == b);
    b.put("email", "x");
    CHECK_FALSE(a == b);

    struct_value c = a;  // deep copy
    c.put("id", std::int64_t{2});
    CHECK(a.get("id").as_int64() == 1);

    const auto renamed = schema_builder::copy_of(*user_schema()).name("com.acme.Other").build();
    struct_value d(renamed);
    d.put("id", std::int64_t{1});
    CHECK_FALSE(a == d);
}

TEST_CASE("struct_value: nested structs") {
    const auto address = schema_builder::struct_().field("city", schema::string()).build();
    const auto person = schema_builder::struct_().field("name", schema::string()).field("address", address).build();
    struct_value addr(address);
    addr.put("city", "Oslo");
    struct_value p(person);
    p.put("name", "Ada").put("address", addr);
    CHECK(p.get("address").as_struct().get("city").as_string() == "Oslo");
    CHECK(p.to_string() == "Struct{name=Ada,address=Struct{city=Oslo}}");

    // A struct with a different schema is rejected.
    const auto other = schema_builder::struct_().field("town", schema::string()).build();
    struct_value wrong(other);
    wrong.put("town", "Oslo");
    CHECK_THROWS_WITH(p.put("address", wrong), Catch::Contains("Struct schemas do not match"));

    // An incomplete nested struct is rejected on put.
    CHECK_THROWS_WITH(p.put("address", struct_value(address)), Catch::Contains("\"city\""));
}
