// TopicNameMatches, HasHeaderKey and RecordIsTombstone, ported from Kafka's predicate tests.
#include <catch2/catch.hpp>

#include <string>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/has_header_key.hpp"
#include "transforms/record_is_tombstone.hpp"
#include "transforms/topic_name_matches.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

source_record on_topic(std::string topic) {
    return source_record({}, {}, std::move(topic), std::nullopt, nullptr, value());
}

source_record with_header_names(std::initializer_list<const char*> names) {
    headers h;
    for (const char* name : names) {
        h.add(name, value());
    }
    return source_record({}, {}, "", std::nullopt, nullptr, value(), nullptr, value(), std::nullopt, h);
}

}  // namespace

TEST_CASE("TopicNameMatches validates its pattern") {
    topic_name_matches p;
    CHECK_THROWS_WITH(p.configure({}), Catch::Matchers::Contains("Missing required configuration \"pattern\""));
    CHECK_THROWS_WITH(p.configure({{"pattern", ""}}), Catch::Matchers::Contains("String must be non-empty"));
    CHECK_THROWS_WITH(p.configure({{"pattern", "["}}), Catch::Matchers::Contains("Invalid regex"));

    CHECK(p.config().validate({{"pattern", "my-prefix-.*"}}).front().errors.empty());
    const auto result = p.config().validate({{"pattern", "*"}});
    REQUIRE(result.front().errors.size() == 1);
    CHECK_THAT(result.front().errors.front(), Catch::Matchers::Contains("Invalid regex"));
}

TEST_CASE("TopicNameMatches tests the whole topic") {
    topic_name_matches p;
    p.configure({{"pattern", "my-prefix-.*"}});
    CHECK(p.test(on_topic("my-prefix-")));
    CHECK(p.test(on_topic("my-prefix-foo")));
    CHECK_FALSE(p.test(on_topic("x-my-prefix-")));
    CHECK_FALSE(p.test(on_topic("x-my-prefix-foo")));
    CHECK_FALSE(p.test(on_topic("your-prefix-")));
    CHECK_FALSE(p.test(on_topic("your-prefix-foo")));
    CHECK_FALSE(p.test(on_topic("")));
}

TEST_CASE("HasHeaderKey validates its name") {
    has_header_key p;
    CHECK_THROWS_WITH(p.configure({}), Catch::Matchers::Contains("Missing required configuration \"name\""));
    CHECK_THROWS_WITH(p.configure({{"name", ""}}), Catch::Matchers::Contains("String must be non-empty"));
    const auto result = p.config().validate({{"name", ""}});
    REQUIRE(result.front().errors.size() == 1);
    CHECK(result.front().errors.front() == "Invalid value  for configuration name: String must be non-empty");
}

TEST_CASE("HasHeaderKey tests for a header name") {
    has_header_key p;
    p.configure({{"name", "foo"}});
    CHECK(p.test(with_header_names({"foo"})));
    CHECK(p.test(with_header_names({"foo", "bar"})));
    CHECK(p.test(with_header_names({"bar", "foo", "bar", "foo"})));
    CHECK_FALSE(p.test(with_header_names({"bar"})));
    CHECK_FALSE(p.test(with_header_names({"bar", "bar"})));
    CHECK_FALSE(p.test(with_header_names({})));
}

TEST_CASE("RecordIsTombstone tests for a null value") {
    record_is_tombstone p;
    p.configure({});
    CHECK(p.config().empty());
    CHECK(p.test(sink(nullptr, "key", nullptr, value())));
    CHECK(p.test(sink(nullptr, "key", schema::optional_string(), value())));
    CHECK_FALSE(p.test(sink(nullptr, value(), nullptr, "value")));
}
