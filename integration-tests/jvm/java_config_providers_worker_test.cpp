// Java ConfigProviders on plugin.path in the real `copycat standalone` binary against the real
// broker (docs/security.md#config-providers): the fixture providers of tests/jvm/java/providers
// resolve a placeholder of the worker file at start-up and one of a connector config, which runs
// with the value while its stored config keeps the placeholder; a throwing get() is a 400 naming
// the provider and the Java exception, and the worker keeps running; the providers are closed at
// shut-down; a provider whose configure() throws stops the start-up.
#include <catch2/catch.hpp>

#include <filesystem>
#include <string>

#include "common/json.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using copycat::rest::testing::http_reply;
using namespace std::chrono_literals;

namespace {

const std::string vault_class = "copycat.test.providers.VaultLikeConfigProvider";

std::string worker_properties(const temp_dir& dir, const std::string& providers) {
    const std::string plugin_path = std::string(COPYCAT_TEST_JAVA_PLUGIN_DIR) + "/good," +
                                    COPYCAT_TEST_JAVA_PROVIDERS_DIR + "/vault," + COPYCAT_FILE_PLUGIN;
    return standalone_worker_properties(dir, plugin_path, "java.bridge.jvm.options=-Xmx256m\n" + providers);
}

std::string sink_config(const std::string& topic, const std::string& file) {
    return R"({"connector.class":"FileStreamSink","topics":")" + topic + R"(","file":")" + file +
           R"(","value.converter":"org.apache.kafka.connect.json.JsonConverter",)"
           R"("value.converter.schemas.enable":"false"})";
}

}  // namespace

TEST_CASE("a Java ConfigProvider on plugin.path resolves the worker file and connector configs", "[cluster]") {
    temp_dir dir("copycat-jvm-providers");
    const std::filesystem::path output = dir.path() / "sink.txt";
    const std::filesystem::path closed = dir.path() / "closed.txt";
    const std::string vault = "config.providers.vault.param.";
    const std::string providers = "config.providers=vault,sealed\n"
                                  "config.providers.vault.class=" + vault_class + "\n" +
                                  vault + "address=https://vault.example:8200\n" +
                                  vault + "secret.files.sink=" + output.string() + "\n" +
                                  vault + "secret.worker.flush=100\n" +
                                  vault + "ttl.ms=3600000\n" +
                                  vault + "closed.file=" + closed.string() + "\n" +
                                  "config.providers.sealed.class=copycat.test.providers.SealedConfigProvider\n"
                                  // resolved at start-up, before the worker config is parsed
                                  "offset.flush.interval.ms=${vault:worker:flush}\n";
    copycat_process worker({"standalone", worker_properties(dir, providers)},
                           dir.path() / "worker.log");
    const auto port = worker.rest_port(60s);
    INFO(worker.log());
    REQUIRE(port);
    // The worker file's own providers resolved it and were closed; the worker's are open.
    CHECK(file_text(closed) == "closed\n");
    CHECK(worker.log().find("Java ConfigProvider available: " + vault_class) != std::string::npos);

    const std::string topic = unique_name("jvm-providers");
    const http_reply source =
        rest_request(*port, "PUT", "/connectors/java-source/config",
                     R"({"connector.class":"GoodSource","topic":")" + topic +
                         R"(","count":"3","value.converter":"org.apache.kafka.connect.json.JsonConverter",)"
                         R"("value.converter.schemas.enable":"false"})");
    REQUIRE(source.status == 201);
    const http_reply sink =
        rest_request(*port, "PUT", "/connectors/sink/config", sink_config(topic, "${vault:files:sink}"));
    INFO(sink.body);
    REQUIRE(sink.status == 201);

    // The sink writes where the provider said; its stored config keeps the placeholder.
    std::string written;
    CHECK(poll_until(60s, [&] {
        written = file_text(output);
        return written == "{n=0, text=record 0}\n{n=1, text=record 1}\n{n=2, text=record 2}\n";
    }));
    INFO(written);
    const http_reply stored = rest_request(*port, "GET", "/connectors/sink/config");
    REQUIRE(stored.status == 200);
    CHECK(stored.json().find("file")->as_string() == "${vault:files:sink}");

    // A get() that throws: the key's error names the provider and the Java exception.
    const std::string sealed_error =
        "config provider 'sealed' could not read path 'files': org.apache.kafka.common.config.ConfigException: "
        "Vault is sealed, cannot read files";
    const http_reply refused =
        rest_request(*port, "PUT", "/connectors/sealed/config", sink_config(topic, "${sealed:files:sink}"));
    CHECK(refused.status == 400);
    CHECK_THAT(refused.body, Catch::Contains(sealed_error));
    std::string to_validate = sink_config(topic, "${sealed:files:sink}");
    to_validate.insert(1, R"("name":"sealed",)");
    const http_reply validated =
        rest_request(*port, "PUT", "/connector-plugins/FileStreamSink/config/validate", to_validate);
    REQUIRE(validated.status == 200);
    const json::value answer = validated.json();
    for (const json::value& c : answer.find("configs")->as_array()) {
        const json::value& value = *c.find("value");
        const auto& errors = value.find("errors")->as_array();
        if (value.find("name")->as_string() != "file") {
            CHECK(errors.empty());
            continue;
        }
        REQUIRE(errors.size() == 1);
        CHECK_THAT(errors[0].as_string(), Catch::Contains(sealed_error));
        CHECK(value.find("value")->as_string() == "${sealed:files:sink}");
    }

    // The worker keeps running its connectors.
    CHECK(worker.running());
    const http_reply status = rest_request(*port, "GET", "/connectors/sink/status");
    REQUIRE(status.status == 200);
    CHECK(status.json().find("connector")->find("state")->as_string() == "RUNNING");
    CHECK(rest_request(*port, "GET", "/connectors/sealed").status == 404);

    CHECK(worker.terminate(60s) == 0);
    CHECK(file_text(closed) == "closed\nclosed\n");  // the worker's providers closed at shut-down
}

TEST_CASE("a worker whose Java ConfigProvider fails to configure stops at start-up, naming it", "[cluster]") {
    temp_dir dir("copycat-jvm-providers");
    copycat_process worker(
        {"standalone",
         worker_properties(dir, "config.providers=vault\nconfig.providers.vault.class=" + vault_class + "\n")},
        dir.path() / "worker.log");
    CHECK(worker.wait_exit(60s) == 1);  // exit_usage, as for a bad native provider
    CHECK_THAT(worker.log(), Catch::Contains("Invalid configuration of config provider 'vault' (" + vault_class +
                                             "): org.apache.kafka.common.config.ConfigException: Missing required "
                                             "configuration \"address\""));
}
