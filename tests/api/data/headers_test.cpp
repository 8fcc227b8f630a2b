#include <catch2/catch.hpp>

#include "copycat/data/headers.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

namespace {

std::vector<std::string> keys(const headers& hs) {
    std::vector<std::string> out;
    for (const auto& h : hs) {
        out.push_back(h.key);
    }
    return out;
}

}  // namespace

TEST_CASE("headers: add keeps order and allows duplicates") {
    headers hs;
    CHECK(hs.empty());
    hs.add("a", 1, schema::int32()).add("b", "x").add("a", 2, schema::int32());
    CHECK(hs.size() == 3);
    CHECK(keys(hs) == std::vector<std::string>{"a", "b", "a"});
    CHECK(hs[1].schema == nullptr);  // schemaless
    CHECK(hs[1].val.as_string() == "x");
    CHECK_THROWS_AS(hs[3], std::out_of_range);
}

TEST_CASE("headers: values are validated against their schema") {
    headers hs;
    CHECK_THROWS_AS(hs.add("a", "x", schema::int32()), data_error);
    CHECK_THROWS_AS(hs.add("a", schema_and_value{schema::int32(), value()}), data_error);
    CHECK_NOTHROW(hs.add("a", schema_and_value{schema::optional_int32(), value()}));
    CHECK(hs.size() == 1);
}

TEST_CASE("headers: typed shortcuts use the matching schemas") {
    headers hs;
    hs.add_string("s", "v")
        .add_bool("b", true)
        .add_int8("i8", 1)
        .add_int16("i16", 2)
        .add_int32("i32", 3)
        .add_int64("i64", 4)
        .add_float32("f32", 1.5f)
        .add_float64("f64", 2.5)
        .add_bytes("by", bytes{1})
        .add_decimal("dec", decimal::parse("1.25"))
        .add_date("d", date(1))
        .add_time("t", time_of_day(2))
        .add_timestamp("ts", timestamp(std::int64_t{3}));
    CHECK(hs.size() == 13);
    CHECK(schemas_equal(hs.last_with_name("s")->schema, schema::string()));
    CHECK(hs.last_with_name("i16")->val == value(std::int16_t{2}));
    CHECK(schemas_equal(hs.last_with_name("dec")->schema, decimal_schema(2)));
    CHECK(schemas_equal(hs.last_with_name("ts")->schema, timestamp_schema()));
    CHECK(hs.last_with_name("t")->val == value(time_of_day(2)));
}

TEST_CASE("headers: lookup by name") {
    headers hs;
    hs.add("a", 1).add("b", 2).add("a", 3);
    REQUIRE(hs.last_with_name("a") != nullptr);
    CHECK(hs.last_with_name("a")->val.as_int32() == 3);
    CHECK(hs.last_with_name("zzz") == nullptr);
    const auto all = hs.all_with_name("a");
    REQUIRE(all.size() == 2);
    CHECK(all[0]->val.as_int32() == 1);
    CHECK(all[1]->val.as_int32() == 3);
    CHECK(hs.all_with_name("zzz").empty());
}

TEST_CASE("headers: remove, retain_latest, clear") {
    headers hs;
    hs.add("a", 1).add("b", 2).add("a", 3).add("c", 4).add("b", 5);

    headers one = hs;
    one.retain_latest("a");
    CHECK(keys(one) == std::vector<std::string>{"b", "a", "c", "b"});
    CHECK(one.last_with_name("a")->val.as_int32() == 3);
    one.retain_latest("missing");
    CHECK(one.size() == 4);

    headers all = hs;
    all.retain_latest();
    CHECK(keys(all) == std::vector<std::string>{"a", "c", "b"});
    CHECK(all.last_with_name("b")->val.as_int32() == 5);

    headers removed = hs;
    removed.remove("b");
    CHECK(keys(removed) == std::vector<std::string>{"a", "a", "c"});
    removed.remove("missing");
    CHECK(removed.size() == 3);

    CHECK(hs.size() == 5);  // copies are independent
    hs.clear();
    CHECK(hs.empty());
}

TEST_CASE("headers: equality compares keys, schemas structurally and values") {
    headers a;
    a.add("k", 1, schema::int32());
    headers b;
    b.add("k", 1, schema_builder::int32().build());
    CHECK(a == b);
    headers c;
    c.add("k", 1);
    CHECK_FALSE(a == c);
    headers d;
    d.add("k", 2, schema::int32());
    CHECK_FALSE(a == d);
}
