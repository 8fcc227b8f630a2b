// The manifest COPYCAT_PLUGIN builds, checked in-process.
#include <catch2/catch.hpp>

#include <cstring>

#include "fake_plugins.hpp"

COPYCAT_PLUGIN(copycat::describe_plugin<fake::source_connector>("org.example.FakeSourceConnector", "1.2.3"),
               copycat::describe_plugin<fake::sink_connector>("org.example.FakeSinkConnector"),
               copycat::describe_plugin<fake::string_converter>("org.example.StringConverter", "2.0"),
               copycat::describe_plugin<fake::string_header_converter>("org.example.StringHeaderConverter"),
               copycat::describe_plugin<fake::route_transformation>("org.example.Route"),
               copycat::describe_plugin<fake::topic_prefix_predicate>("org.example.TopicPrefix"))

using namespace copycat;

TEST_CASE("COPYCAT_PLUGIN lists every descriptor with its kind") {
    const copycat_plugin_manifest* manifest = copycat_plugin_manifest_v1();
    REQUIRE(manifest != nullptr);
    CHECK(manifest->abi_version == COPYCAT_ABI_VERSION);
    CHECK(std::strcmp(manifest->abi_tag, COPYCAT_ABI_TAG) == 0);
    REQUIRE(manifest->plugin_count == 6);
    CHECK(check_plugin_manifest(manifest) == std::nullopt);
    CHECK(copycat_plugin_manifest_v1() == manifest);  // one static manifest

    const plugin_descriptor* p = manifest->plugins;
    CHECK(p[0].kind == plugin_kind::source_connector);
    CHECK(std::string(p[0].class_name) == "org.example.FakeSourceConnector");
    CHECK(std::string(p[0].version) == "1.2.3");
    CHECK(p[1].kind == plugin_kind::sink_connector);
    CHECK(p[1].version == nullptr);
    CHECK(p[2].kind == plugin_kind::converter);
    CHECK(p[3].kind == plugin_kind::header_converter);
    CHECK(p[4].kind == plugin_kind::transformation);
    CHECK(p[5].kind == plugin_kind::predicate);
}

TEST_CASE("descriptor factories create working instances of the right kind") {
    const plugin_descriptor* p = copycat_plugin_manifest_v1()->plugins;

    auto source = p[0].create<source_connector>();
    REQUIRE(source != nullptr);
    CHECK(source->version() == "1.2.3");
    CHECK(dynamic_cast<fake::source_connector*>(source.get()) != nullptr);
    CHECK(source->create_task() != nullptr);

    auto sink = p[1].create<sink_connector>();
    CHECK(sink->create_task() != nullptr);

    auto conv = p[2].create<converter>();
    conv->configure({}, false);
    headers hdrs;
    auto bytes_out = conv->from_connect_data("t", hdrs, nullptr, value("hi"));
    REQUIRE(bytes_out.has_value());
    CHECK(conv->to_connect_data("t", hdrs, bytes_view(*bytes_out)).val == value("hi"));
    CHECK(hdrs.size() == 1);
    CHECK(conv->config().empty());

    auto hconv = p[3].create<header_converter>();
    CHECK(hconv->from_connect_header("t", "h", nullptr, value()) == std::nullopt);

    auto transform = p[4].create<transformation>();
    transform->configure({{"drop.topic", "gone"}});
    source_record kept({}, {}, "orders", std::nullopt, nullptr, value(1));
    CHECK(transform->apply(kept));
    CHECK(kept.topic == "ORDERS");
    source_record dropped({}, {}, "gone", std::nullopt, nullptr, value(1));
    CHECK_FALSE(transform->apply(dropped));

    auto pred = p[5].create<predicate>();
    pred->configure({{"prefix", "ord"}});
    CHECK(pred->test(source_record({}, {}, "orders", std::nullopt, nullptr, value(1))));
    CHECK_FALSE(pred->test(source_record({}, {}, "users", std::nullopt, nullptr, value(1))));
}

TEST_CASE("creating a plugin as another kind fails clearly") {
    const plugin_descriptor* p = copycat_plugin_manifest_v1()->plugins;
    CHECK_THROWS_WITH(p[0].create<sink_connector>(),
                      "Plugin org.example.FakeSourceConnector is a source plugin and cannot be created as another "
                      "kind");
    CHECK_THROWS_AS(p[4].create<predicate>(), connect_error);
}

TEST_CASE("check_plugin_manifest refuses incompatible manifests") {
    const copycat_plugin_manifest* good = copycat_plugin_manifest_v1();
    CHECK(check_plugin_manifest(nullptr) == "The plugin returned no manifest");

    copycat_plugin_manifest other_abi = *good;
    other_abi.abi_version = COPYCAT_ABI_VERSION + 1;
    CHECK(check_plugin_manifest(&other_abi) == "Plugin ABI version " + std::to_string(COPYCAT_ABI_VERSION + 1) +
                                                   " does not match the worker's ABI version " +
                                                   std::to_string(COPYCAT_ABI_VERSION) +
                                                   "; rebuild the plugin against the Copycat headers of this worker");

    copycat_plugin_manifest other_library = *good;
    other_library.abi_tag = "libc++ 17000 abi 1";
    CHECK(check_plugin_manifest(&other_library) ==
          "Plugin was built with the C++ standard library 'libc++ 17000 abi 1' but the worker with '" +
              std::string(COPYCAT_ABI_TAG) + "'; rebuild the plugin with the worker's toolchain");

    plugin_descriptor unnamed = describe_plugin<fake::sink_connector>("");
    copycat_plugin_manifest with_unnamed{COPYCAT_ABI_VERSION, COPYCAT_ABI_TAG, 1, &unnamed};
    CHECK(check_plugin_manifest(&with_unnamed) == "Plugin entry 0 has no class name");

    plugin_descriptor mismatched = describe_plugin<fake::sink_connector>("org.example.X");
    mismatched.kind = plugin_kind::converter;
    copycat_plugin_manifest with_mismatch{COPYCAT_ABI_VERSION, COPYCAT_ABI_TAG, 1, &mismatched};
    CHECK(check_plugin_manifest(&with_mismatch) ==
          "Plugin org.example.X is declared as a converter plugin but its factory makes another kind");

    plugin_descriptor no_factory{plugin_kind::converter, "org.example.Y", nullptr, converter_factory{nullptr}};
    copycat_plugin_manifest with_no_factory{COPYCAT_ABI_VERSION, COPYCAT_ABI_TAG, 1, &no_factory};
    CHECK(check_plugin_manifest(&with_no_factory) == "Plugin org.example.Y has no factory");

    copycat_plugin_manifest empty{COPYCAT_ABI_VERSION, COPYCAT_ABI_TAG, 0, nullptr};
    CHECK(check_plugin_manifest(&empty) == std::nullopt);
}

TEST_CASE("plugin kinds print Kafka's plugin type names") {
    CHECK(plugin_kind_name(plugin_kind::source_connector) == "source");
    CHECK(plugin_kind_name(plugin_kind::sink_connector) == "sink");
    CHECK(plugin_kind_name(plugin_kind::header_converter) == "header_converter");
    CHECK(plugin_kind_name(plugin_kind::transformation) == "transformation");
    CHECK(plugin_kind_name(plugin_kind::predicate) == "predicate");
    static_assert(plugin_kind_of<fake::string_converter>() == plugin_kind::converter);
    static_assert(plugin_kind_of<fake::topic_prefix_predicate>() == plugin_kind::predicate);
}
