#include <catch2/catch.hpp>

#include "copycat/config/config_def.hpp"
#include "copycat/config/validators.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

namespace {

const config_value& entry(const std::vector<config_value>& values, std::string_view name) {
    for (const auto& v : values) {
        if (v.name == name) return v;
    }
    FAIL("no entry " << name);
    throw std::logic_error("unreachable");
}

// Recommends "a" and "b" for its key, and hides the key unless "mode" is "advanced".
class mode_recommender final : public config_recommender {
public:
    std::vector<parsed_value> valid_values(std::string_view, const parsed_config&) const override {
        return {std::string("a"), std::string("b")};
    }
    bool visible(std::string_view, const parsed_config& parsed) const override {
        auto it = parsed.find("mode");
        return it != parsed.end() && it->second == parsed_value{std::string("advanced")};
    }
};

class failing_recommender final : public config_recommender {
public:
    std::vector<parsed_value> valid_values(std::string_view name, const parsed_config&) const override {
        throw config_error("cannot recommend " + std::string(name));
    }
    bool visible(std::string_view, const parsed_config&) const override { return true; }
};

}  // namespace

TEST_CASE("validate reports every key in definition order with every error") {
    config_def def;
    def.define("topic", config_type::string, no_default, importance::high, "The topic")
        .define("batch.size", config_type::int_, 2000, range::at_least(1), importance::low, "Batch")
        .define("tasks", config_type::int_, no_default, range::at_least(1), importance::high, "Tasks")
        .define("secret", config_type::password, nullptr, importance::low, "Secret")
        .define("flag", config_type::boolean, false, importance::low, "Flag");

    auto values = def.validate({{"batch.size", "-3"}, {"flag", "maybe"}, {"secret", "pw"}, {"unknown", "x"}});
    REQUIRE(values.size() == 5);
    CHECK(values[0].name == "topic");
    CHECK(values[4].name == "flag");

    const auto& topic = entry(values, "topic");
    CHECK(is_null(topic.value));
    CHECK(topic.errors ==
          std::vector<std::string>{"Missing required configuration \"topic\" which has no default value."});
    CHECK(topic.visible);

    const auto& batch = entry(values, "batch.size");
    CHECK(batch.value == parsed_value{std::int32_t{-3}});
    CHECK(batch.errors ==
          std::vector<std::string>{"Invalid value -3 for configuration batch.size: Value must be at least 1"});

    // Missing and required, then the validator sees null: two errors, as in Kafka.
    const auto& tasks = entry(values, "tasks");
    CHECK(tasks.errors ==
          std::vector<std::string>{"Missing required configuration \"tasks\" which has no default value.",
                                   "Invalid value null for configuration tasks: Value must be non-null"});

    const auto& flag = entry(values, "flag");
    CHECK(is_null(flag.value));
    CHECK(flag.errors == std::vector<std::string>{
                             "Invalid value maybe for configuration flag: Expected value to be either true or false"});

    const auto& secret = entry(values, "secret");
    CHECK(secret.value == parsed_value{password("pw")});
    CHECK(secret.errors.empty());

    auto by_name = def.validate_all({{"topic", "t"}, {"tasks", "1"}});
    CHECK(by_name.size() == 5);
    for (const auto& [name, v] : by_name) CHECK(v.errors.empty());
}

TEST_CASE("validate uses recommenders and reports undefined dependents") {
    config_def def;
    def.define("mode", config_type::string, "basic", importance::high, "Mode", "G", 1, width::none, "Mode",
               std::vector<std::string>{"choice", "ghost"})
        .define("choice", config_type::string, "a", valid_string::in({"a", "b"}), importance::low, "Choice", "G", 2,
                width::none, "Choice", {}, std::make_shared<mode_recommender>())
        .define("broken", config_type::string, "", importance::low, "Broken", "G", 3, width::none, "Broken", {},
                std::make_shared<failing_recommender>());

    auto basic = def.validate({});
    REQUIRE(basic.size() == 4);
    const auto& choice = entry(basic, "choice");
    CHECK(choice.recommended_values == std::vector<parsed_value>{std::string("a"), std::string("b")});
    CHECK_FALSE(choice.visible);
    const auto& ghost = basic.back();
    CHECK(ghost.name == "ghost");
    CHECK(ghost.errors == std::vector<std::string>{"ghost is referred in the dependents, but not defined."});
    CHECK_FALSE(ghost.visible);
    CHECK(entry(basic, "broken").errors == std::vector<std::string>{"cannot recommend broken"});

    auto advanced = def.validate({{"mode", "advanced"}, {"choice", "c"}});
    const auto& advanced_choice = entry(advanced, "choice");
    CHECK(advanced_choice.visible);
    CHECK(advanced_choice.errors ==
          std::vector<std::string>{"Invalid value c for configuration choice: String must be one of: a, b"});
}
