#include <catch2/catch.hpp>

#include <cmath>
#include <limits>
#include <type_traits>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/data/value.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

static_assert(std::is_nothrow_move_constructible_v<value>);
static_assert(std::is_nothrow_move_assignable_v<value>);
static_assert(!std::is_constructible_v<value, unsigned>);
static_assert(!std::is_constructible_v<value, std::size_t>);
static_assert(!std::is_constructible_v<value, char>);

TEST_CASE("value: literals select the documented alternative") {
    CHECK(value().is_null());
    CHECK(value(nullptr).is_null());
    CHECK(value(true).kind() == value_kind::boolean);
    CHECK(value(std::int8_t{1}).kind() == value_kind::int8);
    CHECK(value(std::int16_t{1}).kind() == value_kind::int16);
    CHECK(value(42).kind() == value_kind::int32);
    CHECK(value(42L).kind() == value_kind::int64);
    CHECK(value(42LL).kind() == value_kind::int64);
    CHECK(value(std::int64_t{42}).kind() == value_kind::int64);
    CHECK(value(1.5f).kind() == value_kind::float32);
    CHECK(value(1.5).kind() == value_kind::float64);
    CHECK(value("x").kind() == value_kind::string);
    CHECK(value(std::string("x")).kind() == value_kind::string);
    CHECK(value(std::string_view("x")).kind() == value_kind::string);
    CHECK(value(bytes{1, 2}).kind() == value_kind::bytes);
    CHECK(value(value_array{1, 2}).kind() == value_kind::array);
    CHECK(value(value_map{{"a", 1}}).kind() == value_kind::map);
    CHECK(value(decimal(1)).kind() == value_kind::decimal);
    CHECK(value(date(1)).kind() == value_kind::date);
    CHECK(value(time_of_day(1)).kind() == value_kind::time);
    CHECK(value(timestamp(std::int64_t{1})).kind() == value_kind::timestamp);
    CHECK(value(struct_ptr()).is_null());
    CHECK(value(static_cast<const char*>(nullptr)).is_null());
}

TEST_CASE("value: typed accessors return the content or throw data_error") {
    value v = 7;
    CHECK(v.as_int32() == 7);
    CHECK(v.is_integer());
    CHECK(v.to_int64() == 7);
    CHECK(v.to_double() == 7.0);
    CHECK_THROWS_AS(v.as_int64(), data_error);
    CHECK_THROWS_AS(v.as_string(), data_error);
    CHECK_THROWS_WITH(v.as_bool(), Catch::Contains("boolean") && Catch::Contains("int32"));

    value s = "hello";
    CHECK(s.as_string() == "hello");
    s.as_string() += "!";
    CHECK(s.as_string() == "hello!");
    CHECK_THROWS_AS(s.to_int64(), data_error);
    CHECK_THROWS_AS(s.to_double(), data_error);

    value a = value_array{1, "two"};
    a.as_array().push_back(3.0);
    REQUIRE(a.as_array().size() == 3);
    CHECK(a.as_array()[1].as_string() == "two");
    CHECK(a.get_if<value_array>() != nullptr);
    CHECK(a.get_if<value_map>() == nullptr);

    CHECK(value(std::int8_t{-3}).to_int64() == -3);
    CHECK(value(std::int16_t{-300}).to_int64() == -300);
    CHECK(value(1.25f).to_double() == 1.25);
}

TEST_CASE("value: map_get finds the first entry with an equal key") {
    value m = value_map{{"a", 1}, {2, "two"}, {"a", 3}};
    REQUIRE(m.map_get("a") != nullptr);
    CHECK(m.map_get("a")->as_int32() == 1);
    CHECK(m.map_get(2)->as_string() == "two");
    CHECK(m.map_get(2L) == nullptr);  // int64 2 is not int32 2
    CHECK(value(1).map_get(1) == nullptr);
}

