#include <catch2/catch.hpp>

#include <string>

#include "runtime/source_offset_codec.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {
std::string text(const storage::offset_bytes& b) { return std::string(b.begin(), b.end()); }
storage::offset_bytes bytes_of(const std::string& s) { return storage::offset_bytes(s.begin(), s.end()); }
}  // namespace

TEST_CASE("offset keys and values are Kafka's schemaless JSON") {
    source_offset_codec codec;
    CHECK(text(codec.encode_key("local-file-source", {{"filename", value("/tmp/test.txt")}})) ==
          "[\"local-file-source\",{\"filename\":\"/tmp/test.txt\"}]");
    CHECK(text(codec.encode_value({{"position", value(std::int64_t{42})}})) == "{\"position\":42}");
    CHECK(text(codec.encode_key("c", {{"a", value(1)}, {"b", value(true)}})) == "[\"c\",{\"a\":1,\"b\":true}]");
}

TEST_CASE("stored offsets decode back") {
    source_offset_codec codec;
    auto offset = codec.decode_value(bytes_of("{\"position\":42,\"file\":\"x\"}"));
    REQUIRE(offset);
    CHECK(offset->at("position").as_int64() == 42);
    CHECK(offset->at("file").as_string() == "x");
    auto key = codec.decode_key(bytes_of("[\"conn\",{\"filename\":\"/tmp/a\"}]"));
    REQUIRE(key);
    CHECK(key->first == "conn");
    CHECK(key->second.at("filename").as_string() == "/tmp/a");
    CHECK_FALSE(codec.decode_value(bytes_of("[1,2]")));
    CHECK_FALSE(codec.decode_value(bytes_of("not json")));
    CHECK_FALSE(codec.decode_key(bytes_of("{\"a\":1}")));
}
