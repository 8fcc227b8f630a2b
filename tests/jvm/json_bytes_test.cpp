// Copycat's JsonConverter and Kafka's own (connect-json, run in the JVM through the bridge) write
// the same bytes for every string of the corpus, as values, map keys, and struct and schema
// names; the Java side gets each string as the bridge hands Connect strings to Java, through
// Java's UTF-8 decoder (docs/compatibility.md "Strings"). One JVM per process (catch_discover_tests).
#include <catch2/catch.hpp>

#include <memory>
#include <string>

#include "app/builtin_plugins.hpp"
#include "common/jackson_string_corpus.hpp"
#include "converters/json_converter.hpp"
#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "jvm/java_plugins.hpp"

using namespace copycat;

namespace {

constexpr std::string_view kafka_json = "org.apache.kafka.connect.json.JsonConverter";

std::string text_of(const std::optional<bytes>& b) {
    REQUIRE(b.has_value());
    return std::string(b->begin(), b->end());
}

}  // namespace

TEST_CASE("Kafka's JsonConverter and Copycat's write the same bytes for every string") {
    loader::plugin_registry registry;
    app::register_builtin_plugins(registry);
    const auto report = jvm::register_java_plugins(
        {COPYCAT_TEST_JAVA_PLUGIN_DIR}, jvm::bridge_settings_from_environment("-Xmx128m", {std::string(kafka_json)}),
        registry);
    REQUIRE(report.jvm_started);
    const loader::plugin_entry* entry = registry.find(kafka_json);
    REQUIRE(entry != nullptr);
    REQUIRE(entry->location() != "builtin");

    for (const bool schemas : {false, true}) {
        const std::map<std::string, std::string> config{{"schemas.enable", schemas ? "true" : "false"}};
        auto java = entry->create<converter>();
        java->configure(config, false);
        converters::json_converter native;
        native.configure(config, false);
        headers none;
        const auto both = [&](const schema_ptr& s, const value& v) {
            const std::string from_java = text_of(java->from_connect_data("t", none, s, v));
            CHECK(text_of(native.from_connect_data("t", none, s, v)) == from_java);
            return from_java;
        };
        for (const auto& c : copycat::testing::jackson_string_corpus()) {
            INFO(c.name << (schemas ? ", with schema" : ""));
            const std::string literal = both(schema::string(), value(c.text));
            CHECK(literal == (schemas ? R"({"schema":{"type":"string","optional":false},"payload":)" + c.literal + "}"
                                      : c.literal));
            both(schema::optional_string(), value(c.text));
            const schema_ptr map_schema = schema_builder::map(schema::string(), schema::string()).build();
            both(map_schema, value(value_map{{value(c.text), value(c.text)}}));
            if (!c.text.empty()) {
                const schema_ptr named = schema_builder::struct_()
                                             .name(c.text)
                                             .doc(c.text)
                                             .field(c.text, schema::optional_string())
                                             .build();
                struct_value v(named);
                v.put(c.text, value(c.text));
                both(named, value(std::make_shared<struct_value>(v)));
            }
        }
        java->close();
    }
}
