// Validation of the transforms and predicates aliases of a connector config (Kafka 4.1:
// ConnectorConfig.enrich and its type validators), through connector_validator with the
// built-in transformations and predicates registered. Texts checked against Kafka Connect 4.1.1.
#include <catch2/catch.hpp>

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "herder/connector_validator.hpp"
#include "loader/plugin_registry.hpp"
#include "test_plugins.hpp"
#include "transforms/builtin_transforms.hpp"

using namespace copycat;
using namespace copycat::herder;

namespace {

constexpr const char* insert_field = "org.apache.kafka.connect.transforms.InsertField$Value";
constexpr const char* topic_name_matches = "org.apache.kafka.connect.transforms.predicates.TopicNameMatches";

// The test connectors and every built-in transformation and predicate.
const loader::plugin_registry& registry() {
    static const loader::plugin_registry plugins = [] {
        static std::deque<plugin_descriptor> descriptors;
        for (const auto& t : transforms::builtin_transformations())
            descriptors.push_back(
                {plugin_kind::transformation, t.class_name.data(), "1.0", transformation_factory{t.factory}});
        for (const auto& p : transforms::builtin_predicates())
            descriptors.push_back({plugin_kind::predicate, p.class_name.data(), "1.0", predicate_factory{p.factory}});
        loader::plugin_registry r;
        testing::register_test_plugins(r);
        for (const auto& d : descriptors) r.add_builtin(d);
        return r;
    }();
    return plugins;
}

string_map source_config(string_map extra) { return testing::test_source_config(std::move(extra)); }

config_infos validate(string_map extra) {
    auto infos = connector_validator(registry()).validate(source_config(std::move(extra)));
    REQUIRE(infos.ok());
    return *infos;
}

const config_info* entry(const config_infos& infos, const std::string& name) {
    auto it = std::find_if(infos.configs.begin(), infos.configs.end(),
                           [&](const config_info& c) { return c.value && c.value->name == name; });
    return it == infos.configs.end() ? nullptr : &*it;
}

std::vector<std::string> names_with_prefix(const config_infos& infos, const std::string& prefix) {
    std::vector<std::string> out;
    for (const config_info& c : infos.configs)
        if (c.definition && c.definition->name.starts_with(prefix)) out.push_back(c.definition->name);
    return out;
}

std::vector<std::string> all_errors(const config_infos& infos) {
    std::vector<std::string> out;
    for (const config_info& c : infos.configs)
        if (c.value) out.insert(out.end(), c.value->errors.begin(), c.value->errors.end());
    return out;
}

std::string invalid_message(const std::string& error) {
    return "Connector configuration is invalid and contains the following 1 error(s):\n" + error +
           "\nYou can also find the above list of errors at the endpoint "
           "`/connector-plugins/{connectorType}/config/validate`";
}

}  // namespace

