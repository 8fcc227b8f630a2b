#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>

#include "common/properties.hpp"

using namespace copycat;

TEST_CASE("properties accept =, : and blank separators, comments and blank lines") {
    auto r = parse_properties(
        "# comment\n"
        "! also a comment\n"
        "\n"
        "name=local-file-source\n"
        "connector.class : FileStreamSource\n"
        "tasks.max 1\n"
        "  file = /tmp/in.txt  \n"
        "empty=\n");
    REQUIRE(r.ok());
    const auto& p = *r;
    CHECK(p.at("name") == "local-file-source");
    CHECK(p.at("connector.class") == "FileStreamSource");
    CHECK(p.at("tasks.max") == "1");
    CHECK(p.at("file") == "/tmp/in.txt  ");  // trailing blanks belong to the value, as in Java
    CHECK(p.at("empty").empty());
    CHECK(p.size() == 5);
}

TEST_CASE("properties handle continuation lines, escapes and CRLF") {
    auto r = parse_properties(
        "list=a,\\\n    b,\\\n    c\r\n"
        "path=C:\\\\dir\r\n"
        "key\\=with\\:seps=v\n"
        "tab=x\\ty\n"
        "unicode=\\u00e9\n"
        "last=wins\n"
        "last=really\n");
    REQUIRE(r.ok());
    const auto& p = *r;
    CHECK(p.at("list") == "a,b,c");
    CHECK(p.at("path") == "C:\\dir");
    CHECK(p.at("key=with:seps") == "v");
    CHECK(p.at("tab") == "x\ty");
    CHECK(p.at("unicode") == "\xc3\xa9");
    CHECK(p.at("last") == "really");
}

TEST_CASE("properties report a malformed unicode escape with its line") {
    auto r = parse_properties("a=1\nb=\\u12\n");
    REQUIRE_FALSE(r.ok());
    CHECK_THAT(r.err().message, Catch::Contains("line 2"));
}

TEST_CASE("properties file reading names the missing file") {
    auto r = read_properties_file("/nonexistent/worker.properties");
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().code == errc::not_found);
    CHECK_THAT(r.err().message, Catch::Contains("/nonexistent/worker.properties"));
}
