#include <catch2/catch.hpp>

#include "copycat/errors.hpp"
#include "runtime/test_plugins.hpp"
#include "runtime/transformation_chain.hpp"
#include "runtime/worker_config.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

source_record record(const std::string& topic, const std::string& v) {
    return source_record({}, {}, topic, std::nullopt, nullptr, value(v));
}

loader::plugin_registry& registry() {
    static loader::plugin_registry r = [] {
        loader::plugin_registry out;
        testing::register_test_plugins(out);
        return out;
    }();
    return r;
}

}  // namespace

TEST_CASE("an empty chain passes records through") {
    auto chain = transformation_chain::create(registry(), {});
    REQUIRE(chain.ok());
    CHECK(chain->empty());
    auto r = record("t", "a");
    CHECK(chain->apply(r));
    CHECK(r.val.as_string() == "a");
}

TEST_CASE("transformations apply in order and may drop records") {
    auto chain = transformation_chain::create(registry(), {{"transforms", "up, up2"},
                                                           {"transforms.up.type", "test.UppercaseValue"},
                                                           {"transforms.up2.type", "UppercaseValue"}});
    REQUIRE(chain.ok());
    CHECK(chain->size() == 2);
    auto r = record("t", "abc");
    CHECK(chain->apply(r));
    CHECK(r.val.as_string() == "ABC");
    auto dropped = record("t", "drop");
    CHECK_FALSE(chain->apply(dropped));
    auto bad = record("t", "explode");
    CHECK_THROWS_AS(chain->apply(bad), data_error);
}

TEST_CASE("a predicate decides where a transformation applies, negate inverts it") {
    const runtime::string_map base{
        {"transforms", "up"},  {"transforms.up.type", "test.UppercaseValue"}, {"transforms.up.predicate", "isA"},
        {"predicates", "isA"}, {"predicates.isA.type", "test.TopicIs"},       {"predicates.isA.topic", "a"}};
    auto chain = transformation_chain::create(registry(), base);
    REQUIRE(chain.ok());
    auto in_a = record("a", "x");
    auto in_b = record("b", "x");
    chain->apply(in_a);
    chain->apply(in_b);
    CHECK(in_a.val.as_string() == "X");
    CHECK(in_b.val.as_string() == "x");

    auto negated_config = base;
    negated_config["transforms.up.negate"] = "true";
    auto negated = transformation_chain::create(registry(), negated_config);
    REQUIRE(negated.ok());
    auto a2 = record("a", "x");
    auto b2 = record("b", "x");
    negated->apply(a2);
    negated->apply(b2);
    CHECK(a2.val.as_string() == "x");
    CHECK(b2.val.as_string() == "X");
}

TEST_CASE("chain configuration errors name the key at fault") {
    auto missing_type = transformation_chain::create(registry(), {{"transforms", "t"}});
    REQUIRE_FALSE(missing_type.ok());
    CHECK(missing_type.err().message ==
          "Missing required configuration \"transforms.t.type\" which has no default value.");

    auto unknown =
        transformation_chain::create(registry(), {{"transforms", "t"}, {"transforms.t.type", "com.Missing"}});
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.err().message.find("transforms.t.type") != std::string::npos);

    auto no_predicate = transformation_chain::create(
        registry(),
        {{"transforms", "t"}, {"transforms.t.type", "test.UppercaseValue"}, {"transforms.t.predicate", "p"}});
    REQUIRE_FALSE(no_predicate.ok());
    CHECK(no_predicate.err().message.find("transforms.t.predicate") != std::string::npos);

    auto bad_config = transformation_chain::create(registry(), {{"transforms", "t"},
                                                                {"transforms.t.type", "test.UppercaseValue"},
                                                                {"transforms.t.fail.on.configure", "true"}});
    REQUIRE_FALSE(bad_config.ok());
    CHECK(bad_config.err().message.find("bad transformation config") != std::string::npos);
}
