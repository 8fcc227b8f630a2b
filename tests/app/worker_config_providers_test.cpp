// config.providers in worker.properties: the providers are built from their keys, and the worker
// config's own placeholders are resolved (docs/security.md#config-providers).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "app/worker_config_providers.hpp"

using namespace copycat;
using namespace copycat::app;
namespace fs = std::filesystem;

TEST_CASE("config.providers builds the listed providers and resolves the worker config's placeholders") {
    std::random_device rd;
    const fs::path dir = fs::temp_directory_path() / ("copycat-worker-providers-" + std::to_string(::getpid()) + "-" +
                                                      std::to_string(rd()));
    fs::create_directories(dir);
    std::ofstream(dir / "secrets.properties") << "pw=s3cret\n";
    ::setenv("COPYCAT_WORKER_PROVIDER_TEST", "from-env", 1);
    const string_map props = {
        {"config.providers", "file, env"},
        {"config.providers.file.class", "org.apache.kafka.common.config.provider.FileConfigProvider"},
        {"config.providers.file.param.allowed.paths", dir.string()},
        {"config.providers.env.class", "EnvVar"},
        {"config.providers.env.param.allowlist.pattern", "COPYCAT_.*"},
        {"producer.sasl.password", "${file:" + (dir / "secrets.properties").string() + ":pw}"},
        {"client.id", "${env:COPYCAT_WORKER_PROVIDER_TEST}"},
        {"group.id", "plain"}};
    auto providers = worker_config_providers(props);
    REQUIRE(providers);
    CHECK((*providers)->has_provider("file"));
    CHECK((*providers)->has_provider("env"));
    auto resolved = resolve_worker_properties(props, **providers);
    REQUIRE(resolved);
    CHECK(resolved->at("producer.sasl.password") == "s3cret");
    CHECK(resolved->at("client.id") == "from-env");
    CHECK(resolved->at("group.id") == "plain");

    // A path outside allowed.paths is not read: the placeholder stays, as in Kafka.
    auto outside = resolve_worker_properties({{"x", "${file:/etc/passwd:root}"}}, **providers);
    REQUIRE(outside);
    CHECK(outside->at("x") == "${file:/etc/passwd:root}");
    // An unknown provider is an error naming the key.
    auto unknown = resolve_worker_properties({{"ssl.key.password", "${vault:x:y}"}}, **providers);
    REQUIRE_FALSE(unknown);
    CHECK(unknown.err().message ==
          "Invalid worker configuration: Config key 'ssl.key.password': config provider 'vault' is not configured on "
          "this worker (config.providers)");
    fs::remove_all(dir);
}

TEST_CASE("config.providers without providers resolves nothing") {
    auto providers = worker_config_providers({{"group.id", "g"}});
    REQUIRE(providers);
    CHECK((*providers)->empty());
}

TEST_CASE("config.providers with a missing or unknown class, a bad parameter or an unknown key is an error") {
    auto message = [](const string_map& props) { return worker_config_providers(props).err().message; };
    CHECK(message({{"config.providers", "file"}}) ==
          "Missing required configuration \"config.providers.file.class\": config.providers names 'file'");
    CHECK_THAT(message({{"config.providers", "vault"}, {"config.providers.vault.class", "com.example.Vault"}}),
               Catch::StartsWith("Invalid value com.example.Vault for configuration config.providers.vault.class: "
                                 "Failed to find any class that implements ConfigProvider and which name matches "
                                 "com.example.Vault, available ConfigProviders are: "
                                 "org.apache.kafka.common.config.provider.DirectoryConfigProvider"));
    CHECK(message({{"config.providers", "file"},
                   {"config.providers.file.class", "FileConfigProvider"},
                   {"config.providers.file.param.allowed.paths", "relative"}}) ==
          "Invalid configuration of config provider 'file' (FileConfigProvider): Path relative is not absolute");
    CHECK(message({{"config.providers", "file"},
                   {"config.providers.file.class", "FileConfigProvider"},
                   {"config.providers.file.params.allowed.paths", "/"}}) ==
          "Unknown configuration 'config.providers.file.params.allowed.paths'");
    // Keys of a name config.providers does not list are ignored, as in Kafka.
    CHECK(worker_config_providers({{"config.providers.unused.class", "Nope"}}));
}
