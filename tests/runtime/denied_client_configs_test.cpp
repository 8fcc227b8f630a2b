#include <catch2/catch.hpp>

#include <string>

#include "runtime/denied_client_configs.hpp"

using namespace copycat::runtime;

TEST_CASE("the librdkafka properties that load code or run programs are denied, with their reason") {
    for (const char* key : {"plugin.library.paths", "interceptors", "ssl.engine.location", "ssl.engine.id",
                            "ssl_engine_callback_data", "ssl.providers", "sasl.kerberos.kinit.cmd", "offset.store.path",
                            "opaque", "default_topic_conf", "ssl_key", "ssl_certificate", "ssl_ca", "msg_order_cmp"}) {
        INFO(key);
        CHECK(denied_client_config_reason(key, "x").has_value());
    }
    CHECK(*denied_client_config_reason("plugin.library.paths", "/tmp/lib.so") ==
          "it loads shared libraries (librdkafka plugins) into the worker");
    CHECK(*denied_client_config_reason("sasl.kerberos.kinit.cmd", "kinit") == "it is a shell command the worker runs");
}

TEST_CASE("every callback and test hook of librdkafka is denied by pattern") {
    for (const char* key : {"error_cb", "log_cb", "dr_msg_cb", "rebalance_cb", "ssl.certificate.verify_cb",
                            "oauthbearer_token_refresh_cb", "partitioner_cb", "some_future_cb",
                            "ut_handle_ProduceResponse"}) {
        INFO(key);
        CHECK(denied_client_config_reason(key, "").has_value());
    }
}

TEST_CASE("denied keys match whatever their case, blanks around them and a leading topic.") {
    for (const char* key : {"PLUGIN.LIBRARY.PATHS", " plugin.library.paths ", "Plugin.Library.Paths\t",
                            "topic.plugin.library.paths", "topic.topic.opaque", "topic.partitioner_cb",
                            "SSL.Providers", "Sasl.Kerberos.Kinit.Cmd"}) {
        INFO(key);
        CHECK(denied_client_config_reason(key, "x").has_value());
    }
}

TEST_CASE("ordinary client properties are not denied") {
    for (const char* key : {"acks", "linger.ms", "sasl.jaas.config", "sasl.mechanism", "security.protocol",
                            "ssl.ca.location", "ssl.keystore.location", "sasl.kerberos.service.name", "plugin.path",
                            "topic.acks", "client.id"}) {
        INFO(key);
        CHECK_FALSE(denied_client_config_reason(key, "/some/path").has_value());
    }
}

TEST_CASE("the kinit command's arguments are denied unless they are one plain word") {
    CHECK_FALSE(denied_client_config_reason("sasl.kerberos.principal", "connect/host.example.com@EXAMPLE.COM"));
    CHECK_FALSE(denied_client_config_reason("sasl.kerberos.keytab", "/etc/security/keytabs/connect+1.keytab"));
    CHECK_FALSE(denied_client_config_reason("sasl.kerberos.principal", ""));
    for (const char* value : {"x; touch /tmp/p", "x$(touch /tmp/p)", "`id`", "a b", "-XX509_user_identity=PKCS11:x",
                              "x|y", "x&y", "x\"y", "x'y", "x\ny", "x>y", " x"}) {
        INFO(value);
        CHECK(denied_client_config_reason("sasl.kerberos.principal", value).has_value());
        CHECK(denied_client_config_reason("SASL.KERBEROS.KEYTAB", value).has_value());
    }
}

TEST_CASE("the denial message names the connector's key and the reason") {
    CHECK(denied_client_config_message("producer.override.ssl.providers", "why") ==
          "Client property 'producer.override.ssl.providers' cannot be set in a connector configuration under any "
          "override policy: why");
    CHECK(denied_client_configs().size() >= 16);
    for (const auto& entry : denied_client_configs()) {
        INFO(std::string(entry.key));
        CHECK_FALSE(entry.reason.empty());
    }
}
