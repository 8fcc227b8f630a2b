// Field paths (KIP-821), ported from Kafka's FieldPathNotationTest, SingleFieldPathTest and
// FieldSyntaxVersionTest.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "copycat/config/abstract_config.hpp"
#include "copycat/data.hpp"
#include "transforms/field_path.hpp"

using namespace copycat;
using namespace copycat::transforms;

namespace {

using steps = std::vector<std::string>;

steps v2(const std::string& path) { return single_field_path(path, field_syntax_version::v2).steps(); }

single_field_path path_v2(const std::string& path) { return single_field_path(path, field_syntax_version::v2); }

}  // namespace

TEST_CASE("V1 paths are a single step") {
    for (const char* path : {"foo.bar.baz", "foo`bar`", "foo.`bar.baz`"}) {
        CHECK(single_field_path(path, field_syntax_version::v1).steps() == steps{path});
    }
}

TEST_CASE("V2 paths split on dots, honouring backtick pairs") {
    CHECK(v2("..") == steps{"", "", ""});
    CHECK(v2("foo..") == steps{"foo", "", ""});
    CHECK(v2(".bar.") == steps{"", "bar", ""});
    CHECK(v2("..baz") == steps{"", "", "baz"});
    CHECK(v2("").empty());
    CHECK(v2("foobarbaz") == steps{"foobarbaz"});
    CHECK(v2("foo.bar.baz") == steps{"foo", "bar", "baz"});
    CHECK(v2("foo`bar`baz") == steps{"foo`bar`baz"});
    CHECK(v2("`foo.bar.baz`") == steps{"foo.bar.baz"});
    CHECK(v2("foo.`bar.baz`") == steps{"foo", "bar.baz"});
    CHECK(v2("`foo.bar`.baz") == steps{"foo.bar", "baz"});
    CHECK(v2("foo.`bar`.baz") == steps{"foo", "bar", "baz"});
}

TEST_CASE("V2 paths keep backticks that do not wrap a step and honour escapes") {
    CHECK(v2("foo.``bar.baz`") == steps{"foo", "`bar.baz"});
    CHECK(v2("foo.`bar.baz``") == steps{"foo", "bar.baz`"});
    CHECK(v2("foo.`ba`r.baz`") == steps{"foo", "ba`r.baz"});
    CHECK(v2("foo.ba`r.baz") == steps{"foo", "ba`r", "baz"});
    CHECK(v2("foo.``bar``.baz") == steps{"foo", "`bar`", "baz"});
    CHECK(v2("``foo.bar.baz``") == steps{"`foo.bar.baz`"});
    CHECK(v2("foo.`bar\\`.baz`") == steps{"foo", "bar`.baz"});
    CHECK(v2("foo.`bar.`baz`") == steps{"foo", "bar.`baz"});
    CHECK(v2("foo.`bar\\`.`baz`") == steps{"foo", "bar`.`baz"});
    CHECK(v2("foo.`bar\\\\`.\\`baz`") == steps{"foo", "bar\\`.\\`baz"});
}

TEST_CASE("V2 paths with an incomplete backtick pair are rejected") {
    CHECK_THROWS_WITH(v2("`foo.bar.baz"),
                      "Incomplete backtick pair in path: [`foo.bar.baz], consider adding a "
                      "backslash before backtick at position 0 to escape it");
    CHECK_THROWS_WITH(v2("foo.`bar.baz"),
                      "Incomplete backtick pair in path: [foo.`bar.baz], consider adding a "
                      "backslash before backtick at position 4 to escape it");
    CHECK_THROWS_WITH(v2("foo.bar.`baz"),
                      "Incomplete backtick pair in path: [foo.bar.`baz], consider adding a "
                      "backslash before backtick at position 8 to escape it");
    CHECK_THROWS_WITH(v2("foo.bar.`baz\\`"),
                      "Incomplete backtick pair in path: [foo.bar.`baz\\`], consider adding "
                      "a backslash before backtick at position 8 to escape it");
}

TEST_CASE("Paths find fields in schemas") {
    const schema_ptr bar = schema_builder::struct_().field("bar", schema::int32()).build();
    const schema_ptr s = schema_builder::struct_().field("foo", bar).build();
    CHECK(*path_v2("foo.bar").field_from(s) == bar->get_field("bar"));
    CHECK(*path_v2("foo").field_from(s) == s->get_field("foo"));
    CHECK(path_v2("un.known").field_from(s) == nullptr);
    CHECK(path_v2("foo.unknown").field_from(s) == nullptr);
    CHECK(path_v2("unknown").field_from(s) == nullptr);
    CHECK(path_v2("test").field_from(nullptr) == nullptr);
}

TEST_CASE("Paths find values in maps") {
    const value_map m{{"foo", value_map{{"bar", 42}, {"baz", value()}}}};
    CHECK(path_v2("foo.bar").value_from(m) == value(42));
    CHECK(path_v2("foo.baz").value_from(m).is_null());
    CHECK(path_v2("un.known").value_from(m).is_null());
    CHECK(path_v2("foo.unknown").value_from(m).is_null());
    CHECK(path_v2("unknown").value_from(m).is_null());
    CHECK(path_v2("foo.baz.inner").value_from(m).is_null());
}

TEST_CASE("Paths find values in structs") {
    const schema_ptr baz = schema_builder::struct_().field("inner", schema::string()).optional().build();
    const schema_ptr bar = schema_builder::struct_().field("bar", schema::int32()).field("baz", baz).build();
    const schema_ptr s = schema_builder::struct_().field("foo", bar).build();
    struct_value st(s);
    st.put("foo", struct_value(bar).put("bar", 42).put("baz", value()));
    CHECK(path_v2("foo.bar").value_from(st) == value(42));
    CHECK(path_v2("foo.baz").value_from(st).is_null());
    CHECK(path_v2("un.known").value_from(st).is_null());
    CHECK(path_v2("foo.unknown").value_from(st).is_null());
    CHECK(path_v2("unknown").value_from(st).is_null());
    CHECK(path_v2("foo.baz.inner").value_from(st).is_null());
}

TEST_CASE("field.syntax.version is defined once and read in any case") {
    config_def def;
    append_field_syntax_version(def);
    REQUIRE(def.size() == 1);
    CHECK(std::get<std::string>(*def.find("field.syntax.version")->default_value) == "V1");
    CHECK_THROWS_WITH(append_field_syntax_version(def), "Configuration field.syntax.version is defined twice.");

    for (const auto& [input, expected] :
         {std::pair{"v1", field_syntax_version::v1}, std::pair{"v2", field_syntax_version::v2},
          std::pair{"V1", field_syntax_version::v1}, std::pair{"V2", field_syntax_version::v2}}) {
        const abstract_config cfg(def, {{"field.syntax.version", input}});
        CHECK(field_syntax_version_from(cfg) == expected);
    }
    for (const char* input : {"v3", "V 1", "v", "V 2", "2", "1"}) {
        CHECK_THROWS_WITH(
            abstract_config(def, {{"field.syntax.version", input}}),
            "Invalid value " + std::string(input) +
                " for configuration field.syntax.version: String must be one of (case insensitive): V1, V2");
    }
}
