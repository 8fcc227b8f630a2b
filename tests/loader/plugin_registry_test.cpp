#include <catch2/catch.hpp>

#include "loader/plugin_alias.hpp"
#include "loader/plugin_registry.hpp"

using namespace copycat;
using namespace copycat::loader;

namespace {

class null_predicate : public predicate {
public:
    void configure(const std::map<std::string, std::string>&) override {}
    const config_def& config() const override { return def_; }
    bool test(const connect_record&) override { return true; }

private:
    config_def def_;
};

class a_transformation : public transformation {
public:
    void configure(const std::map<std::string, std::string>&) override {}
    const config_def& config() const override { return def_; }
    bool apply(connect_record&) override { return true; }

private:
    config_def def_;
};

}  // namespace

TEST_CASE("aliases follow Kafka's simple and pruned names") {
    CHECK(simple_name("org.apache.kafka.connect.file.FileStreamSourceConnector") == "FileStreamSourceConnector");
    CHECK(pruned_name("org.apache.kafka.connect.file.FileStreamSourceConnector", plugin_kind::source_connector) ==
          "FileStreamSource");
    CHECK(pruned_name("org.apache.kafka.connect.json.JsonConverter", plugin_kind::converter) == "Json");
    CHECK(pruned_name("org.apache.kafka.connect.storage.SimpleHeaderConverter", plugin_kind::header_converter) ==
          "Simple");
    CHECK(pruned_name("org.apache.kafka.connect.transforms.InsertField$Value", plugin_kind::transformation) == "Value");
    CHECK(pruned_name("a.b.Connector", plugin_kind::sink_connector) == "Connector");  // never empty
    CHECK(simple_name("NoPackage") == "NoPackage");
}

TEST_CASE("registry finds built-ins by class name and by unique alias") {
    plugin_registry registry;
    registry.add_builtin(
        describe_plugin<null_predicate>("org.apache.kafka.connect.transforms.predicates.HasHeaderKey"));
    registry.add_builtin(describe_plugin<a_transformation>("org.example.Mask", "3.1"));

    const plugin_entry* by_class = registry.find("org.apache.kafka.connect.transforms.predicates.HasHeaderKey");
    REQUIRE(by_class != nullptr);
    CHECK(by_class->kind() == plugin_kind::predicate);
    CHECK(by_class->version == "undefined");
    CHECK(by_class->location() == "builtin");
    CHECK(registry.find("HasHeaderKey") == by_class);
    CHECK(registry.find("org.example.Mask")->version == "3.1");
    CHECK(registry.find("Mask") != nullptr);
    CHECK(registry.find("Nope") == nullptr);
    CHECK(registry.entries().size() == 2);

    auto created = registry.find("Mask")->descriptor.create<transformation>();
    REQUIRE(created);
}

TEST_CASE("registry lookup by kind explains what is available") {
    plugin_registry registry;
    registry.add_builtin(describe_plugin<a_transformation>("org.example.Mask"));
    auto found = registry.find("Mask", {plugin_kind::source_connector, plugin_kind::sink_connector});
    REQUIRE_FALSE(found.ok());
    CHECK(found.err().code == errc::not_found);
    CHECK_THAT(found.err().message, Catch::Contains("name matches Mask"));
    auto ok = registry.find("Mask", {plugin_kind::transformation});
    REQUIRE(ok.ok());
    CHECK((*ok)->class_name == "org.example.Mask");
}

TEST_CASE("a duplicate class keeps the first registration") {
    plugin_registry registry;
    registry.add_builtin(describe_plugin<a_transformation>("org.example.Mask", "1"));
    registry.add_builtin(describe_plugin<a_transformation>("org.example.Mask", "2"));
    CHECK(registry.entries().size() == 1);
    CHECK(registry.find("org.example.Mask")->version == "1");
}
