// Java ConfigProviders on plugin.path as the worker's config providers (app/java_config_providers.hpp)
// against the real JVM and the fixture providers of tests/jvm/java/providers. One JVM per process:
// each test case runs in a process of its own (catch_discover_tests).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <thread>
#include <vector>

#include "app/java_config_providers.hpp"
#include "app/worker_config_providers.hpp"
#include "jvm/java_plugins.hpp"

using namespace copycat;

namespace {

namespace fs = std::filesystem;

const std::string vault_location = std::string(COPYCAT_TEST_JAVA_PROVIDERS_DIR) + "/vault";
const std::string vault_class = "copycat.test.providers.VaultLikeConfigProvider";

jvm::java_scan_report start_jvm(loader::plugin_registry& registry) {
    auto report = jvm::register_java_plugins({vault_location}, jvm::bridge_settings_from_environment("-Xmx128m", {}),
                                             registry);
    REQUIRE(report.jvm_started);
    return report;
}

// The source of the Java providers, in the process's one JVM.
const app::config_provider_source& java_providers() {
    static loader::plugin_registry registry;
    static const app::config_provider_source source = app::java_config_providers(start_jvm(registry).vm);
    return source;
}

fs::path temp_file(const std::string& name) {
    std::random_device rd;
    return fs::temp_directory_path() /
           ("copycat-java-providers-" + std::to_string(::getpid()) + "-" + std::to_string(rd()) + "-" + name);
}

std::string read_file(const fs::path& file) {
    std::ifstream in(file);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string creation_error(const string_map& props) {
    auto providers = app::worker_config_providers(props, java_providers());
    REQUIRE_FALSE(providers);
    return providers.err().message;
}

}  // namespace

TEST_CASE("A Java ConfigProvider's manifest is listed by the plugin scan") {
    loader::plugin_registry registry;
    const auto report = start_jvm(registry);
    const std::string jar = vault_location + "/providers.jar";  // a jar directly under the element: a location
    CHECK(report.config_providers == std::vector<std::string>{vault_class + " from " + jar});
    CHECK(report.refused.empty());
    CHECK(report.vm != nullptr);
}

TEST_CASE("A Java ConfigProvider on plugin.path resolves the worker's and connectors' placeholders from any thread") {
    const fs::path closed = temp_file("closed");
    const string_map worker = {
        {"config.providers", "vault,sealed"},
        {"config.providers.vault.class", vault_class},
        {"config.providers.vault.param.address", "https://vault.example:8200"},
        {"config.providers.vault.param.secret.secret/db.password", "s3cret"},
        {"config.providers.vault.param.ttl.ms", "60000"},
        {"config.providers.vault.param.closed.file", closed.string()},
        // No manifest names this one: it is found by its class name in the location's jars.
        {"config.providers.sealed.class", "copycat.test.providers.SealedConfigProvider"},
        {"producer.sasl.jaas.config", "password=\"${vault:secret/db:password}\";"}};
    auto providers = app::worker_config_providers(worker, java_providers());
    REQUIRE(providers);
    auto resolved = app::resolve_worker_properties(worker, **providers);
    REQUIRE(resolved);
    CHECK(resolved->at("producer.sasl.jaas.config") == "password=\"s3cret\";");

    const string_map connector = {{"connection.password", "${vault:secret/db:password}"},
                                  {"connection.user", "${vault:secret/db:user}"}};
    const auto out = (*providers)->transform(connector);
    CHECK(out.problems.empty());
    CHECK(out.data.at("connection.password") == "s3cret");
    CHECK(out.data.at("connection.user") == "${vault:secret/db:user}");  // no such key: left as it is (Kafka)
    CHECK(out.ttls == std::map<std::string, std::int64_t>{{"secret/db", 60000}});

    // A get() that throws is a problem of the key, with the Java exception.
    const auto sealed = (*providers)->transform({{"connection.password", "${sealed:secret/db:password}"}});
    REQUIRE(sealed.problems.contains("connection.password"));
    CHECK(sealed.problems.at("connection.password").front() ==
          "config provider 'sealed' could not read path 'secret/db': org.apache.kafka.common.config.ConfigException: "
          "Vault is sealed, cannot read secret/db");
    CHECK(sealed.data.at("connection.password") == "${sealed:secret/db:password}");

    // Threads the JVM has not seen yet, at once.
    std::atomic<int> answered{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 50; ++i) {
                const auto mine = (*providers)->transform(connector);
                if (mine.data.at("connection.password") == "s3cret") ++answered;
                const auto failed = (*providers)->transform({{"x", "${sealed:p:k}"}});
                if (failed.problems.contains("x")) ++answered;
            }
        });
    }
    for (auto& t : threads) t.join();
    CHECK(answered == 400);

    // The file's own providers were closed after resolving it; these close when the last holder goes.
    CHECK(!fs::exists(closed));
    *providers = nullptr;
    CHECK(read_file(closed) == "closed\n");
    fs::remove(closed);
}

TEST_CASE("A Java ConfigProvider that cannot be created or configured is an error naming it and the Java exception") {
    CHECK(creation_error({{"config.providers", "vault"}, {"config.providers.vault.class", vault_class}}) ==
          "Invalid configuration of config provider 'vault' (" + vault_class +
              "): org.apache.kafka.common.config.ConfigException: Missing required configuration \"address\"");
    CHECK(creation_error({{"config.providers", "aws"},
                          {"config.providers.aws.class", "copycat.test.providers.UnbuildableConfigProvider"}}) ==
          "Cannot create config provider 'aws' (copycat.test.providers.UnbuildableConfigProvider): "
          "java.lang.IllegalStateException: no credentials in the environment");
    CHECK(creation_error({{"config.providers", "k8s"}, {"config.providers.k8s.class", "com.example.NoSuchProvider"}}) ==
          "Invalid value com.example.NoSuchProvider for configuration config.providers.k8s.class: Failed to find any "
          "class that implements ConfigProvider and which name matches com.example.NoSuchProvider, available "
          "ConfigProviders are: org.apache.kafka.common.config.provider.DirectoryConfigProvider, "
          "org.apache.kafka.common.config.provider.EnvVarConfigProvider, "
          "org.apache.kafka.common.config.provider.FileConfigProvider and the Java ConfigProviders on plugin.path");
    CHECK_THAT(creation_error({{"config.providers", "odd"},
                               {"config.providers.odd.class", "copycat.test.providers.NotAProvider"}}),
               Catch::Matchers::Contains("Failed to find any class"));
}
