// A connector config cannot make the worker run code through its Kafka client overrides: the
// real `copycat standalone` binary answers 400, naming the key, to a connector that sets
// producer.override.plugin.library.paths (a library whose constructor would create a marker
// file) or producer.override.sasl.kerberos.kinit.cmd, under the default policy All. No connector
// is created and the library is never loaded (docs/security.md, "Client overrides").
#include <catch2/catch.hpp>
#include <dlfcn.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <string>

#include "common/json.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using copycat::rest::testing::http_reply;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

http_reply call(std::uint16_t port, std::string_view method, std::string_view target, std::string body = {}) {
    test_client client(port);
    return client.request(method, target, std::move(body));
}

// A FileStreamSource config with `extra` ("key":"value" pairs, JSON text) after its own keys.
std::string source_config(const std::filesystem::path& input, const std::string& topic, const std::string& extra) {
    return R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" + input.string() +
           R"(","topic":")" + topic + R"(",)" + extra + "}";
}

}  // namespace

TEST_CASE("connector configs cannot load a library or run a command through client overrides", "[cluster]") {
    temp_dir dir("copycat-overrides");
    const auto control_marker = dir.path() / "loaded-by-test";
    const auto worker_marker = dir.path() / "loaded-by-worker";
    const auto kinit_marker = dir.path() / "kinit-ran";
    const auto input = dir.path() / "input.txt";
    dir.write("input.txt", "one\n");

    // The library works: loaded here, it creates its marker.
    ::setenv("COPYCAT_MARKER_FILE", control_marker.c_str(), 1);
    void* handle = ::dlopen(COPYCAT_MARKER_LIBRARY, RTLD_NOW | RTLD_LOCAL);
    REQUIRE(handle != nullptr);
    ::dlclose(handle);
    REQUIRE(std::filesystem::exists(control_marker));

    // The worker inherits the marker path of its own.
    ::setenv("COPYCAT_MARKER_FILE", worker_marker.c_str(), 1);
    copycat_process worker({"standalone", standalone_worker_properties(dir, COPYCAT_FILE_PLUGIN)},
                           dir.path() / "worker.log");
    const auto port = worker.rest_port(60s);
    REQUIRE(port);
    const std::string topic = unique_name("overrides");
    const std::string plugin =
        R"("producer.override.plugin.library.paths":")" + std::string(COPYCAT_MARKER_LIBRARY) + R"(")";
    const std::string kinit = R"("producer.override.security.protocol":"SASL_PLAINTEXT",)"
                              R"("producer.override.sasl.mechanism":"GSSAPI",)"
                              R"("producer.override.sasl.kerberos.kinit.cmd":"touch )" +
                              kinit_marker.string() + R"(")";

    SECTION("create") {
        const http_reply created = call(*port, "POST", "/connectors",
                                        R"({"name":"evil","config":)" + source_config(input, topic, plugin) + "}");
        CHECK(created.status == 400);
        CHECK_THAT(created.body, Catch::Contains("producer.override.plugin.library.paths"));
        CHECK(call(*port, "GET", "/connectors/evil").status == 404);

        const http_reply kinit_created = call(*port, "POST", "/connectors",
                                              R"({"name":"kinit","config":)" + source_config(input, topic, kinit) + "}");
        CHECK(kinit_created.status == 400);
        CHECK_THAT(kinit_created.body, Catch::Contains("producer.override.sasl.kerberos.kinit.cmd"));
        CHECK(call(*port, "GET", "/connectors/kinit").status == 404);
    }
    SECTION("create or update through PUT") {
        const http_reply put = call(*port, "PUT", "/connectors/evil/config", source_config(input, topic, plugin));
        CHECK(put.status == 400);
        CHECK_THAT(put.body, Catch::Contains("producer.override.plugin.library.paths"));
        CHECK(call(*port, "GET", "/connectors/evil").status == 404);

        // An existing connector keeps its config.
        REQUIRE(call(*port, "PUT", "/connectors/good/config", source_config(input, topic, R"("x":"y")")).status ==
                201);
        const http_reply update = call(*port, "PUT", "/connectors/good/config", source_config(input, topic, kinit));
        CHECK(update.status == 400);
        CHECK_THAT(update.body, Catch::Contains("producer.override.sasl.kerberos.kinit.cmd"));
        const json::value config = call(*port, "GET", "/connectors/good/config").json();
        CHECK(config.find("producer.override.sasl.kerberos.kinit.cmd") == nullptr);
    }
    SECTION("validate") {
        const http_reply validated = call(*port, "PUT", "/connector-plugins/FileStreamSource/config/validate",
                                          source_config(input, topic, plugin + "," + kinit));
        REQUIRE(validated.status == 200);
        const json::value body = validated.json();
        CHECK(body.find("error_count")->as_int64() >= 2);  // and "name", which the body lacks
        CHECK_THAT(validated.body, Catch::Contains("Client property 'producer.override.plugin.library.paths' cannot "
                                                   "be set in a connector configuration"));
        CHECK_THAT(validated.body, Catch::Contains("'producer.override.sasl.kerberos.kinit.cmd'"));
    }

    CHECK(call(*port, "GET", "/connectors/evil/status").status == 404);
    CHECK(worker.terminate(30s) == 0);
    CHECK_FALSE(std::filesystem::exists(worker_marker));
    CHECK_FALSE(std::filesystem::exists(kinit_marker));
    ::unsetenv("COPYCAT_MARKER_FILE");
}