TEST_CASE("a valid chain adds the keys and groups of each alias") {
    auto infos = validate({{"transforms", "x"},
                           {"transforms.x.type", insert_field},
                           {"transforms.x.static.field", "f"},
                           {"transforms.x.predicate", "p"},
                           {"transforms.x.negate", "true"},
                           {"predicates", "p"},
                           {"predicates.p.type", topic_name_matches},
                           {"predicates.p.pattern", "a.*"}});
    CHECK(infos.error_count == 0);
    CHECK(all_errors(infos).empty());

    // Framework groups, then one per alias, then the connector's own.
    const auto& g = infos.groups;
    const auto at = [&](const std::string& name) { return std::find(g.begin(), g.end(), name) - g.begin(); };
    CHECK(at("Error Handling") < at("Transforms: x"));
    CHECK(at("Transforms: x") + 1 == at("Predicates: p"));
    CHECK(at("Predicates: p") + 1 == at("Test"));

    // Kafka's order: the type, then the implicit and own keys sorted by importance and name.
    CHECK(names_with_prefix(infos, "transforms.x.") ==
          std::vector<std::string>{
              "transforms.x.type", "transforms.x.negate", "transforms.x.offset.field", "transforms.x.partition.field",
              "transforms.x.predicate", "transforms.x.replace.null.with.default", "transforms.x.static.field",
              "transforms.x.static.value", "transforms.x.timestamp.field", "transforms.x.topic.field"});
    CHECK(names_with_prefix(infos, "predicates.p.") ==
          std::vector<std::string>{"predicates.p.type", "predicates.p.pattern"});

    const config_info* type = entry(infos, "transforms.x.type");
    REQUIRE(type != nullptr);
    CHECK(type->definition->type == "CLASS");
    CHECK(type->definition->required);
    CHECK(type->definition->importance == "HIGH");
    CHECK(type->definition->documentation == "Class for the 'x' transformation.");
    CHECK(type->definition->group == "Transforms: x");
    CHECK(type->definition->order == 0);
    CHECK(type->definition->width == "LONG");
    CHECK(type->definition->display_name == "Transformation type for x");
    CHECK(type->value->value == insert_field);
    const auto& recommended = type->value->recommended_values;
    CHECK(std::find(recommended.begin(), recommended.end(), insert_field) != recommended.end());
    CHECK(std::find(recommended.begin(), recommended.end(), topic_name_matches) == recommended.end());

    const config_info* negate = entry(infos, "transforms.x.negate");
    CHECK(negate->definition->type == "BOOLEAN");
    CHECK(negate->definition->default_value == "false");
    CHECK(negate->definition->documentation == "Whether the configured predicate should be negated.");
    CHECK(negate->definition->group == "Transforms: x");
    CHECK(negate->definition->order == 1);
    CHECK(negate->value->value == "true");
    const config_info* predicate = entry(infos, "transforms.x.predicate");
    CHECK(predicate->definition->default_value == std::nullopt);
    CHECK(predicate->value->value == "p");
    CHECK(entry(infos, "transforms.x.static.field")->value->value == "f");

    const config_info* ptype = entry(infos, "predicates.p.type");
    CHECK(ptype->definition->display_name == "Predicate type for p");
    CHECK(ptype->definition->documentation == "Class for the 'p' predicate.");
    CHECK(ptype->definition->group == "Predicates: p");
    CHECK(entry(infos, "predicates.p.pattern")->definition->group == "Predicates: p");
}

TEST_CASE("a config without aliases gets no alias keys") {
    auto infos = validate({});
    CHECK(infos.error_count == 0);
    CHECK(names_with_prefix(infos, "transforms.").empty());
    CHECK(std::none_of(infos.groups.begin(), infos.groups.end(),
                       [](const std::string& g) { return g.starts_with("Transforms: "); }));
}

TEST_CASE("an unknown transformation class is an error of its type key") {
    auto infos = validate({{"transforms", "x"}, {"transforms.x.type", "com.example.NoSuchTransform"}});
    const std::string error =
        "Invalid value com.example.NoSuchTransform for configuration transforms.x.type: "
        "Class com.example.NoSuchTransform could not be found.";
    CHECK(infos.error_count == 1);
    const config_info* type = entry(infos, "transforms.x.type");
    REQUIRE(type != nullptr);
    CHECK(type->value->errors == std::vector<std::string>{error});
    CHECK(type->value->value == std::nullopt);
    CHECK(names_with_prefix(infos, "transforms.x.") == std::vector<std::string>{"transforms.x.type"});
    CHECK(connector_validator::invalid_config_message(infos) == invalid_message(error));
}

TEST_CASE("a transformation without a type is an error") {
    auto infos = validate({{"transforms", "a,b"}, {"transforms.b.type", ""}});
    CHECK(infos.error_count == 2);
    CHECK(all_errors(infos) ==
          std::vector<std::string>{"Missing required configuration \"transforms.a.type\" which has no default value.",
                                   "Invalid value  for configuration transforms.b.type: Class  could not be found."});
    CHECK(entry(infos, "transforms.a.type")->definition->group == "Transforms: a");
}

TEST_CASE("a class of the other kind is refused") {
    auto infos = validate({{"transforms", "x"}, {"transforms.x.type", topic_name_matches}});
    CHECK(all_errors(infos) == std::vector<std::string>{"Class class " + std::string(topic_name_matches) +
                                                        " does not implement the Transformation interface"});
    CHECK(entry(infos, "transforms.x.type")->value->value == topic_name_matches);

    infos = validate({{"predicates", "p"}, {"predicates.p.type", insert_field}});
    CHECK(all_errors(infos) == std::vector<std::string>{"Class class " + std::string(insert_field) +
                                                        " does not implement the Predicate interface"});
}

