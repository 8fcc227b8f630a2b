#include <catch2/catch.hpp>

#include <iterator>
#include <stdexcept>
#include <string>
#include <unordered_set>
#include <vector>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/schema.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

TEST_CASE("schema_type: names") {
    CHECK(schema_type_name(schema_type::int8) == "INT8");
    CHECK(schema_type_name(schema_type::float64) == "FLOAT64");
    CHECK(schema_type_name(schema_type::struct_) == "STRUCT");
    CHECK(schema_type_lowercase_name(schema_type::boolean) == "boolean");
    CHECK(schema_type_lowercase_name(schema_type::struct_) == "struct");
    CHECK(parse_schema_type("int32") == schema_type::int32);
    CHECK(parse_schema_type("MAP") == schema_type::map);
    CHECK(parse_schema_type("Struct") == schema_type::struct_);
    CHECK_FALSE(parse_schema_type("int").has_value());
    CHECK_FALSE(parse_schema_type("").has_value());
    CHECK(is_primitive(schema_type::bytes));
    CHECK_FALSE(is_primitive(schema_type::array));
}

TEST_CASE("schema: predefined schemas") {
    CHECK(schema::int8()->type() == schema_type::int8);
    CHECK_FALSE(schema::int8()->is_optional());
    CHECK(schema::optional_string()->type() == schema_type::string);
    CHECK(schema::optional_string()->is_optional());
    CHECK(schema::boolean()->type() == schema_type::boolean);
    CHECK(schema::bytes()->type() == schema_type::bytes);
    CHECK(schema::int32()->default_value().is_null());
    CHECK_FALSE(schema::int32()->name().has_value());
    CHECK_FALSE(schema::int32()->version().has_value());
    CHECK(schema::int32()->parameters().empty());
    CHECK_FALSE(schema::int32()->has_parameters());
    CHECK(schema::int32() == schema::int32());  // same shared instance
    CHECK(schema::of(schema_type::float32) == schema::float32());
    CHECK(schema::of(schema_type::int64, true) == schema::optional_int64());
    CHECK_THROWS_AS(schema::of(schema_type::struct_), data_error);
    CHECK(schema::int16()->to_string() == "Schema{INT16}");
}

TEST_CASE("schema: equality is structural, never by address") {
    const auto a = schema_builder::int32().build();
    REQUIRE(a != schema::int32());  // distinct objects...
    CHECK(*a == *schema::int32());  // ...equal content
    CHECK(schemas_equal(a, schema::int32()));
    CHECK_FALSE(schemas_equal(a, schema::optional_int32()));
    CHECK_FALSE(schemas_equal(a, nullptr));
    CHECK(schemas_equal(nullptr, nullptr));

    auto person = [] {
        return schema_builder::struct_()
            .name("com.acme.Person")
            .version(2)
            .doc("a person")
            .parameter("p", "v")
            .field("name", schema::string())
            .field("tags", schema_builder::array(schema::string()).build())
            .field("attrs", schema_builder::map(schema::string(), schema::optional_int64()).build())
            .build();
    };
    CHECK(*person() == *person());
    CHECK(person()->hash() == person()->hash());
    CHECK(std::hash<schema>{}(*person()) == person()->hash());

    const auto base = *person();
    CHECK_FALSE(*schema_builder::copy_of(base).name("other").build() == base);
    CHECK_FALSE(*schema_builder::copy_of(base).version(3).build() == base);
    CHECK_FALSE(*schema_builder::copy_of(base).doc("x").build() == base);
    CHECK_FALSE(*schema_builder::copy_of(base).parameter("p", "w").build() == base);
    CHECK_FALSE(*schema_builder::copy_of(base).optional().build() == base);
    CHECK_FALSE(*schema_builder::copy_of(base).field("extra", schema::int8()).build() == base);
    CHECK(*schema_builder::copy_of(base).build() == base);

    CHECK_FALSE(*schema_builder::array(schema::string()).build() == *schema_builder::array(schema::int32()).build());
    CHECK_FALSE(*schema_builder::map(schema::string(), schema::int32()).build() ==
                *schema_builder::map(schema::int32(), schema::int32()).build());
    CHECK_FALSE(*schema_builder::int32().default_value(1).build() == *schema_builder::int32().default_value(2).build());
    CHECK_FALSE(*schema_builder::int32().build() == *schema_builder::int64().build());

    // Field order matters.
    const auto ab = schema_builder::struct_().field("a", schema::int32()).field("b", schema::int32()).build();
    const auto ba = schema_builder::struct_().field("b", schema::int32()).field("a", schema::int32()).build();
    CHECK_FALSE(*ab == *ba);

    std::unordered_set<schema> set;
    set.insert(*person());
    CHECK(set.count(*person()) == 1);
    CHECK(set.count(*ab) == 0);
}

