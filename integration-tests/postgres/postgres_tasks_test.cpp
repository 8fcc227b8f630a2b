// PostgresSource and PostgresSink tasks driven directly (no worker, no broker) against the real
// server of with-postgres.sh: the type mapping of real columns, resuming after a stored offset,
// query mode, and the sink's auto.create, auto.evolve, deletes, update mode and pk.mode=kafka.
#include <catch2/catch.hpp>

#include <map>
#include <string>
#include <vector>

#include "copycat/data/logical_types.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "plugins/file/file_test_support.hpp"
#include "postgres/connection.hpp"
#include "postgres/postgres_sink_task.hpp"
#include "postgres/postgres_source_task.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using copycat::itest::postgres_conninfo;
using copycat::postgres::pg_connection;

namespace {

std::string text_of(pg_connection& db, const std::string& sql) {
    const auto r = db.exec(sql);
    std::string out;
    for (int row = 0; row < r.rows(); ++row) {
        for (int c = 0; c < r.columns(); ++c)
            out.append(c ? "," : "").append(r.is_null(row, c) ? "NULL" : r.text(row, c));
        out.push_back(';');
    }
    return out;
}

std::string table_name(const char* prefix) { return copycat::itest::unique_name(prefix).substr(0, 40); }

}  // namespace

