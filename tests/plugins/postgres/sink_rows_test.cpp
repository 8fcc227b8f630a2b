// What the sink makes of a record under each pk.mode, and the settings it refuses.
#include <catch2/catch.hpp>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "postgres/sink_rows.hpp"

using namespace copycat;
using namespace copycat::postgres;

namespace {

const schema_ptr& person_schema() {
    static const schema_ptr s =
        schema_builder::struct_().field("id", schema::int64()).field("name", schema::optional_string()).build();
    return s;
}

sink_record person(std::int64_t id, const char* name, value key = {}, schema_ptr key_schema = nullptr) {
    struct_value v(person_schema());
    v.put("id", id).put("name", name);
    return sink_record("people", 2, std::move(key_schema), std::move(key), person_schema(), value(std::move(v)), 17);
}

sink_settings settings(std::map<std::string, std::string> props) {
    props["connection.url"] = "jdbc:postgresql://localhost/db";
    return sink_settings::from(props);
}

}  // namespace

TEST_CASE("pk.mode=record_value takes the key columns from the value") {
    const sink_row row = make_sink_row(
        person(5, "Ann"), settings({{"pk.mode", "record_value"}, {"pk.fields", "id"}, {"insert.mode", "upsert"}}));
    CHECK(row.table == table_id{"", "people"});
    CHECK(row.column_names() == std::vector<std::string>{"id", "name"});
    CHECK(row.key_names() == std::vector<std::string>{"id"});
    CHECK(row.values == pg_params{"5", "Ann"});
}

TEST_CASE("pk.mode=kafka adds topic, partition and offset columns") {
    const sink_row row =
        make_sink_row(person(5, nullptr), settings({{"pk.mode", "kafka"}, {"table.name.format", "kafka_${topic}"}}));
    CHECK(row.table == table_id{"", "kafka_people"});
    CHECK(row.column_names() ==
          std::vector<std::string>{"__connect_topic", "__connect_partition", "__connect_offset", "id", "name"});
    CHECK(row.key_count == 3);
    CHECK(row.values == pg_params{"people", "2", "17", "5", std::nullopt});
}

TEST_CASE("pk.mode=record_key: a primitive key is one column, a Struct key its fields; tombstones delete") {
    const auto s = settings({{"pk.mode", "record_key"}, {"pk.fields", "pid"}, {"delete.enabled", "true"}});
    const sink_row row = make_sink_row(person(5, "Ann", value(std::int64_t{5}), schema::int64()), s);
    CHECK(row.column_names() == std::vector<std::string>{"pid", "id", "name"});
    CHECK(row.key_count == 1);

    sink_record tombstone("people", 0, schema::int64(), value(std::int64_t{5}), nullptr, value(), 3);
    const sink_row deleted = make_sink_row(tombstone, s);
    CHECK(deleted.is_delete);
    CHECK(deleted.column_names() == std::vector<std::string>{"pid"});
    CHECK(deleted.values == pg_params{"5"});

    const schema_ptr key_schema = schema_builder::struct_().field("id", schema::int64()).build();
    struct_value key(key_schema);
    key.put("id", std::int64_t{5});
    const sink_row by_struct =
        make_sink_row(person(5, "Ann", value(key), key_schema), settings({{"pk.mode", "record_key"}}));
    CHECK(by_struct.column_names() == std::vector<std::string>{"id", "name"});  // "id" once, as the key
    CHECK(by_struct.key_count == 1);
}

TEST_CASE("records the sink cannot write are clear errors naming the record") {
    sink_record tombstone("people", 0, nullptr, value(), nullptr, value(), 3);
    CHECK_THROWS_WITH(make_sink_row(tombstone, settings({})),
                      Catch::Contains("delete.enabled=true") && Catch::Contains("offset=3"));
    sink_record schemaless("people", 0, nullptr, value(), nullptr, value("text"), 4);
    CHECK_THROWS_WITH(make_sink_row(schemaless, settings({})), Catch::Contains("a Struct with a schema"));
    CHECK_THROWS_WITH(make_sink_row(person(1, "x"), settings({{"pk.mode", "record_key"}})),
                      Catch::Contains("needs a key"));
    CHECK_THROWS_WITH(make_sink_row(person(1, "x"), settings({{"pk.mode", "record_value"}, {"pk.fields", "nope"}})),
                      Catch::Contains("nope"));
}

TEST_CASE("settings that cannot work are refused") {
    CHECK_THROWS_WITH(settings({{"insert.mode", "upsert"}}), Catch::Contains("needs a primary key"));
    CHECK_THROWS_WITH(settings({{"delete.enabled", "true"}, {"pk.mode", "record_value"}}),
                      Catch::Contains("requires pk.mode=record_key"));
    CHECK_THROWS_WITH(settings({{"pk.mode", "kafka"}, {"pk.fields", "a,b"}}), Catch::Contains("three"));
    CHECK_THROWS_AS(settings({{"insert.mode", "merge"}}), config_error);
}