TEST_CASE("schema: accessors check the type") {
    const auto m = schema_builder::map(schema::string(), schema::int64()).build();
    CHECK(schemas_equal(m->key_schema(), schema::string()));
    CHECK(schemas_equal(m->value_schema(), schema::int64()));
    CHECK_THROWS_AS(m->fields(), data_error);
    CHECK_THROWS_AS(m->find_field("a"), data_error);

    const auto a = schema_builder::array(schema::float64()).build();
    CHECK(schemas_equal(a->value_schema(), schema::float64()));
    CHECK_THROWS_AS(a->key_schema(), data_error);

    CHECK_THROWS_AS(schema::int32()->value_schema(), data_error);
    CHECK_THROWS_AS(schema::int32()->key_schema(), data_error);

    const auto s = schema_builder::struct_().name("S").field("x", schema::int32()).field("y", schema::string()).build();
    REQUIRE(s->fields().size() == 2);
    CHECK(s->fields()[1].name == "y");
    CHECK(s->fields()[1].index == 1);
    REQUIRE(s->find_field("y") != nullptr);
    CHECK(s->find_field("y")->index == 1);
    CHECK(s->find_field("z") == nullptr);
    CHECK(s->get_field("x").schema->type() == schema_type::int32);
    CHECK_THROWS_WITH(s->get_field("z"), "z is not a valid field name");
    CHECK(s->to_string() == "Schema{S:STRUCT}");
    CHECK(s->has_name("S"));
    CHECK_FALSE(s->has_name("T"));
}

TEST_CASE("schema: logical schemas compare structurally too") {
    CHECK(*decimal_schema(2) == *decimal_schema(2));
    CHECK_FALSE(*decimal_schema(2) == *decimal_schema(3));
    CHECK(*date_schema() == *date_schema());
    CHECK_FALSE(*date_schema() == *time_schema());
}

TEST_CASE("schema_parameters: an insertion-ordered map") {
    schema_parameters p;
    CHECK(p.empty());
    CHECK(p.size() == 0);
    CHECK(p.find("a") == p.end());
    CHECK_FALSE(p.contains("a"));
    CHECK_THROWS_AS(p.at("a"), std::out_of_range);

    p.put("scale", "2");
    p.put("connect.decimal.precision", "10");
    p.put("b", "x");
    CHECK(p.size() == 3);
    CHECK(p.contains("scale"));
    CHECK(p.at("connect.decimal.precision") == "10");
    REQUIRE(p.find("b") != p.end());
    CHECK(p.find("b")->second == "x");
    std::vector<std::string> keys;
    for (const auto& [k, v] : p) {
        keys.push_back(k);
    }
    CHECK(keys == std::vector<std::string>{"scale", "connect.decimal.precision", "b"});

    p.put("scale", "3");  // replaced in place
    CHECK(p.begin()->first == "scale");
    CHECK(p.begin()->second == "3");
    CHECK(p.size() == 3);

    CHECK(p.erase("connect.decimal.precision"));
    CHECK_FALSE(p.erase("connect.decimal.precision"));
    CHECK(p == schema_parameters{{"scale", "3"}, {"b", "x"}});
    CHECK(std::next(p.begin())->first == "b");

    // A repeated key in the initializer keeps its first position and its last value.
    const schema_parameters repeated{{"a", "1"}, {"b", "2"}, {"a", "3"}};
    CHECK(repeated.size() == 2);
    CHECK(repeated.begin()->first == "a");
    CHECK(repeated.at("a") == "3");

    schema_parameters q{{"x", "1"}};
    q.put_all(schema_parameters{{"y", "2"}, {"x", "3"}});
    CHECK(q.begin()->second == "3");
    CHECK(std::next(q.begin())->first == "y");
    q.clear();
    CHECK(q.empty());
}

TEST_CASE("schema_parameters: equality and hash ignore the order, like Map.equals") {
    const schema_parameters ab{{"a", "1"}, {"b", "2"}};
    const schema_parameters ba{{"b", "2"}, {"a", "1"}};
    CHECK(ab == ba);
    CHECK(ab.hash() == ba.hash());
    CHECK(std::hash<schema_parameters>{}(ab) == ab.hash());
    CHECK_FALSE(ab == schema_parameters{{"a", "1"}, {"b", "3"}});
    CHECK_FALSE(ab == schema_parameters{{"a", "1"}, {"c", "2"}});
    CHECK_FALSE(ab == schema_parameters{{"a", "1"}});
    CHECK_FALSE(schema_parameters{{"a", "1"}} == ab);
    CHECK(schema_parameters{} == schema_parameters{});
}

TEST_CASE("schema: parameters compare regardless of order, and none differs from empty") {
    const auto ab = schema_builder::bytes().parameter("a", "1").parameter("b", "2").build();
    const auto ba = schema_builder::bytes().parameter("b", "2").parameter("a", "1").build();
    CHECK(*ab == *ba);
    CHECK(ab->hash() == ba->hash());
    CHECK_FALSE(*ab == *schema_builder::bytes().parameter("a", "1").build());

    const auto none = schema_builder::bytes().build();
    const auto empty = schema_builder::bytes().replace_parameters(schema_parameters{}).build();
    CHECK_FALSE(*none == *empty);
    CHECK_FALSE(*empty == *none);
    CHECK(*empty == *schema_builder::bytes().replace_parameters(schema_parameters{}).build());

    std::unordered_set<schema> set{*ab, *ba, *none, *empty};
    CHECK(set.size() == 3);
}
