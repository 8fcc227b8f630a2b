#include <catch2/catch.hpp>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

TEST_CASE("schema_builder: primitives with metadata") {
    const auto s = schema_builder::int64()
                       .name("com.acme.Count")
                       .version(3)
                       .doc("a counter")
                       .parameter("unit", "items")
                       .parameters({{"a", "1"}, {"b", "2"}})
                       .optional()
                       .default_value(std::int64_t{5})
                       .build();
    CHECK(s->type() == schema_type::int64);
    CHECK(s->is_optional());
    CHECK(s->name() == "com.acme.Count");
    CHECK(s->version() == 3);
    CHECK(s->doc() == "a counter");
    CHECK(s->has_parameters());
    CHECK(s->parameters() == schema_parameters{{"unit", "items"}, {"a", "1"}, {"b", "2"}});
    CHECK(std::vector<schema_parameters::value_type>(s->parameters().begin(), s->parameters().end()) ==
          std::vector<schema_parameters::value_type>{{"unit", "items"}, {"a", "1"}, {"b", "2"}});
    CHECK(s->default_value() == value(std::int64_t{5}));
}

TEST_CASE("schema_builder: every factory sets its type") {
    CHECK(schema_builder::int8().build()->type() == schema_type::int8);
    CHECK(schema_builder::int16().build()->type() == schema_type::int16);
    CHECK(schema_builder::int32().build()->type() == schema_type::int32);
    CHECK(schema_builder::float32().build()->type() == schema_type::float32);
    CHECK(schema_builder::float64().build()->type() == schema_type::float64);
    CHECK(schema_builder::boolean().build()->type() == schema_type::boolean);
    CHECK(schema_builder::string().build()->type() == schema_type::string);
    CHECK(schema_builder::bytes().build()->type() == schema_type::bytes);
    CHECK(schema_builder::struct_().build()->type() == schema_type::struct_);
    CHECK(schema_builder(schema_type::map).type() == schema_type::map);
}

TEST_CASE("schema_builder: the builder stays usable after build") {
    auto b = schema_builder::struct_().field("a", schema::int32());
    const auto first = b.build();
    b.field("b", schema::int32());
    const auto second = b.build();
    CHECK(first->fields().size() == 1);
    CHECK(second->fields().size() == 2);
    CHECK(b.fields().size() == 2);
    CHECK_FALSE(b.is_optional());
}

TEST_CASE("schema_builder: misuse throws schema_builder_error") {
    CHECK_THROWS_WITH(schema_builder::struct_().field("a", schema::int32()).field("a", schema::string()),
                      "Cannot create field because of field name duplication a");
    CHECK_THROWS_WITH(schema_builder::int32().field("a", schema::int32()), "Cannot create fields on type INT32");
    CHECK_THROWS_AS(schema_builder::struct_().field("", schema::int32()), schema_builder_error);
    CHECK_THROWS_AS(schema_builder::struct_().field("a", nullptr), schema_builder_error);
    CHECK_THROWS_AS(schema_builder::array(nullptr), schema_builder_error);
    CHECK_THROWS_AS(schema_builder::map(nullptr, schema::int32()), schema_builder_error);
    CHECK_THROWS_AS(schema_builder::map(schema::int32(), nullptr), schema_builder_error);

    CHECK_THROWS_WITH(schema_builder::int32().name("a").name("b"),
                      "Invalid SchemaBuilder call: name has already been set.");
    CHECK_NOTHROW(schema_builder::int32().name("a").name("a"));
    CHECK_THROWS_AS(schema_builder::int32().version(1).version(2), schema_builder_error);
    CHECK_THROWS_AS(schema_builder::int32().doc("x").doc("y"), schema_builder_error);
    CHECK_THROWS_AS(schema_builder::int32().optional().required(), schema_builder_error);
    CHECK_NOTHROW(schema_builder::int32().optional().optional());
    CHECK_THROWS_AS(schema_builder::int32().default_value(1).default_value(2), schema_builder_error);

    // schema_builder_error is a data_error is a connect_error.
    CHECK_THROWS_AS(schema_builder::int32().field("a", schema::int32()), data_error);
    CHECK_THROWS_AS(schema_builder::int32().field("a", schema::int32()), connect_error);
}

TEST_CASE("schema_builder: default values are validated") {
    CHECK_THROWS_AS(schema_builder::int32().default_value("text"), schema_builder_error);
    CHECK_THROWS_AS(schema_builder::int32().default_value(std::int64_t{1}), schema_builder_error);
    CHECK_THROWS_WITH(schema_builder::string().default_value(1), Catch::StartsWith("Invalid default value"));
    CHECK_THROWS_AS(schema_builder::array(schema::int32()).default_value(value_array{1, "x"}), schema_builder_error);
    CHECK_NOTHROW(schema_builder::array(schema::int32()).default_value(value_array{1, 2}));
    CHECK_NOTHROW(schema_builder::string().optional().default_value(value()));
    // A null default on a required schema is rejected like Kafka does.
    CHECK_THROWS_AS(schema_builder::string().default_value(value()), schema_builder_error);

    auto point = schema_builder::struct_().field("x", schema::int32());
    struct_value origin(point.build());
    origin.put("x", 0);
    CHECK(point.default_value(origin).build()->default_value().as_struct().get("x").as_int32() == 0);
}