TEST_CASE("the transformation's own keys are validated under its prefix") {
    SECTION("a missing required key") {
        auto infos = validate(
            {{"transforms", "x"}, {"transforms.x.type", "org.apache.kafka.connect.transforms.ExtractField$Value"}});
        CHECK(all_errors(infos) ==
              std::vector<std::string>{
                  "Missing required configuration \"transforms.x.field\" which has no default value."});
    }
    SECTION("an invalid value") {
        auto infos = validate({{"transforms", "x"},
                               {"transforms.x.type", "org.apache.kafka.connect.transforms.RegexRouter"},
                               {"transforms.x.regex", "("},
                               {"transforms.x.replacement", "y"}});
        CHECK(infos.error_count == 1);
        const config_info* regex = entry(infos, "transforms.x.regex");
        REQUIRE(regex != nullptr);
        REQUIRE(regex->value->errors.size() == 1);
        // Kafka's embedded validators report the name without the prefix.
        CHECK_THAT(regex->value->errors[0],
                   Catch::StartsWith("Invalid value ( for configuration regex: Invalid regex: "));
    }
    SECTION("an invalid negate") {
        auto infos =
            validate({{"transforms", "x"},
                      {"transforms.x.type", insert_field},
                      {"transforms.x.negate", "maybe"},
                      {"transforms.x.predicate", "p"},
                      {"predicates", "p"},
                      {"predicates.p.type", "org.apache.kafka.connect.transforms.predicates.RecordIsTombstone"}});
        CHECK(all_errors(infos) ==
              std::vector<std::string>{"Invalid value maybe for configuration transforms.x.negate: "
                                       "Expected value to be either true or false"});
    }
}

TEST_CASE("predicates are validated like transformations") {
    auto infos = validate({{"predicates", "p,q"}, {"predicates.p.type", "com.example.NoSuchPredicate"}});
    CHECK(all_errors(infos) ==
          std::vector<std::string>{"Invalid value com.example.NoSuchPredicate for configuration predicates.p.type: "
                                   "Class com.example.NoSuchPredicate could not be found.",
                                   "Missing required configuration \"predicates.q.type\" which has no default value."});

    infos = validate({{"predicates", "p"}, {"predicates.p.type", topic_name_matches}});
    CHECK_THAT(entry(infos, "predicates.p.pattern")->value->errors.at(0),
               Catch::Equals("Missing required configuration \"predicates.p.pattern\" which has no default value."));
}

TEST_CASE("a transformation's predicate must be defined") {
    SECTION("negate without a predicate (Kafka's text, on the type key)") {
        auto infos =
            validate({{"transforms", "x"}, {"transforms.x.type", insert_field}, {"transforms.x.negate", "true"}});
        CHECK(entry(infos, "transforms.x.type")->value->errors ==
              std::vector<std::string>{"Config 'transforms.x.negate' was provided but there is no config "
                                       "'transforms.x.predicate' defining a predicate to be negated."});
        CHECK(infos.error_count == 1);
    }
    SECTION("a predicate alias that predicates does not list (Copycat refuses it; Kafka fails the task later)") {
        auto infos = validate({{"transforms", "x"},
                               {"transforms.x.type", insert_field},
                               {"transforms.x.predicate", "q"},
                               {"predicates", "p"},
                               {"predicates.p.type", topic_name_matches},
                               {"predicates.p.pattern", "a"}});
        CHECK(infos.error_count == 1);
        CHECK(entry(infos, "transforms.x.predicate")->value->errors ==
              std::vector<std::string>{
                  "Invalid value q for configuration transforms.x.predicate: Predicate alias not found in predicates"});
    }
}

TEST_CASE("a duplicate alias is reported once, its keys defined once") {
    auto infos = validate({{"transforms", "x,x"}, {"transforms.x.type", insert_field}});
    CHECK(all_errors(infos) ==
          std::vector<std::string>{"Invalid value [x, x] for configuration transforms: Duplicate alias provided."});
    auto names = names_with_prefix(infos, "transforms.x.type");
    CHECK(names.size() == 1);
}
