#include <catch2/catch.hpp>

#include "copycat/config/config_info.hpp"
#include "copycat/config/validators.hpp"

using namespace copycat;

TEST_CASE("config_key_info renders a definition like Kafka's ConfigKeyInfo") {
    config_def def;
    def.define("tasks.max", config_type::int_, 1, range::at_least(1), importance::high,
               "Maximum number of tasks to use for this connector.", "Common", 3, width::short_, "Tasks max")
        .define("topic", config_type::string, importance::high, "The topic")
        .define("file", config_type::string, nullptr, importance::high, "The file")
        .define("topics", config_type::list, "a, b", importance::high, "Topics")
        .define("secret", config_type::password, "pw", importance::low, "Secret")
        .define("ratio", config_type::double_, 1, importance::low, "Ratio");

    auto tasks = config_key_info::from(*def.find("tasks.max"));
    CHECK(tasks.name == "tasks.max");
    CHECK(tasks.type == "INT");
    CHECK_FALSE(tasks.required);
    CHECK(tasks.default_value == "1");
    CHECK(tasks.importance == "HIGH");
    CHECK(tasks.documentation == "Maximum number of tasks to use for this connector.");
    CHECK(tasks.group == "Common");
    CHECK(tasks.order == 3);
    CHECK(tasks.width == "SHORT");
    CHECK(tasks.display_name == "Tasks max");
    CHECK(tasks.dependents.empty());

    auto topic = config_key_info::from(*def.find("topic"));
    CHECK(topic.required);
    CHECK(topic.default_value == std::nullopt);
    CHECK(topic.group == std::nullopt);
    CHECK(topic.order == -1);
    CHECK(topic.width == "NONE");

    auto file = config_key_info::from(*def.find("file"));
    CHECK_FALSE(file.required);
    CHECK(file.default_value == std::nullopt);

    CHECK(config_key_info::from(*def.find("topics")).default_value == "a,b");
    CHECK(config_key_info::from(*def.find("secret")).default_value == "[hidden]");
    CHECK(config_key_info::from(*def.find("ratio")).default_value == "1.0");
    CHECK(config_key_info::from(*def.find("topic"), "prefix.").name == "prefix.topic");
}

TEST_CASE("config_value_info renders a validation result") {
    config_value v("topics");
    v.value = config_list{"a", "b"};
    v.recommended_values = {config_list{"x"}, std::string("y")};
    v.errors = {"bad"};
    v.visible = false;
    auto info = config_value_info::from(v, config_type::list);
    CHECK(info.name == "topics");
    CHECK(info.value == "a,b");
    CHECK(info.recommended_values == std::vector<std::string>{"[x]", "y"});
    CHECK(info.errors == std::vector<std::string>{"bad"});
    CHECK_FALSE(info.visible);

    config_value secret("secret");
    secret.value = password("pw");
    CHECK(config_value_info::from(secret, config_type::password).value == "[hidden]");
    // As a plugin's validate() may answer a PASSWORD key: its value as a plain string.
    config_value plain_secret("secret");
    plain_secret.value = std::string("pw");
    CHECK(config_value_info::from(plain_secret, config_type::password).value == "[hidden]");
    CHECK(config_value_info::from(config_value("secret"), config_type::password).value == std::nullopt);
    CHECK(config_value_info::from(config_value("none"), config_type::string).value == std::nullopt);
}

TEST_CASE("config_infos::generate builds the validate response") {
    config_def def;
    def.define("topic", config_type::string, importance::high, "The topic", "Common", 1, width::long_, "Topic")
        .define("batch.size", config_type::int_, 2000, range::at_least(1), importance::low, "Batch", "Common", 2,
                width::short_, "Batch size");
    auto values = def.validate({{"batch.size", "0"}});
    config_value stray("stray");
    stray.add_error("not a connector config");
    values.insert(values.begin(), stray);

    auto infos = config_infos::generate("org.example.MySource", def, values, {"Common", "Extra"});
    CHECK(infos.name == "org.example.MySource");
    CHECK(infos.error_count == 3);
    CHECK(infos.groups == std::vector<std::string>{"Common", "Extra"});
    REQUIRE(infos.configs.size() == 3);

    CHECK(infos.configs[0].definition == std::nullopt);
    CHECK(infos.configs[0].value->name == "stray");

    const auto& topic = infos.configs[1];
    CHECK(topic.definition->name == "topic");
    CHECK(topic.definition->required);
    CHECK(topic.value->value == std::nullopt);
    CHECK(topic.value->errors ==
          std::vector<std::string>{"Missing required configuration \"topic\" which has no default value."});

    const auto& batch = infos.configs[2];
    CHECK(batch.definition->default_value == "2000");
    CHECK(batch.value->value == "0");
    CHECK(batch.value->errors ==
          std::vector<std::string>{"Invalid value 0 for configuration batch.size: Value must be at least 1"});

    // A key without a reported value gets a null value.
    auto partial = config_infos::generate("c", def, {}, {});
    CHECK(partial.error_count == 0);
    CHECK(partial.configs.size() == 2);
    CHECK(partial.configs[0].value == std::nullopt);
}