TEST_CASE("the source maps real columns, resumes after a stored offset, and runs queries", "[cluster][postgres]") {
    const std::string info = postgres_conninfo();
    pg_connection db({{"dbname", info}});
    const std::string t = table_name("types");
    const std::string q = pg_connection::quote_identifier(t);
    db.exec("CREATE TABLE " + q +
            " (id serial PRIMARY KEY, n numeric(10, 3), u numeric, tz timestamptz(3), d date, "
            "tm time(3), b bytea, j jsonb, s smallint NOT NULL DEFAULT 1)");
    db.exec("INSERT INTO " + q +
            " (n, u, tz, d, tm, b, j) VALUES "
            "(1, 1, NULL, NULL, NULL, NULL, NULL), "
            "(-12.5, 12.50, '2024-02-29 12:00:00.123+02', '2024-02-29', '23:59:59.999', '\\x00ff', '{\"a\": 1}'), "
            "(0.001, NULL, NULL, NULL, NULL, NULL, NULL)");

    file::test::fake_source_context context;
    context.props = {{"connection.url", info},
                     {"mode", "incrementing"},
                     {"incrementing.column.name", "id"},
                     {"topic.prefix", "pg-"},
                     {"tables", t},
                     {"batch.max.rows", "1"}};
    context.stored = source_map{{"incrementing", value(std::int64_t{1})}};  // row 1 was copied before
    postgres::postgres_source_task task;
    task.initialize(context);
    task.start(context.props);
    const auto records = file::test::poll_until(task, 2);
    REQUIRE(records.size() == 2);
    const auto& r = records[0];
    CHECK(r.topic == "pg-" + t);
    CHECK(r.source_partition == source_map{{"table", value(t)}});
    CHECK(r.source_offset == source_map{{"incrementing", value(std::int64_t{2})}});
    CHECK(records[1].source_offset == source_map{{"incrementing", value(std::int64_t{3})}});
    CHECK(r.value_schema->name() == t);
    CHECK(*r.value_schema->get_field("id").schema == *schema::int32());  // NOT NULL: required
    CHECK(*r.value_schema->get_field("s").schema == *schema::int16());
    const struct_value& v = r.val.as_struct();
    CHECK(v.get("n") == value(decimal(-12500, 3)));
    CHECK(v.get("u") == value("12.50"));
    CHECK(v.get("tz") == value(timestamp(1'709'200'800'123)));
    CHECK(v.get("d") == value(date(19'782)));
    CHECK(v.get("tm") == value(time_of_day(86'399'999)));
    CHECK(v.get("b") == value(bytes{0x00, 0xff}));
    CHECK(v.get("j") == value("{\"a\": 1}"));
    CHECK(records[1].val.as_struct().get("tz").is_null());
    task.stop();

    file::test::fake_source_context query_context;
    query_context.props = {{"connection.url", info},
                           {"mode", "bulk"},
                           {"topic.prefix", "pg-query"},
                           {"query", "SELECT id, n FROM " + q + " WHERE id <= 2"}};
    postgres::postgres_source_task query_task;
    query_task.initialize(query_context);
    query_task.start(query_context.props);
    const auto rows = file::test::poll_until(query_task, 2);
    REQUIRE(rows.size() == 2);
    CHECK(rows[0].topic == "pg-query");
    CHECK(rows[0].source_partition == source_map{{"query", value("query")}});
    CHECK_FALSE(rows[0].value_schema->name());
    CHECK(rows[0].value_schema->fields().size() == 2);
    query_task.stop();
}

TEST_CASE("the sink creates, evolves, upserts, deletes and updates tables", "[cluster][postgres]") {
    const std::string info = postgres_conninfo();
    pg_connection db({{"dbname", info}});
    const std::string t = table_name("people");
    const std::string q = pg_connection::quote_identifier(t);

    const schema_ptr key_schema = schema_builder::struct_().field("id", schema::int64()).build();
    const schema_ptr v1 =
        schema_builder::struct_().field("id", schema::int64()).field("name", schema::string()).build();
    const schema_ptr v2 = schema_builder::struct_()
                              .field("id", schema::int64())
                              .field("name", schema::string())
                              .field("email", schema::optional_string())
                              .build();
    const auto record = [&](std::int64_t id, const schema_ptr& s, std::vector<std::pair<std::string, value>> fields,
                            std::int64_t offset) {
        struct_value key(key_schema);
        key.put("id", id);
        struct_value val(s);
        for (auto& [name, field_value] : fields) val.put(name, field_value);
        return sink_record("people", 0, key_schema, value(key), s, value(val), offset);
    };

    postgres::postgres_sink_task sink;
    sink.start({{"connection.url", info},
                {"insert.mode", "upsert"},
                {"pk.mode", "record_key"},
                {"delete.enabled", "true"},
                {"auto.create", "true"},
                {"auto.evolve", "true"},
                {"table.name.format", t}});
    std::vector<sink_record> batch = {record(1, v1, {{"id", std::int64_t{1}}, {"name", "Ann"}}, 0),
                                      record(2, v1, {{"id", std::int64_t{2}}, {"name", "Bob"}}, 1),
                                      record(1, v1, {{"id", std::int64_t{1}}, {"name", "Ann B."}}, 2)};
    sink.put(batch);
    CHECK(text_of(db, "SELECT id, name FROM " + q + " ORDER BY id") == "1,Ann B.;2,Bob;");
    batch = {record(2, v2, {{"id", std::int64_t{2}}, {"name", "Bob"}, {"email", "bob@example.com"}}, 3),
             sink_record("people", 0, key_schema, value(struct_value(key_schema).put("id", std::int64_t{1})), nullptr,
                         value(), 4)};
    sink.put(batch);
    CHECK(text_of(db, "SELECT id, name, email FROM " + q + " ORDER BY id") == "2,Bob,bob@example.com;");
    sink.stop();

    // update: only rows that exist change.
    postgres::postgres_sink_task updater;
    updater.start({{"connection.url", info},
                   {"insert.mode", "update"},
                   {"pk.mode", "record_value"},
                   {"pk.fields", "id"},
                   {"table.name.format", t}});
    batch = {record(2, v1, {{"id", std::int64_t{2}}, {"name", "Robert"}}, 5),
             record(9, v1, {{"id", std::int64_t{9}}, {"name", "Nobody"}}, 6)};
    updater.put(batch);
    CHECK(text_of(db, "SELECT id, name, email FROM " + q + " ORDER BY id") == "2,Robert,bob@example.com;");
    updater.stop();

    // pk.mode=kafka: the coordinates are the key; without auto.create a missing table is an error.
    const std::string k = table_name("kafka");
    postgres::postgres_sink_task by_offset;
    by_offset.start({{"connection.url", info}, {"pk.mode", "kafka"}, {"table.name.format", k}});
    batch = {record(1, v1, {{"id", std::int64_t{1}}, {"name", "Ann"}}, 7)};
    CHECK_THROWS_WITH(by_offset.put(batch), Catch::Contains("auto.create=false"));
    by_offset.stop();
    postgres::postgres_sink_task creating;
    creating.start(
        {{"connection.url", info}, {"pk.mode", "kafka"}, {"auto.create", "true"}, {"table.name.format", k}});
    creating.put(batch);
    CHECK(text_of(db, "SELECT __connect_topic, __connect_partition, __connect_offset, id, name FROM " +
                          pg_connection::quote_identifier(k)) == "people,0,7,1,Ann;");
    CHECK(text_of(db, "SELECT count(*) FROM pg_index WHERE indisprimary AND indrelid = '" +
                          pg_connection::quote_identifier(k) + "'::regclass AND indnatts = 3") == "1;");
    creating.stop();
}
