// The bridge's binary record format (docs/jvm-bridge.md "The binary record format"): Copycat's
// half alone, then a round trip through the real JVM, where copycat.bridge.BinaryRecords decodes
// each record into Kafka's Connect data and writes it back (the fixture transformation UpperCase
// returns records without a string value as they are). One JVM per process: each test case runs
// in a process of its own (catch_discover_tests).
#include "jvm/binary_records.hpp"

#include <catch2/catch.hpp>

#include <string>

#include "app/builtin_plugins.hpp"
#include "copycat/data/logical_types.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "copycat/transform/transformation.hpp"
#include "jvm/java_plugins.hpp"

using namespace copycat;

namespace {

schema_ptr address_schema() {
    return schema_builder::struct_()
        .name("com.example.Address")
        .optional()
        .field("street", schema::string())
        .field("zip", schema::optional_int32())
        .build();
}

// A schema with every type, logical type and schema attribute Connect has. `empty_parameters`: a
// field whose schema has a parameter map without entries, which Copycat keeps apart from none
// (Kafka's SchemaBuilder never makes one: Java receives none).
schema_ptr everything_schema(bool empty_parameters = true) {
    schema_builder with_parameters = schema_builder::string().optional();
    if (empty_parameters) with_parameters.replace_parameters(schema_parameters{});
    return schema_builder::struct_()
        .name("com.example.Everything")
        .version(3)
        .doc("all of Connect's types")
        .parameter("origin", "test")
        .field("i8", schema::int8())
        .field("flag", schema::boolean())
        .field("i16", schema::int16())
        .field("i32", schema::int32())
        .field("i64", schema::int64())
        .field("f32", schema::float32())
        .field("f64", schema::float64())
        .field("text", schema::string())
        .field("blob", schema::bytes())
        .field("missing", schema::optional_string())
        .field("defaulted", schema_builder::int64().default_value(value(std::int64_t{-7})).doc("d").build())
        .field("empty_parameters", with_parameters.build())
        .field("amount", decimal_builder(2).optional().default_value(value(decimal::parse("1.50"))).build())
        .field("day", date_schema())
        .field("clock", time_schema())
        .field("at", timestamp_schema())
        .field("numbers", schema_builder::array(schema::optional_int32()).build())
        .field("by_name", schema_builder::map(schema::string(), address_schema()).optional().build())
        .field("home", address_schema())
        .field("work", address_schema())
        .build();
}

value everything_value(const schema_ptr& s, std::int64_t n) {
    const schema_ptr address = s->get_field("home").schema;
    struct_value home(address);
    home.put("street", value("Rue de l'\u00c9glise \U0001F600"));
    home.put("zip", value(75001));
    struct_value away(address);
    away.put("street", value("Main St"));
    struct_value st(s);
    st.put("i8", value(std::int8_t{-128}));
    st.put("i16", value(std::int16_t{-32768}));
    st.put("i32", value(std::int32_t{2147483647}));
    st.put("i64", value(n));
    st.put("f32", value(1.25f));
    st.put("f64", value(-2.5e300));
    st.put("flag", value(true));
    st.put("text", value(""));
    st.put("blob", value(bytes{0, 255, 10}));
    st.put("empty_parameters", value("e"));
    st.put("amount", value(decimal::parse("-12345.67")));
    st.put("day", value(date(19000)));
    st.put("clock", value(time_of_day(3'600'000)));
    st.put("at", value(timestamp(1'700'000'000'123)));
    st.put("numbers", value(value_array{value(1), value(), value(-3)}));
    st.put("by_name", value(value_map{{value("away"), value(away)}, {value("none"), value()}}));
    st.put("home", value(home));
    return value(st);
}

source_record everything_record(std::int64_t n, bool empty_parameters = true) {
    const schema_ptr s = everything_schema(empty_parameters);
    source_record r({{"file", value("/in.txt")}, {"shard", value(std::int64_t{3})}},
                    {{"position", value(n)}, {"done", value(false)}, {"ratio", value(0.5)}}, "t\u00e9st", 2,
                    schema::optional_string(), value("key"), s, everything_value(s, n), 1'700'000'000'000);
    r.hdrs.add("typed", value(std::int16_t{7}), schema::int16());
    r.hdrs.add("schemaless", value(value_map{{value("a"), value(std::int32_t{1})},
                                             {value("b"), value(value_array{value(1.5f), value(bytes{1})})},
                                             {value("c"), value(decimal::parse("3.14"))},
                                             {value("f"), value(timestamp(5))}}));
    r.hdrs.add("null", value(), nullptr);
    r.hdrs.add("null with schema", value(), schema::optional_string());
    return r;
}

sink_record everything_sink_record(bool empty_parameters = true) {
    const schema_ptr s = everything_schema(empty_parameters);
    sink_record r("sunk", 4, nullptr, value(value_array{value("k"), value(std::int64_t{-1})}), s,
                  everything_value(s, 9), 123'456, 1'700'000'000'999, timestamp_type::log_append_time);
    r.original_topic = "before-rename";
    r.original_kafka_partition = 1;
    r.original_kafka_offset = 99;
    r.hdrs.add("h", value("v"), schema::string());
    return r;
}

}  // namespace

TEST_CASE("Records of every type cross Copycat's binary format and come back equal") {
    jvm::binary_records codec;

    SECTION("source records, each schema sent once per batch and the same object across batches") {
        const source_record first = everything_record(1);
        source_record second = first;  // the same schema objects
        second.source_offset["position"] = value(std::int64_t{2});
        const std::string batch = codec.encode({&first, &second});
        const auto decoded = codec.decode_source_records(batch);
        REQUIRE(decoded.size() == 2);
        CHECK(decoded[0] == first);
        CHECK(decoded[1] == second);
        CHECK(decoded[0].value_schema == decoded[1].value_schema);  // one definition, two uses
        CHECK(codec.decode_source_records(batch)[0].value_schema == decoded[0].value_schema);
        // The second record's schemas are references: it takes far fewer bytes than the first.
        CHECK(codec.encode(second).size() > batch.size() - codec.encode(first).size() + 200);
    }
    SECTION("sink records keep their Kafka offset, timestamp type and original topic") {
        const sink_record original = everything_sink_record();
        sink_record decoded;
        codec.decode_into(codec.encode(original), decoded);
        CHECK(decoded == original);
        CHECK(decoded.original_topic == "before-rename");
        CHECK(decoded.original_kafka_partition == 1);
        CHECK(decoded.original_kafka_offset == 99);
    }
    SECTION("source partitions and offsets read back as Copycat's offset store gives them: integers as int64") {
        source_record r({{"p", value(std::int32_t{1})}}, {{"o", value(1.5f)}, {"n", value(std::int8_t{2})}}, "t",
                        std::nullopt, nullptr, value());
        const auto decoded = codec.decode_source_records(codec.encode(r));
        CHECK(decoded.at(0).source_partition == source_map{{"p", value(std::int64_t{1})}});
        CHECK(decoded.at(0).source_offset == source_map{{"o", value(1.5)}, {"n", value(std::int64_t{2})}});
        CHECK(decoded.at(0).kafka_partition == std::nullopt);
        CHECK(decoded.at(0).timestamp == std::nullopt);
    }
    SECTION("a date or time without a schema stays one (Java cannot tell them from a timestamp)") {
        source_record r({}, {}, "t", 0, nullptr, value(value_array{value(date(3)), value(time_of_day(4))}), nullptr,
                        value());
        CHECK(codec.decode_source_records(codec.encode(r)).at(0).key == r.key);
    }
    SECTION("a reference carries only what identifies a polled record") {
        const source_record r = everything_record(5);
        source_record decoded;
        codec.decode_into(codec.encode_reference(r), decoded);
        CHECK(decoded.topic == r.topic);
        CHECK(decoded.kafka_partition == r.kafka_partition);
        CHECK(decoded.source_partition == r.source_partition);
        CHECK(decoded.source_offset.at("position") == value(std::int64_t{5}));
        CHECK(decoded.val.is_null());
        CHECK(decoded.hdrs.size() == 0);
    }
}

TEST_CASE("A malformed batch is a data_error and not a crash") {
    jvm::binary_records codec;
    const source_record r = everything_record(1);
    const std::string batch = codec.encode(r);
    for (std::size_t cut = 0; cut < batch.size(); cut += 7)
        CHECK_THROWS_AS(codec.decode_source_records(batch.substr(0, cut)), data_error);
    CHECK_THROWS_AS(codec.decode_source_records(batch + "x"), data_error);
    std::string other_version = batch;
    other_version[0] = 9;
    CHECK_THROWS_WITH(codec.decode_source_records(other_version), Catch::Contains("unknown format version"));
    // One record whose key schema refers to a definition that never came.
    const std::string dangling("\x01\x01\x00\x01t\x00\x00\x07", 8);
    CHECK_THROWS_WITH(codec.decode_source_records(dangling), Catch::Contains("not defined yet"));
}

TEST_CASE("Records of every type cross to Java and back unchanged") {
    loader::plugin_registry registry;
    app::register_builtin_plugins(registry);
    const auto report = jvm::register_java_plugins({COPYCAT_TEST_JAVA_PLUGIN_DIR},
                                                   jvm::bridge_settings_from_environment("-Xmx128m", {}), registry);
    REQUIRE(report.jvm_started);
    const loader::plugin_entry* identity = registry.find("copycat.test.good.UpperCase");
    REQUIRE(identity != nullptr);
    auto smt = identity->create<transformation>();
    smt->configure({});

    source_record source = everything_record(42);
    const source_record expected_source = everything_record(42, false);
    REQUIRE(smt->apply(source));
    // The schemaless header map's int32, float32, decimal and timestamp keep their Java types both ways.
    CHECK(source == expected_source);
    CHECK(source.hdrs.size() == 4);

    sink_record sink = everything_sink_record();
    REQUIRE(smt->apply(sink));
    CHECK(sink == everything_sink_record(false));
    CHECK(sink.original_topic == "before-rename");

    // A struct default survives too (Kafka takes one only when its schema is the builder's).
    const schema_ptr address = address_schema();
    struct_value fallback(address);
    fallback.put("street", value("nowhere"));
    const schema_ptr with_default =
        schema_builder::struct_()
            .field("where", schema_builder::copy_of(*address).default_value(value(fallback)).build())
            .build();
    struct_value st(with_default);
    source_record defaulted({}, {}, "t", 0, nullptr, value(), with_default, value(st));
    REQUIRE(smt->apply(defaulted));
    REQUIRE(defaulted.value_schema != nullptr);
    CHECK(defaulted.value_schema->get_field("where").schema->default_value() == value(fallback));
    CHECK(defaulted.val.as_struct().get("where") == value(fallback));
    smt->close();
}
