// RegexRouter and TimestampRouter, ported from Kafka's RegexRouterTest and TimestampRouterTest.
#include <catch2/catch.hpp>

#include <string>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/regex_router.hpp"
#include "transforms/timestamp_router.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

std::string route(const std::string& regex, const std::string& replacement, const std::string& topic) {
    regex_router router;
    router.configure({{"regex", regex}, {"replacement", replacement}});
    sink_record record(topic, 0, nullptr, value(), nullptr, value(), 0);
    REQUIRE(router.apply(record));
    CHECK(record.original_topic == topic);
    return record.topic;
}

}  // namespace

TEST_CASE("RegexRouter rewrites matching topics") {
    CHECK(route("foo", "bar", "foo") == "bar");
    CHECK(route("foo", "bar", "orig") == "orig");
    CHECK(route("(.*)", "$1", "orig") == "orig");
    CHECK(route("(.*)", "prefix-$1", "orig") == "prefix-orig");
    CHECK(route("(.*)", "$1-suffix", "orig") == "orig-suffix");
    CHECK(route("(.*)-(\\d\\d\\d\\d\\d\\d\\d\\d)", "$1", "index-20160117") == "index");
    CHECK(route("(.*)-(\\d+)", "$2_$1", "index-2016") == "2016_index");
    CHECK(route("(?i)ORIG", "x", "orig") == "x");
    CHECK(route("a(b)?c", "[$1]\\$", "ac") == "[]$");  // an unmatched group is empty; \$ is a dollar
    CHECK(route("(o)rig", "$12", "orig") == "o2");     // $12 is group 1 then '2' when there is no group 12
}

TEST_CASE("RegexRouter validates its configuration") {
    regex_router router;
    CHECK_THROWS_WITH(router.configure({{"replacement", "x"}}),
                      "Missing required configuration \"regex\" which has no default value.");
    CHECK_THROWS_WITH(router.configure({{"regex", "x"}}),
                      "Missing required configuration \"replacement\" which has no default value.");
    CHECK_THROWS_WITH(router.configure({{"regex", "(unclosed"}, {"replacement", "x"}}),
                      Catch::Matchers::StartsWith("Invalid value (unclosed for configuration regex: Invalid regex: "));

    router.configure({{"regex", "(.*)"}, {"replacement", "$2"}});
    sink_record record("topic", 0, nullptr, value(), nullptr, value(), 0);
    CHECK_THROWS_WITH(router.apply(record), "No group 2");
}

TEST_CASE("TimestampRouter formats the topic with the record timestamp") {
    timestamp_router router;
    router.configure({});
    source_record record({}, {}, "test", 0, nullptr, value(), nullptr, value(), 1483425001864);
    REQUIRE(router.apply(record));
    CHECK(record.topic == "test-20170103");

    timestamp_router custom;
    custom.configure({{"topic.format", "${timestamp}/${topic}/${topic}"}, {"timestamp.format", "yyyy-MM-dd'T'HH"}});
    source_record other({}, {}, "t", 0, nullptr, value(), nullptr, value(), 1483425001864);
    REQUIRE(custom.apply(other));
    CHECK(other.topic == "2017-01-03T06/t/t");
}

TEST_CASE("TimestampRouter needs a timestamp and a valid format") {
    timestamp_router router;
    router.configure({});
    source_record record({}, {}, "test", 0, nullptr, value(), nullptr, value());
    CHECK_THROWS_WITH(router.apply(record), Catch::Matchers::StartsWith("Timestamp missing on record: "));
    CHECK_THROWS_WITH(router.configure({{"timestamp.format", "yyyyMMddb"}}),
                      "Invalid value yyyyMMddb for configuration timestamp.format: Illegal pattern character 'b'");
}
