// The formats' bytes: JSON lines, raw bytes, Java text.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "copycat/errors.hpp"
#include "storage/record_format.hpp"

using namespace copycat;
using namespace copycat::storage;

namespace {

std::string written(format_kind format, const value& v) {
    std::string out;
    append_record_value(format, out, v);
    return out;
}

}  // namespace

TEST_CASE("JsonFormat writes one JSON value per line, as JsonConverter without schemas") {
    const auto schema = schema_builder::struct_()
                            .field("id", schema::int64())
                            .field("name", schema::string())
                            .field("tags", schema_builder::array(schema::string()).build())
                            .build();
    struct_value s(schema);
    s.put("id", value(std::int64_t{7}))
        .put("name", value("a \"quoted\"\nline"))
        .put("tags", value(value_array{value("x")}));
    CHECK(written(format_kind::json, value(s)) == R"({"id":7,"name":"a \"quoted\"\nline","tags":["x"]})"
                                                  "\n");
    CHECK(written(format_kind::json, value("text")) == "\"text\"\n");
    CHECK(written(format_kind::json, value(1.5)) == "1.5\n");
    CHECK(written(format_kind::json, value(bytes{'h', 'i', '!', '?'})) == "\"aGkhPw==\"\n");
    CHECK(written(format_kind::json, value(value_map{{value(1), value(true)}})) == "[[1,true]]\n");
    CHECK(written(format_kind::json, value(decimal(12345, 2))) == "123.45\n");
    CHECK(written(format_kind::json, value(timestamp(1000))) == "1000\n");
    CHECK(written(format_kind::json, value(std::numeric_limits<double>::quiet_NaN())) == "\"NaN\"\n");
    CHECK(written(format_kind::json, value(std::string("\x01", 1))) == "\"\\u0001\"\n");
    CHECK(file_extension(format_kind::json) == ".json");
}

TEST_CASE("ByteArrayFormat writes the value's bytes and a newline, and refuses other values") {
    CHECK(written(format_kind::bytes, value(bytes{0, 1, 0xff})) == std::string("\x00\x01\xff\n", 4));
    CHECK(written(format_kind::bytes, value("abc")) == "abc\n");
    std::string out;
    CHECK_THROWS_AS(append_record_value(format_kind::bytes, out, value(42)), data_error);
    CHECK(file_extension(format_kind::bytes) == ".bin");
}

TEST_CASE("StringFormat writes the value's Java text, one per line") {
    CHECK(written(format_kind::string, value("plain")) == "plain\n");
    CHECK(written(format_kind::string, value(2.0)) == "2.0\n");
    CHECK(written(format_kind::string, value(value_array{value(1), value(2)})) == "[1, 2]\n");
    CHECK(file_extension(format_kind::string) == ".txt");
}
