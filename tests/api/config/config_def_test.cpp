#include <catch2/catch.hpp>

#include "copycat/config/config_def.hpp"
#include "copycat/config/validators.hpp"
#include "copycat/errors.hpp"

using namespace copycat;

namespace {

using props = std::map<std::string, std::string>;

config_def file_source_def() {
    config_def def;
    def.define("file", config_type::string, nullptr, importance::high, "Source filename.")
        .define("topic", config_type::string, no_default, non_empty_string::instance(), importance::high,
                "The topic to publish data to")
        .define("batch.size", config_type::int_, 2000, range::at_least(1), importance::low,
                "The maximum number of records the source task can read from the file each time it is polled");
    return def;
}

std::string parse_error(const config_def& def, const props& p) {
    try {
        def.parse(p);
    } catch (const config_error& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("parse applies defaults and types") {
    auto values = file_source_def().parse({{"topic", " t "}, {"batch.size", "10"}, {"other", "x"}});
    CHECK(values.at("topic") == parsed_value{std::string("t")});
    CHECK(values.at("batch.size") == parsed_value{std::int32_t{10}});
    CHECK(is_null(values.at("file")));
    CHECK_FALSE(values.contains("other"));

    auto defaults = file_source_def().parse({{"topic", "t"}});
    CHECK(defaults.at("batch.size") == parsed_value{std::int32_t{2000}});
}

TEST_CASE("parse reports the first problem with Kafka's message") {
    auto def = file_source_def();
    CHECK(parse_error(def, {}) == "Missing required configuration \"topic\" which has no default value.");
    CHECK(parse_error(def, {{"topic", "t"}, {"batch.size", "ten"}}) ==
          "Invalid value ten for configuration batch.size: Not a number of type INT");
    CHECK(parse_error(def, {{"topic", "t"}, {"batch.size", "0"}}) ==
          "Invalid value 0 for configuration batch.size: Value must be at least 1");
    CHECK(parse_error(def, {{"topic", "  "}}) == "Invalid value  for configuration topic: String must be non-empty");
}

TEST_CASE("defaults are converted to the key's type and validated when defined") {
    config_def def;
    def.define("l", config_type::long_, 5, importance::low, "")
        .define("d", config_type::double_, 2, importance::low, "")
        .define("s", config_type::short_, "7", importance::low, "")
        .define("list", config_type::list, "a, b", importance::low, "")
        .define("list2", config_type::list, config_list{"x"}, importance::low, "")
        .define("str", config_type::string, "  padded ", importance::low, "")
        .define("b", config_type::boolean, false, importance::low, "")
        .define("p", config_type::password, "secret", importance::low, "");
    CHECK(def.find("l")->default_value == parsed_value{std::int64_t{5}});
    CHECK(def.find("d")->default_value == parsed_value{2.0});
    CHECK(def.find("s")->default_value == parsed_value{std::int16_t{7}});
    CHECK(def.find("list")->default_value == parsed_value{config_list{"a", "b"}});
    CHECK(def.find("list2")->default_value == parsed_value{config_list{"x"}});
    CHECK(def.find("str")->default_value == parsed_value{std::string("padded")});
    CHECK(def.find("b")->default_value == parsed_value{false});
    CHECK(def.find("p")->default_value == parsed_value{password("secret")});

    config_def bad;
    CHECK_THROWS_WITH(bad.define("i", config_type::int_, "x", importance::low, ""),
                      "Invalid value x for configuration i: Not a number of type INT");
    CHECK_THROWS_WITH(bad.define("i", config_type::int_, std::int64_t{1} << 40, importance::low, ""),
                      "Invalid value 1099511627776 for configuration i: Expected value to be a 32-bit integer, but "
                      "it was a java.lang.Long");
    CHECK_THROWS_WITH(bad.define("i", config_type::int_, 0, range::at_least(1), importance::low, ""),
                      "Invalid value 0 for configuration i: Value must be at least 1");
    CHECK_THROWS_WITH(
        bad.define("s", config_type::string, 3, importance::low, ""),
        "Invalid value 3 for configuration s: Expected value to be a string, but it was a java.lang.Long");
    // A null default is still validated, as in Kafka.
    CHECK_THROWS_WITH(bad.define("r", config_type::int_, nullptr, range::at_least(1), importance::low, ""),
                      "Invalid value null for configuration r: Value must be non-null");
    CHECK(bad.empty());
}

TEST_CASE("a key cannot be defined twice") {
    config_def def;
    def.define("a", config_type::string, "", importance::low, "");
    CHECK_THROWS_WITH(def.define("a", config_type::int_, 1, importance::low, ""), "Configuration a is defined twice.");
    CHECK(def.size() == 1);
}

TEST_CASE("the short forms of define fill Kafka's defaults") {
    config_def def;
    def.define("a", config_type::string, importance::high, "doc a");
    const config_key& a = *def.find("a");
    CHECK_FALSE(a.has_default());
    CHECK(a.display_name == "a");
    CHECK(a.group == std::nullopt);
    CHECK(a.order_in_group == -1);
    CHECK(a.width == width::none);
    CHECK(a.dependents.empty());
    CHECK(a.validator == nullptr);

    def.define("b", config_type::int_, importance::medium, "doc b", "Common", 2, width::short_, "B");
    CHECK(def.find("b")->group == "Common");
    CHECK(def.find("b")->display_name == "B");
    CHECK(def.groups() == std::vector<std::string>{"Common"});

    def.define_internal("c", config_type::boolean, true, importance::low);
    CHECK(def.find("c")->internal_config);
    CHECK(def.names() == std::vector<std::string>{"a", "b", "c"});
}

TEST_CASE("groups keep their first-seen order") {
    config_def def;
    def.define("a", config_type::string, "", importance::low, "", "G2", 1, width::none, "A")
        .define("b", config_type::string, "", importance::low, "", "G1", 1, width::none, "B")
        .define("c", config_type::string, "", importance::low, "", "G2", 2, width::none, "C");
    CHECK(def.groups() == std::vector<std::string>{"G2", "G1"});
}

TEST_CASE("merge and with compose definitions") {
    config_def base;
    base.define("a", config_type::string, "", importance::low, "", "Common", 1, width::none, "A");
    config_def extra;
    extra.define("b", config_type::int_, 1, importance::low, "", "Extra", 1, width::none, "B");

    config_def combined = base.with(extra);
    CHECK(combined.names() == std::vector<std::string>{"a", "b"});
    CHECK(combined.groups() == std::vector<std::string>{"Common", "Extra"});
    CHECK(base.size() == 1);  // with() leaves the original alone

    base.merge(extra);
    CHECK(base.names() == std::vector<std::string>{"a", "b"});
    CHECK_THROWS_WITH(base.merge(extra), "Configuration b is defined twice.");
}

TEST_CASE("sorted_configs orders by group, order, required, importance and name") {
    config_def def;
    def.define("z", config_type::string, "", importance::low, "")
        .define("y", config_type::string, importance::low, "")
        .define("x", config_type::string, "", importance::high, "")
        .define("g1", config_type::string, "", importance::low, "", "G", 2, width::none, "g1")
        .define("g0", config_type::string, "", importance::low, "", "G", 1, width::none, "g0");
    std::vector<std::string> names;
    for (const auto& key : def.sorted_configs()) names.push_back(key.name);
    CHECK(names == std::vector<std::string>{"y", "x", "z", "g0", "g1"});
}

TEST_CASE("embed prefixes keys, groups, dependents and validator names") {
    config_def child;
    child
        .define("field", config_type::string, no_default, non_empty_string::instance(), importance::high, "The field",
                std::nullopt, -1, width::none, "Field", std::vector<std::string>{"other"})
        .define("other", config_type::int_, 1, range::at_least(0), importance::low, "Other", "Inner", 0, width::none,
                "Other");
    config_def parent;
    parent.define("transforms", config_type::list, "", importance::low, "");
    parent.embed("transforms.t1.", "Transforms: t1", 5, child);

    REQUIRE(parent.contains("transforms.t1.field"));
    const config_key& field = *parent.find("transforms.t1.field");
    CHECK(field.group == "Transforms: t1");
    CHECK(field.order_in_group == 5);
    CHECK(field.dependents == std::vector<std::string>{"transforms.t1.other"});
    const config_key& other = *parent.find("transforms.t1.other");
    CHECK(other.group == "Transforms: t1: Inner");
    CHECK(other.order_in_group == 6);
    CHECK(parent.groups() == std::vector<std::string>{"Transforms: t1", "Transforms: t1: Inner"});

    // Kafka reports embedded validator failures under the unprefixed name.
    CHECK_THROWS_WITH(parent.parse({{"transforms.t1.field", "f"}, {"transforms.t1.other", "-1"}}),
                      "Invalid value -1 for configuration other: Value must be at least 0");
}

TEST_CASE("parse rejects dependents that are not defined") {
    config_def def;
    def.define("a", config_type::string, "", importance::low, "", std::nullopt, -1, width::none, "a",
               std::vector<std::string>{"missing1", "missing2"});
    CHECK_THROWS_WITH(def.parse({}),
                      "Some configurations in are referred in the dependents, but not defined: missing1,missing2");
}
