// How every built-in transformation treats a tombstone (null value, no value schema), as Kafka's
// do: most pass it through unchanged; Filter drops it, HoistField$Value wraps it, MaskField,
// HeaderFrom and ValueToKey fail.
#include <catch2/catch.hpp>

#include <map>
#include <string>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/builtin_transforms.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

const std::string prefix = "org.apache.kafka.connect.transforms.";

// A minimal valid configuration per class (without the $Key/$Value suffix).
const std::map<std::string, config_map>& minimal_configs() {
    static const std::map<std::string, config_map> configs = {
        {"Cast", {{"spec", "f:int32"}}},
        {"DropHeaders", {{"headers", "h"}}},
        {"ExtractField", {{"field", "f"}}},
        {"Filter", {}},
        {"Flatten", {}},
        {"HeaderFrom", {{"fields", "f"}, {"headers", "h"}, {"operation", "copy"}}},
        {"HoistField", {{"field", "f"}}},
        {"InsertField", {{"topic.field", "t"}}},
        {"InsertHeader", {{"header", "h"}, {"value.literal", "v"}}},
        {"MaskField", {{"fields", "f"}}},
        {"RegexRouter", {{"regex", "(.*)"}, {"replacement", "$1-x"}}},
        {"ReplaceField", {{"exclude", "f"}}},
        {"SetSchemaMetadata", {{"schema.name", "n"}}},
        {"TimestampConverter", {{"target.type", "Timestamp"}}},
        {"TimestampRouter", {}},
        {"ValueToKey", {{"fields", "f"}}},
    };
    return configs;
}

std::string base_name(std::string_view class_name) {
    std::string name(class_name.substr(prefix.size()));
    return name.substr(0, name.find('$'));
}

}  // namespace

TEST_CASE("Built-in transformations treat tombstones like Kafka's") {
    // Kafka's MaskField, HeaderFrom and ValueToKey require a map or struct even for a null key or
    // value (the record below has both null).
    const std::map<std::string, const char*> failing = {
        {prefix + "MaskField$Key", "Only Map objects supported in absence of schema for [mask fields], found: null"},
        {prefix + "MaskField$Value", "Only Map objects supported in absence of schema for [mask fields], found: null"},
        {prefix + "HeaderFrom$Key", "Only Map objects supported in absence of schema for [header copy], found: null"},
        {prefix + "HeaderFrom$Value", "Only Map objects supported in absence of schema for [header copy], found: null"},
        {prefix + "ValueToKey",
         "Only Map objects supported in absence of schema for [copying fields from value to key], found: null"},
    };
    for (const builtin_transformation& t : builtin_transformations()) {
        INFO(t.class_name);
        auto xform = t.factory();
        xform->configure(minimal_configs().at(base_name(t.class_name)));
        sink_record record("topic", 0, nullptr, value(), nullptr, value(), 0, 1'483'425'001'864);
        if (auto it = failing.find(std::string(t.class_name)); it != failing.end()) {
            CHECK_THROWS_WITH(xform->apply(record), it->second);
            continue;
        }
        const bool kept = xform->apply(record);
        if (base_name(t.class_name) == "Filter") {
            CHECK_FALSE(kept);
            continue;
        }
        CHECK(kept);
        if (t.class_name == prefix + "HoistField$Value") {
            CHECK(record.val == value(value_map{{"f", value()}}));  // Kafka wraps null too
            continue;
        }
        CHECK(record.val.is_null());
        CHECK(record.value_schema == nullptr);
    }
}
