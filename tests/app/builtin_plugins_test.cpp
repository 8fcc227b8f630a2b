#include <catch2/catch.hpp>

#include "app/builtin_plugins.hpp"

using namespace copycat;

TEST_CASE("built-in converters, transforms and predicates are found by Kafka's class names and aliases") {
    loader::plugin_registry registry;
    app::register_builtin_plugins(registry);

    const auto* json = registry.find("org.apache.kafka.connect.json.JsonConverter");
    REQUIRE(json != nullptr);
    CHECK(json->kind() == plugin_kind::converter);
    CHECK(registry.find("JsonConverter") == json);

    const auto* insert_value = registry.find("org.apache.kafka.connect.transforms.InsertField$Value");
    REQUIRE(insert_value != nullptr);
    CHECK(insert_value->kind() == plugin_kind::transformation);
    // "Value" would name every $Value transform: an ambiguous alias is not registered.
    CHECK(registry.find("Value") == nullptr);

    const auto* router = registry.find("RegexRouter");
    REQUIRE(router != nullptr);
    CHECK(router->class_name == "org.apache.kafka.connect.transforms.RegexRouter");
    auto chain_element = router->descriptor.create<transformation>();
    chain_element->configure({{"regex", "(.*)"}, {"replacement", "copy-$1"}});
    source_record record({}, {}, "orders", std::nullopt, nullptr, value("x"));
    REQUIRE(chain_element->apply(record));
    CHECK(record.topic == "copy-orders");

    const auto* tombstone = registry.find("org.apache.kafka.connect.transforms.predicates.RecordIsTombstone");
    REQUIRE(tombstone != nullptr);
    CHECK(tombstone->kind() == plugin_kind::predicate);
    CHECK(registry.find("RecordIsTombstone") == tombstone);
}
