// The list of built-in transformations and predicates, and the schema cache.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "copycat/data.hpp"
#include "transforms/builtin_transforms.hpp"
#include "transforms/schema_cache.hpp"

using namespace copycat;
using namespace copycat::transforms;

TEST_CASE("Every built-in transformation is listed under its Kafka class name") {
    std::set<std::string> names;
    for (const builtin_transformation& t : builtin_transformations()) {
        CHECK(names.insert(std::string(t.class_name)).second);
        CHECK(t.class_name.data()[t.class_name.size()] == '\0');
        auto instance = t.factory();
        REQUIRE(instance != nullptr);
        CHECK(find_builtin_transformation(t.class_name) == &t);
    }
    const std::string prefix = "org.apache.kafka.connect.transforms.";
    for (const char* keyed : {"Cast", "ExtractField", "Flatten", "HeaderFrom", "HoistField", "InsertField", "MaskField",
                              "ReplaceField", "SetSchemaMetadata", "TimestampConverter"}) {
        CHECK(names.contains(prefix + keyed + "$Key"));
        CHECK(names.contains(prefix + keyed + "$Value"));
    }
    for (const char* plain :
         {"DropHeaders", "Filter", "InsertHeader", "RegexRouter", "TimestampRouter", "ValueToKey"}) {
        CHECK(names.contains(prefix + plain));
    }
    CHECK(names.size() == 26);
    CHECK(find_builtin_transformation("org.apache.kafka.connect.transforms.InsertField") == nullptr);
}

TEST_CASE("Every built-in predicate is listed under its Kafka class name") {
    std::set<std::string> names;
    for (const builtin_predicate& p : builtin_predicates()) {
        names.insert(std::string(p.class_name));
        REQUIRE(p.factory() != nullptr);
        CHECK(find_builtin_predicate(p.class_name) == &p);
    }
    CHECK(names == std::set<std::string>{"org.apache.kafka.connect.transforms.predicates.HasHeaderKey",
                                         "org.apache.kafka.connect.transforms.predicates.RecordIsTombstone",
                                         "org.apache.kafka.connect.transforms.predicates.TopicNameMatches"});
}

TEST_CASE("A $Key transformation works on the key and a $Value one on the value") {
    auto key = find_builtin_transformation("org.apache.kafka.connect.transforms.HoistField$Key")->factory();
    auto val = find_builtin_transformation("org.apache.kafka.connect.transforms.HoistField$Value")->factory();
    key->configure({{"field", "k"}});
    val->configure({{"field", "v"}});
    sink_record record("t", 0, nullptr, 1, nullptr, 2, 0);
    REQUIRE(key->apply(record));
    REQUIRE(val->apply(record));
    CHECK(record.key == value(value_map{{"k", 1}}));
    CHECK(record.val == value(value_map{{"v", 2}}));
}

TEST_CASE("The schema cache finds equal schemas and evicts the least recently used") {
    schema_cache cache(2);
    const schema_ptr a = schema_builder::struct_().field("a", schema::int32()).build();
    const schema_ptr a_copy = schema_builder::struct_().field("a", schema::int32()).build();
    const schema_ptr b = schema_builder::struct_().field("b", schema::int32()).build();
    const schema_ptr c = schema_builder::struct_().field("c", schema::int32()).build();
    int builds = 0;
    auto build = [&](const schema_ptr& s) {
        ++builds;
        return s;
    };
    CHECK(cache.get_or_build(a, build) == a);
    CHECK(cache.get_or_build(a_copy, build) == a);  // structurally equal: a hit
    CHECK(builds == 1);
    cache.get_or_build(b, build);
    cache.get_or_build(a, build);  // a is now the most recently used
    cache.get_or_build(c, build);  // evicts b
    CHECK(cache.size() == 2);
    CHECK(cache.find(b) == nullptr);
    CHECK(cache.find(a) == a);
    CHECK(cache.find(nullptr) == nullptr);
}