TEST_CASE("schema_builder: copy_of and copy_basics") {
    const auto source = schema_builder::struct_()
                            .name("com.acme.S")
                            .version(1)
                            .doc("d")
                            .parameter("k", "v")
                            .optional()
                            .field("a", schema::int32())
                            .build();
    const auto copy = schema_builder::copy_of(*source).build();
    CHECK(*copy == *source);

    // Copies may override what they copied (SetSchemaMetadata-style).
    const auto renamed = schema_builder::copy_of(*source).name("com.acme.T").version(2).required().build();
    CHECK(renamed->name() == "com.acme.T");
    CHECK(renamed->version() == 2);
    CHECK_FALSE(renamed->is_optional());
    CHECK(renamed->fields().size() == 1);

    const auto basics = schema_builder::copy_basics(*source).field("b", schema::string()).build();
    CHECK(basics->name() == "com.acme.S");
    CHECK(basics->doc() == "d");
    CHECK(basics->parameters().at("k") == "v");
    CHECK_FALSE(basics->is_optional());
    REQUIRE(basics->fields().size() == 1);
    CHECK(basics->fields()[0].name == "b");

    const auto arr = schema_builder::copy_basics(*schema_builder::array(schema::int8()).build()).build();
    CHECK(schemas_equal(arr->value_schema(), schema::int8()));
}

namespace {

std::vector<std::pair<std::string, std::string>> entries(const schema& s) {
    return {s.parameters().begin(), s.parameters().end()};
}

}  // namespace

TEST_CASE("schema_builder: parameters keep their insertion order") {
    // Debezium-style Decimal: "scale" first (Decimal.builder), then its own precision.
    const auto dec = schema_builder::bytes()
                         .name("org.apache.kafka.connect.data.Decimal")
                         .parameter("scale", "2")
                         .version(1)
                         .parameter("connect.decimal.precision", "10")
                         .build();
    CHECK(entries(*dec) ==
          std::vector<std::pair<std::string, std::string>>{{"scale", "2"}, {"connect.decimal.precision", "10"}});

    // Keys that sort the other way round stay in insertion order.
    const auto zyx = schema_builder::string().parameter("z", "1").parameter("y", "2").parameter("x", "3").build();
    CHECK(entries(*zyx) == std::vector<std::pair<std::string, std::string>>{{"z", "1"}, {"y", "2"}, {"x", "3"}});

    // Setting a key again replaces its value where it is (LinkedHashMap.put).
    const auto again = schema_builder::string().parameter("a", "1").parameter("b", "2").parameter("a", "3").build();
    CHECK(entries(*again) == std::vector<std::pair<std::string, std::string>>{{"a", "3"}, {"b", "2"}});

    // parameters() adds in the order of its argument, after what is already there.
    const auto added =
        schema_builder::string().parameter("m", "0").parameters({{"k", "1"}, {"m", "2"}, {"c", "3"}}).build();
    CHECK(entries(*added) == std::vector<std::pair<std::string, std::string>>{{"m", "2"}, {"k", "1"}, {"c", "3"}});
}

TEST_CASE("schema_builder: no parameters differs from an empty parameter map") {
    const auto none = schema_builder::string().build();
    CHECK_FALSE(none->has_parameters());
    CHECK(none->parameters().empty());

    // Like Kafka's SchemaBuilder.parameters, an empty map adds nothing.
    const auto still_none = schema_builder::string().parameters(schema_parameters{}).build();
    CHECK_FALSE(still_none->has_parameters());
    CHECK(*still_none == *none);

    const auto empty = schema_builder::string().replace_parameters(schema_parameters{}).build();
    CHECK(empty->has_parameters());
    CHECK(empty->parameters().empty());
    CHECK_FALSE(*empty == *none);
    CHECK_FALSE(schemas_equal(empty, none));

    // replace_parameters drops what was set before.
    const auto replaced =
        schema_builder::string().parameter("a", "1").replace_parameters(schema_parameters{{"b", "2"}}).build();
    CHECK(entries(*replaced) == std::vector<std::pair<std::string, std::string>>{{"b", "2"}});
    const auto cleared = schema_builder::string().parameter("a", "1").replace_parameters(std::nullopt).build();
    CHECK_FALSE(cleared->has_parameters());
    CHECK(*cleared == *none);

    // copy_of keeps an empty map; copy_basics, like Kafka's SchemaUtil.copySchemaBasics, does not.
    CHECK(schema_builder::copy_of(*empty).build()->has_parameters());
    CHECK(*schema_builder::copy_of(*empty).build() == *empty);
    CHECK_FALSE(schema_builder::copy_basics(*empty).build()->has_parameters());
    CHECK_FALSE(schema_builder::copy_of(*none).build()->has_parameters());

    // Copies keep the order.
    const auto ordered = schema_builder::int32().parameter("z", "1").parameter("a", "2").build();
    CHECK(entries(*schema_builder::copy_of(*ordered).build()) == entries(*ordered));
    CHECK(entries(*schema_builder::copy_basics(*ordered).build()) == entries(*ordered));
}
