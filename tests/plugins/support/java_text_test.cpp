// append_java_text: the text Kafka's FileStreamSinkTask would print for a value.
#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

#include "copycat/data/schema_builder.hpp"
#include "copycat/data/struct_value.hpp"
#include "support/java_text.hpp"

using namespace copycat;
using copycat::plugin_support::append_java_text;

namespace {

std::string java(const value& v) {
    std::string out;
    append_java_text(out, v);
    return out;
}

}  // namespace

TEST_CASE("java text of primitives") {
    CHECK(java(value("plain text")) == "plain text");
    CHECK(java(value()) == "null");
    CHECK(java(value(true)) == "true");
    CHECK(java(value(std::int8_t{-5})) == "-5");
    CHECK(java(value(42)) == "42");
    CHECK(java(value(std::int64_t{-9000000000})) == "-9000000000");
}

TEST_CASE("java text of doubles and floats follows Double.toString and Float.toString") {
    CHECK(java(value(1.0)) == "1.0");
    CHECK(java(value(100.0)) == "100.0");
    CHECK(java(value(123456.789)) == "123456.789");
    CHECK(java(value(9999999.0)) == "9999999.0");
    CHECK(java(value(1e7)) == "1.0E7");
    CHECK(java(value(1.5e21)) == "1.5E21");
    CHECK(java(value(0.001)) == "0.001");
    CHECK(java(value(1.234e-5)) == "1.234E-5");
    CHECK(java(value(1e-4)) == "1.0E-4");
    CHECK(java(value(-2.5)) == "-2.5");
    CHECK(java(value(-0.0)) == "-0.0");
    CHECK(java(value(0.0)) == "0.0");
    CHECK(java(value(std::nan(""))) == "NaN");
    CHECK(java(value(-std::numeric_limits<double>::infinity())) == "-Infinity");
    CHECK(java(value(0.5f)) == "0.5");
    CHECK(java(value(3.14f)) == "3.14");
    CHECK(java(value(1e10f)) == "1.0E10");
}

TEST_CASE("java text of lists, maps and structs") {
    CHECK(java(value(value_array{value(1), value("a"), value()})) == "[1, a, null]");
    CHECK(java(value(value_map{{value("k"), value(1.0)}, {value("n"), value()}})) == "{k=1.0, n=null}");
    const schema_ptr s = schema_builder::struct_()
                             .field("a", schema::int32())
                             .field("b", schema::optional_string())
                             .field("c", schema::float64())
                             .build();
    struct_value st(s);
    st.put("a", value(1)).put("c", value(2.0));
    CHECK(java(value(st)) == "Struct{a=1,c=2.0}");
}
