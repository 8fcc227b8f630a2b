#include <catch2/catch.hpp>

#include <thread>

#include "copycat/config/abstract_config.hpp"
#include "copycat/config/validators.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

namespace {

config_def sample_def() {
    config_def def;
    def.define("name", config_type::string, no_default, importance::high, "Name")
        .define("enabled", config_type::boolean, true, importance::low, "Enabled")
        .define("count", config_type::int_, 3, importance::low, "Count")
        .define("small", config_type::short_, std::int16_t{2}, importance::low, "Small")
        .define("big", config_type::long_, 10, importance::low, "Big")
        .define("ratio", config_type::double_, 0.5, importance::low, "Ratio")
        .define("topics", config_type::list, "", importance::low, "Topics")
        .define("secret", config_type::password, nullptr, importance::low, "Secret")
        .define("converter", config_type::class_, "org.example.Converter", importance::low, "Converter")
        .define("optional", config_type::string, nullptr, importance::low, "Optional");
    return def;
}

}  // namespace

TEST_CASE("typed getters return parsed values") {
    abstract_config config(sample_def(), {{"name", " n "},
                                          {"enabled", "FALSE"},
                                          {"count", "7"},
                                          {"big", "-9000000000"},
                                          {"topics", "a, b"},
                                          {"secret", "hunter2"}});
    CHECK(config.get_string("name") == "n");
    CHECK_FALSE(config.get_bool("enabled"));
    CHECK(config.get_int("count") == 7);
    CHECK(config.get_short("small") == 2);
    CHECK(config.get_int("small") == 2);
    CHECK(config.get_long("big") == -9000000000);
    CHECK(config.get_long("count") == 7);
    CHECK(config.get_double("ratio") == 0.5);
    CHECK(config.get_list("topics") == config_list{"a", "b"});
    CHECK(config.get_password("secret").value() == "hunter2");
    CHECK(parsed_value_to_string(config.get("secret")) == "[hidden]");
    CHECK(config.get_class("converter") == "org.example.Converter");
    CHECK(config.get_string("converter") == "org.example.Converter");
    CHECK(config.is_null("optional"));
    CHECK(config.type_of("count") == config_type::int_);
    CHECK(config.type_of("nope") == std::nullopt);
    CHECK(config.documentation_of("count") == "Count");
}

TEST_CASE("getters reject unknown keys, other types and nulls") {
    abstract_config config(sample_def(), {{"name", "n"}});
    CHECK_THROWS_WITH(config.get("nope"), "Unknown configuration 'nope'");
    CHECK_THROWS_WITH(config.get_int("name"), "Configuration 'name' is of type STRING, not INT");
    CHECK_THROWS_WITH(config.get_string("optional"), "Configuration 'optional' has no value (null)");
    CHECK_THROWS_AS(config.get_password("secret"), config_error);
}

TEST_CASE("construction fails like config_def::parse") {
    CHECK_THROWS_WITH(abstract_config(sample_def(), {}),
                      "Missing required configuration \"name\" which has no default value.");
    CHECK_THROWS_WITH(abstract_config(sample_def(), {{"name", "n"}, {"count", "99999999999"}}),
                      "Invalid value 99999999999 for configuration count: Not a number of type INT");
}

TEST_CASE("unused and unknown keys") {
    abstract_config config(sample_def(), {{"name", "n"}, {"count", "1"}, {"extra", "x"}, {"extra.two", "y"}});
    CHECK(config.unknown() == std::set<std::string>{"extra", "extra.two"});
    CHECK(config.unused() == std::set<std::string>{"count", "extra", "extra.two", "name"});
    (void)config.get_string("name");
    config.ignore("extra");
    CHECK(config.unused() == std::set<std::string>{"count", "extra.two"});

    abstract_config copy = config;
    (void)copy.get_int("count");
    CHECK(copy.unused() == std::set<std::string>{"extra.two"});
    CHECK(config.unused() == std::set<std::string>{"count", "extra.two"});
}

TEST_CASE("originals_with_prefix selects, and optionally strips, prefixed keys") {
    abstract_config config(sample_def(), {{"name", "n"},
                                          {"key.converter", "Json"},
                                          {"key.converter.schemas.enable", "false"},
                                          {"key.converter.", "only the prefix"},
                                          {"value.converter.x", "1"},
                                          {"key.convertera", "2"}});
    CHECK(config.originals_with_prefix("key.converter.") ==
          std::map<std::string, std::string>{{"schemas.enable", "false"}});
    CHECK(config.originals_with_prefix("key.converter.", false) ==
          std::map<std::string, std::string>{{"key.converter.schemas.enable", "false"}});
    CHECK(config.originals_with_prefix("nothing.").empty());
    CHECK(config.originals_with_prefix("").size() == 6);
    CHECK(config.originals().size() == 6);
}

TEST_CASE("values_with_prefix_override lets prefixed keys win") {
    abstract_config config(sample_def(), {{"name", "n"}, {"count", "1"}, {"p.count", "5"}, {"p.unknown", "x"}});
    auto values = config.values_with_prefix_override("p.");
    CHECK(values.at("count") == parsed_value{std::int32_t{5}});
    CHECK(values.at("name") == parsed_value{std::string("n")});
    CHECK_FALSE(values.contains("unknown"));
    CHECK(config.get_int("count") == 1);
}

TEST_CASE("getters can be used from several threads") {
    abstract_config config(sample_def(), {{"name", "n"}});
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&config] {
            for (int i = 0; i < 1000; ++i) (void)config.get_int("count");
        });
    }
    for (auto& thread : threads) thread.join();
    CHECK(config.unused() == std::set<std::string>{"name"});
}
