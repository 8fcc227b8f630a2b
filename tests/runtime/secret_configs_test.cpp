// secret_configs: which config values the worker treats as secrets.
#include <catch2/catch.hpp>

#include <algorithm>

#include "runtime/secret_configs.hpp"

using namespace copycat;
using namespace copycat::runtime;

TEST_CASE("a key's name says secret: passwords, secrets, JAAS configs, user info and private keys") {
    for (const char* key : {"connection.password", "SASL.PASSWORD", "producer.override.sasl.jaas.config",
                            "sasl.oauthbearer.client.secret", "schema.registry.basic.auth.user.info",
                            "producer.override.ssl.key.pem", "aws.private.key.id", " ssl.key.password "}) {
        INFO(key);
        CHECK(is_secret_config_key(key));
    }
    for (const char* key : {"connection.user", "sasl.username", "ssl.keystore.location", "topic"}) {
        INFO(key);
        CHECK_FALSE(is_secret_config_key(key));
    }
}

TEST_CASE("the secret values of a config: provided ones, PASSWORD keys, and keys named secret") {
    config_def def;
    def.define("token", config_type::password, importance::high, "a token");
    def.define("topic", config_type::string, importance::high, "a topic");
    const string_map raw{{"token", "t0ken-value"},
                         {"topic", "plain-topic"},
                         {"user", "${env:DB_USER}"},
                         {"db.password", "pw-value"},
                         {"empty.password", ""}};
    string_map resolved = raw;
    resolved["user"] = "resolved-user";
    auto values = secret_values_of(raw, resolved, &def);
    std::sort(values.begin(), values.end());
    CHECK(values == std::vector<std::string>{"pw-value", "resolved-user", "t0ken-value"});
    auto without_def = secret_values_of(raw, resolved, nullptr);
    std::sort(without_def.begin(), without_def.end());
    CHECK(without_def == std::vector<std::string>{"pw-value", "resolved-user"});
}
