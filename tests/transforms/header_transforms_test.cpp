// InsertHeader, DropHeaders and Filter, ported from Kafka's InsertHeaderTest and DropHeadersTest.
#include <catch2/catch.hpp>

#include "copycat/data.hpp"
#include "transform_test_support.hpp"
#include "transforms/drop_headers.hpp"
#include "transforms/filter.hpp"
#include "transforms/insert_header.hpp"

using namespace copycat;
using namespace copycat::transforms;
using namespace transform_test;

namespace {

source_record with_headers(headers h) {
    return source_record({{"foo", "bar"}}, {{"baz", "quxx"}}, "topic", 0, nullptr, "key", nullptr, "value", 0,
                         std::move(h));
}

void check_non_headers(const source_record& original, const source_record& transformed) {
    CHECK(transformed.source_partition == original.source_partition);
    CHECK(transformed.source_offset == original.source_offset);
    CHECK(transformed.topic == original.topic);
    CHECK(transformed.kafka_partition == original.kafka_partition);
    CHECK(transformed.key == original.key);
    CHECK(transformed.val == original.val);
    CHECK(transformed.timestamp == original.timestamp);
}

}  // namespace

TEST_CASE("InsertHeader adds a header after the existing ones") {
    insert_header xform;
    xform.configure({{"header", "inserted"}, {"value.literal", "inserted-value"}});
    headers h;
    h.add_string("existing", "existing-value");
    const source_record original = with_headers(h);
    source_record record = original;
    REQUIRE(xform.apply(record));
    check_non_headers(original, record);
    headers expected = h;
    expected.add_string("inserted", "inserted-value");
    CHECK(record.hdrs == expected);

    insert_header same;
    same.configure({{"header", "existing"}, {"value.literal", "inserted-value"}});
    source_record again = original;
    REQUIRE(same.apply(again));
    headers expected_same = h;
    expected_same.add_string("existing", "inserted-value");
    CHECK(again.hdrs == expected_same);
}

TEST_CASE("InsertHeader types the literal like Values.parseString") {
    auto inserted = [](const char* literal) {
        insert_header xform;
        xform.configure({{"header", "inserted"}, {"value.literal", literal}});
        source_record record = with_headers({});
        REQUIRE(xform.apply(record));
        REQUIRE(record.hdrs.size() == 1);
        return record.hdrs[0];
    };
    headers expected;
    expected.add_int8("inserted", 1);
    CHECK(inserted("1") == expected[0]);
    CHECK(inserted("true").val == value(true));
    CHECK(inserted("1000").val == value(std::int16_t{1000}));
    CHECK(inserted("-1.5").val == value(-1.5F));
    CHECK(inserted("2024-01-31").val == value(date(19753)));
    CHECK(inserted("null").val.is_null());
    CHECK(inserted("").val == value(""));
    CHECK(inserted("[1,2]").val == value("[1,2]"));
}

TEST_CASE("InsertHeader requires both keys") {
    insert_header xform;
    CHECK_THROWS_AS(xform.configure({{"value.literal", "1"}}), config_error);
    CHECK_THROWS_AS(xform.configure({{"header", "inserted"}}), config_error);
}

TEST_CASE("DropHeaders removes every header with the given names") {
    drop_headers xform;
    xform.configure({{"headers", "to-drop"}});
    headers expected;
    expected.add_string("existing", "existing-value");

    headers h = expected;
    h.add_string("to-drop", "existing-value");
    h.add_string("to-drop", "existing-other-value");
    const source_record original = with_headers(h);
    source_record record = original;
    REQUIRE(xform.apply(record));
    check_non_headers(original, record);
    CHECK(record.hdrs == expected);

    source_record untouched = with_headers(expected);
    REQUIRE(xform.apply(untouched));
    CHECK(untouched.hdrs == expected);

    CHECK_THROWS_WITH(xform.configure({{"headers", ""}}), "Invalid value [] for configuration headers: Empty list");
}

TEST_CASE("Filter drops every record") {
    filter xform;
    xform.configure({});
    CHECK(xform.config().empty());
    source_record record = with_headers({});
    CHECK_FALSE(xform.apply(record));
}