TEST_CASE("value: equality is deep and type-sensitive") {
    CHECK(value(1) == value(1));
    CHECK(value(1) != value(1L));
    CHECK(value(1) != value(std::int16_t{1}));
    CHECK(value() == value(nullptr));
    CHECK(value("a") != value(bytes{'a'}));
    CHECK(value(value_array{1, value_array{2, 3}}) == value(value_array{1, value_array{2, 3}}));
    CHECK(value(value_array{1, value_array{2, 3}}) != value(value_array{1, value_array{2, 4}}));
    CHECK(value(value_map{{"k", 1}}) == value(value_map{{"k", 1}}));
    CHECK(value(value_map{{"k", 1}}) != value(value_map{{"k", 2}}));
    CHECK(value(date(3)) != value(3));
    CHECK(value(timestamp(std::int64_t{3})) != value(3L));
    CHECK(value(decimal(10, 1)) == value(decimal(10, 1)));
    CHECK(value(decimal(10, 1)) != value(decimal(100, 2)));
}

TEST_CASE("value: floating equality follows Java's Double.equals") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    CHECK(value(nan) == value(nan));
    CHECK(value(std::numeric_limits<float>::quiet_NaN()) == value(std::numeric_limits<float>::quiet_NaN()));
    CHECK(value(0.0) != value(-0.0));
    CHECK(value(1.5) == value(1.5));
    CHECK(value(1.5f) != value(1.5));
}

TEST_CASE("value: structs are shared, immutable and compared by content") {
    auto s = schema_builder::struct_().field("a", schema::int32()).build();
    struct_value sv(s);
    sv.put("a", 1);
    value v1 = sv;
    value v2 = v1;
    CHECK(v1.as_struct_ptr() == v2.as_struct_ptr());  // copies share

    // An equal struct built separately, with an equal but distinct schema.
    struct_value other(schema_builder::struct_().field("a", schema::int32()).build());
    other.put("a", 1);
    CHECK(v1 == value(other));
    other.put("a", 2);
    CHECK(v1 != value(other));

    // Copy out, change, store back: the original is untouched.
    struct_value changed = v1.as_struct();
    changed.put("a", 5);
    v2 = changed;
    CHECK(v1.as_struct().get("a").as_int32() == 1);
    CHECK(v2.as_struct().get("a").as_int32() == 5);
}

TEST_CASE("value: to_string is readable") {
    CHECK(value().to_string() == "null");
    CHECK(value(true).to_string() == "true");
    CHECK(value(std::int8_t{-5}).to_string() == "-5");
    CHECK(value(42).to_string() == "42");
    CHECK(value(0.1).to_string() == "0.1");
    CHECK(value(2.5f).to_string() == "2.5");
    CHECK(value("text").to_string() == "text");
    CHECK(value(bytes{'h', 'i', '!'}).to_string() == "aGkh");
    CHECK(value(bytes{'h', 'i'}).to_string() == "aGk=");
    CHECK(value(bytes{'h'}).to_string() == "aA==");
    CHECK(value(value_array{1, "a", value()}).to_string() == "[1, \"a\", null]");
    CHECK(value(value_map{{"k", 1}, {"j", value_array{}}}).to_string() == "{\"k\"=1, \"j\"=[]}");
    CHECK(value(decimal::parse("-1.50")).to_string() == "-1.50");
    CHECK(value(date(0)).to_string() == "1970-01-01");
    CHECK(value(date(-1)).to_string() == "1969-12-31");
    CHECK(value(date(19753)).to_string() == "2024-01-31");
    CHECK(value(time_of_day(49'500'250)).to_string() == "13:45:00.250");
    CHECK(value(timestamp(std::int64_t{1'706'708'700'250})).to_string() == "2024-01-31T13:45:00.250Z");
    CHECK(value(timestamp(std::int64_t{-1})).to_string() == "1969-12-31T23:59:59.999Z");

    auto s = schema_builder::struct_().field("a", schema::int32()).field("b", schema::optional_string()).build();
    struct_value sv(s);
    sv.put("a", 1).put("b", "x");
    CHECK(value(sv).to_string() == "Struct{a=1,b=x}");
}

TEST_CASE("value: kind names") {
    CHECK(value_kind_name(value_kind::null) == "null");
    CHECK(value_kind_name(value_kind::struct_) == "struct");
    CHECK(value_kind_name(value_kind::timestamp) == "timestamp");
    CHECK(value_kind_name(value(time_of_day(1)).kind()) == "time");
}

TEST_CASE("value: moves leave cheap copies behind") {
    value big = value_array(1000, value("payload"));
    const auto* data = big.as_array().data();
    value moved = std::move(big);
    CHECK(moved.as_array().data() == data);
}
