// The SQL both connectors send: the source's poll query by mode with its offsets, and the sink's
// statements.
#include <catch2/catch.hpp>

#include "copycat/data/logical_types.hpp"
#include "postgres/sink_statements.hpp"
#include "postgres/source_query.hpp"

using namespace copycat;
using namespace copycat::postgres;

TEST_CASE("the source query of each mode starts after the stored position") {
    const source_position at{.incrementing = 41, .timestamp_micros = 1'500'000};
    const auto bulk = build_source_statement(source_mode::bulk, "\"t\"", "", "", at);
    CHECK(bulk.sql == "SELECT * FROM \"t\"");
    CHECK(bulk.params.empty());

    const auto inc = build_source_statement(source_mode::incrementing, "\"t\"", "\"id\"", "", at);
    CHECK(inc.sql == "SELECT * FROM \"t\" WHERE \"id\" > $1::bigint ORDER BY \"id\" ASC");
    CHECK(inc.params == pg_params{"41"});

    const auto ts = build_source_statement(source_mode::timestamp, "\"t\"", "", "\"ts\"", at);
    CHECK(ts.sql ==
          "SELECT * FROM \"t\" WHERE \"ts\" > 'epoch'::timestamp + $1::bigint * interval '1 microsecond' AND \"ts\" < "
          "now() ORDER BY \"ts\" ASC");
    CHECK(ts.params == pg_params{"1500000"});

    const auto both = build_source_statement(source_mode::timestamp_incrementing, "\"t\"", "\"id\"", "\"ts\"", {});
    CHECK(both.sql ==
          "SELECT * FROM \"t\" WHERE \"ts\" < now() AND (\"ts\" > 'epoch'::timestamp + $1::bigint * interval '1 "
          "microsecond' OR (\"ts\" = 'epoch'::timestamp + $1::bigint * interval '1 microsecond' AND \"id\" > "
          "$2::bigint)) ORDER BY \"ts\", \"id\" ASC");
    CHECK(both.params == pg_params{"0", "-1"});  // a first run: from the epoch, after -1
}

TEST_CASE("source offsets use Confluent's fields and round-trip to the microsecond") {
    const source_position p{.incrementing = 7, .timestamp_micros = 1'700'000'000'123'456};
    const source_map offset = p.to_offset();
    CHECK(offset.at("incrementing") == value(std::int64_t{7}));
    CHECK(offset.at("timestamp") == value(std::int64_t{1'700'000'000'123}));
    CHECK(offset.at("timestamp_nanos") == value(std::int64_t{123'456'000}));
    CHECK(source_position::from_offset(offset) == p);

    const source_position before_epoch{.incrementing = std::nullopt, .timestamp_micros = -1};
    CHECK(before_epoch.to_offset().at("timestamp_nanos") == value(std::int64_t{999'999'000}));
    CHECK(source_position::from_offset(before_epoch.to_offset()) == before_epoch);
    CHECK(source_position{}.to_offset().empty());  // bulk
    CHECK_THROWS_AS(source_position::from_offset({{"incrementing", value("x")}}), data_error);
}

TEST_CASE("the sink's statements quote identifiers and number parameters row by row") {
    const table_id t{"s", "My\"Table"};
    CHECK(insert_sql(t, {"id", "v"}, 2) ==
          "INSERT INTO \"s\".\"My\"\"Table\" (\"id\", \"v\") VALUES ($1, $2), ($3, $4)");
    CHECK(upsert_sql({"", "t"}, {"id", "v", "w"}, {"id"}, 1) ==
          "INSERT INTO \"t\" (\"id\", \"v\", \"w\") VALUES ($1, $2, $3) ON CONFLICT (\"id\") DO UPDATE SET \"v\" = "
          "EXCLUDED.\"v\", \"w\" = EXCLUDED.\"w\"");
    CHECK(upsert_sql({"", "t"}, {"id"}, {"id"}, 1) ==
          "INSERT INTO \"t\" (\"id\") VALUES ($1) ON CONFLICT (\"id\") DO NOTHING");
    CHECK(update_sql({"", "t"}, {"v", "w"}, {"a", "b"}) ==
          "UPDATE \"t\" SET \"v\" = $1, \"w\" = $2 WHERE \"a\" = $3 AND \"b\" = $4");
    CHECK(delete_sql({"", "t"}, {"a", "b"}, 2) == "DELETE FROM \"t\" WHERE (\"a\", \"b\") IN (($1, $2), ($3, $4))");
    CHECK(create_table_sql({"", "t"},
                           {{"id", schema::int64()}, {"v", schema::optional_string()}, {"d", decimal_schema(2)}},
                           {"id"}) ==
          "CREATE TABLE \"t\" (\"id\" BIGINT NOT NULL, \"v\" TEXT, \"d\" DECIMAL NOT NULL, PRIMARY KEY (\"id\"))");
    CHECK(add_column_sql({"", "t"}, {"n", schema::optional_int32()}) == "ALTER TABLE \"t\" ADD COLUMN \"n\" INT");
}
