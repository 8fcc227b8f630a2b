// worker.properties of `copycat standalone`: Kafka's keys, defaults and messages; invalid values
// are errors naming the key, unknown keys warnings; prefixed settings pass through.
#include <catch2/catch.hpp>

#include "app/worker_clients.hpp"
#include "app/worker_properties.hpp"

using namespace copycat;
using namespace copycat::app;

namespace {

string_map minimal() {
    return {{"key.converter", "org.apache.kafka.connect.json.JsonConverter"},
            {"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
            {"offset.storage.file.filename", "/tmp/connect.offsets"}};
}

}  // namespace

TEST_CASE("a minimal worker config gets Kafka's defaults") {
    auto config = parse_standalone_config(minimal());
    REQUIRE(config.ok());
    CHECK(config->worker.bootstrap_servers == "localhost:9092");
    CHECK(config->worker.key_converter == "org.apache.kafka.connect.json.JsonConverter");
    CHECK(config->worker.header_converter == "org.apache.kafka.connect.storage.SimpleHeaderConverter");
    CHECK(config->worker.offset_flush_interval == std::chrono::milliseconds(60000));
    CHECK(config->worker.offset_flush_timeout == std::chrono::milliseconds(5000));
    CHECK(config->worker.task_shutdown_graceful_timeout == std::chrono::milliseconds(5000));
    CHECK(config->worker.client_config_override_policy == "All");
    CHECK(config->offset_storage_file == "/tmp/connect.offsets");
    CHECK(config->listeners == std::vector<std::string>{"http://:8083"});
    CHECK(config->plugin_path.empty());
    CHECK_FALSE(config->advertised_host);
    CHECK(config->worker.originals == minimal());
}

TEST_CASE("Kafka's connect-standalone.properties is accepted as is") {
    auto props = minimal();
    props.insert({{"bootstrap.servers", "broker-1:9092, broker-2:9092"},
                  {"key.converter.schemas.enable", "true"},
                  {"value.converter.schemas.enable", "true"},
                  {"offset.flush.interval.ms", "10000"},
                  {"plugin.path", "/usr/local/share/copycat, /opt/connectors"},
                  {"listeners", "http://127.0.0.1:0"},
                  {"rest.advertised.host.name", "connect-1"},
                  {"rest.advertised.port", "18083"},
                  {"producer.acks", "all"},
                  {"consumer.max.poll.records", "100"},
                  {"admin.request.timeout.ms", "1000"},
                  {"listeners.https.ssl.keystore.location", "/k"},
                  {"config.providers", "file"},
                  {"config.providers.file.class", "org.apache.kafka.common.config.provider.FileConfigProvider"},
                  {"metrics.context.team", "data"},
                  {"ssl.truststore.location", "/t"},
                  {"sasl.mechanism", "PLAIN"},
                  {"security.protocol", "SASL_SSL"},
                  {"client.id", "connect"},
                  {"task.shutdown.graceful.timeout.ms", "10000"},
                  {"topic.creation.enable", "false"},
                  {"connector.client.config.override.policy", "None"},
                  {"response.http.headers.config", "add X-Frame-Options:DENY"},
                  {"internal.key.converter", "org.apache.kafka.connect.json.JsonConverter"}});
    auto config = parse_standalone_config(props);
    REQUIRE(config.ok());
    CHECK(config->worker.bootstrap_servers == "broker-1:9092,broker-2:9092");
    CHECK(config->worker.offset_flush_interval == std::chrono::milliseconds(10000));
    CHECK(config->plugin_path == std::vector<std::string>{"/usr/local/share/copycat", "/opt/connectors"});
    CHECK(config->worker.client_config_override_policy == "None");
    CHECK_FALSE(config->worker.topic_creation_enable);
    CHECK(config->advertised_host == "connect-1");
    CHECK(config->advertised_port == 18083);
    CHECK(worker_id_for(*config, "127.0.0.1", 40000) == "connect-1:18083");
}

TEST_CASE("the Allowlist override policy and its list (KIP-1188)") {
    CHECK(parse_standalone_config(minimal())->worker.client_config_override_allowlist.empty());
    CHECK(parse_standalone_config(minimal())->worker.topic_creation_enable);
    auto props = minimal();
    props.insert({{"connector.client.config.override.policy",
                   "org.apache.kafka.connect.connector.policy.AllowlistConnectorClientConfigOverridePolicy"},
                  {"connector.client.config.override.allowlist", "linger.ms, acks"}});
    auto config = parse_standalone_config(props);
    REQUIRE(config.ok());
    CHECK(config->worker.client_config_override_allowlist == std::vector<std::string>{"linger.ms", "acks"});
    props["connector.client.config.override.policy"] = "allowlist";
    CHECK(parse_standalone_config(props).ok());
    props["connector.client.config.override.policy"] = "Everything";
    auto bad = parse_standalone_config(props);
    REQUIRE_FALSE(bad.ok());
    CHECK_THAT(bad.err().message, Catch::Contains("connector.client.config.override.policy"));
}

TEST_CASE("an unknown key gets Kafka's warning, not an error") {
    auto props = minimal();
    props["offset.flush.interval"] = "1000";  // a typo of offset.flush.interval.ms
    props["group.id"] = "connect-cluster";    // distributed only
    auto config = parse_standalone_config(props);
    REQUIRE(config.ok());
    CHECK(config->warnings == std::vector<std::string>{
                                  "The configuration 'group.id' was supplied but isn't a known config.",
                                  "The configuration 'offset.flush.interval' was supplied but isn't a known config."});
}

TEST_CASE("invalid and missing values are errors with Kafka's messages") {
    SECTION("not a number") {
        auto props = minimal();
        props["offset.flush.interval.ms"] = "soon";
        CHECK_THAT(parse_standalone_config(props).err().message,
                   Catch::Contains(
                       "Invalid value soon for configuration offset.flush.interval.ms: Not a number of type LONG"));
    }
    SECTION("missing required keys") {
        auto config = parse_standalone_config({{"key.converter", "x"}});
        REQUIRE_FALSE(config.ok());
        CHECK_THAT(config.err().message,
                   Catch::Contains("Missing required configuration \"value.converter\" which has no default value."));
        CHECK_THAT(config.err().message,
                   Catch::Contains("Missing required configuration \"offset.storage.file.filename\" "
                                   "which has no default value."));
    }
    SECTION("a value outside its set") {
        auto props = minimal();
        props["connector.client.config.override.policy"] = "Some";
        CHECK_THAT(parse_standalone_config(props).err().message,
                   Catch::Contains("Invalid value Some for configuration connector.client.config.override.policy"));
    }
    SECTION("a malformed listener") {
        auto props = minimal();
        props["listeners"] = "ftp://host:21";
        CHECK_THAT(parse_standalone_config(props).err().message, Catch::Contains("for configuration listeners"));
    }
    SECTION("an empty listener list") {
        auto props = minimal();
        props["listeners"] = "";
        CHECK_THAT(parse_standalone_config(props).err().message,
                   Catch::Contains("Invalid value for listeners, at least one URL is expected"));
    }
    SECTION("a bad response header rule") {
        auto props = minimal();
        props["response.http.headers.config"] = "replace X-A:b";
        CHECK_THAT(parse_standalone_config(props).err().message,
                   Catch::Contains("Invalid header config action: 'replace'"));
    }
}

TEST_CASE("the worker id comes from the advertised settings, the listener or the host name") {
    auto config = parse_standalone_config(minimal());
    REQUIRE(config.ok());
    CHECK(worker_id_for(*config, "127.0.0.1", 8083) == "127.0.0.1:8083");
    const std::string any = worker_id_for(*config, "", 8083);
    CHECK(any.ends_with(":8083"));
    CHECK(any.size() > 5);
}

namespace {

// Kafka's config/connect-distributed.properties, comments removed.
string_map distributed_sample() {
    return {{"bootstrap.servers", "localhost:9092"},
            {"group.id", "connect-cluster"},
            {"key.converter", "org.apache.kafka.connect.json.JsonConverter"},
            {"value.converter", "org.apache.kafka.connect.json.JsonConverter"},
            {"key.converter.schemas.enable", "true"},
            {"value.converter.schemas.enable", "true"},
            {"offset.storage.topic", "connect-offsets"},
            {"offset.storage.replication.factor", "1"},
            {"config.storage.topic", "connect-configs"},
            {"config.storage.replication.factor", "1"},
            {"status.storage.topic", "connect-status"},
            {"status.storage.replication.factor", "1"},
            {"offset.flush.interval.ms", "10000"}};
}

}  // namespace

TEST_CASE("Kafka's connect-distributed.properties is accepted with DistributedConfig's defaults") {
    auto config = parse_distributed_config(distributed_sample());
    REQUIRE(config.ok());
    CHECK(config->group_id == "connect-cluster");
    CHECK(config->config_topic.name == "connect-configs");
    CHECK(config->config_topic.partitions == 1);
    CHECK(config->config_topic.replication_factor == 1);
    CHECK(config->offset_topic.name == "connect-offsets");
    CHECK(config->offset_topic.partitions == 25);
    CHECK(config->status_topic.partitions == 5);
    CHECK(config->connect_protocol == "sessioned");
    CHECK(config->session_timeout == std::chrono::milliseconds(10000));
    CHECK(config->heartbeat_interval == std::chrono::milliseconds(3000));
    CHECK(config->rebalance_timeout == std::chrono::milliseconds(60000));
    CHECK(config->scheduled_rebalance_max_delay == std::chrono::milliseconds(300000));
    CHECK(config->worker_sync_timeout == std::chrono::milliseconds(3000));
    CHECK(config->worker.offset_flush_interval == std::chrono::milliseconds(10000));
}

TEST_CASE("a distributed worker needs group.id and the storage topics; topic settings pass through") {
    SECTION("missing keys") {
        auto props = distributed_sample();
        props.erase("group.id");
        props.erase("status.storage.topic");
        auto config = parse_distributed_config(props);
        REQUIRE_FALSE(config.ok());
        CHECK_THAT(config.err().message, Catch::Contains("\"group.id\""));
        CHECK_THAT(config.err().message, Catch::Contains("\"status.storage.topic\""));
    }
    SECTION("prefixed topic settings") {
        auto props = distributed_sample();
        props["offset.storage.min.insync.replicas"] = "2";
        props["status.storage.cleanup.policy"] = "delete";  // dropped: always compacted
        auto config = parse_distributed_config(props);
        REQUIRE(config.ok());
        CHECK(config->offset_topic.configs == std::map<std::string, std::string>{{"min.insync.replicas", "2"}});
        CHECK(config->status_topic.configs.empty());
    }
    SECTION("connect.protocol is one of Kafka's") {
        auto props = distributed_sample();
        props["connect.protocol"] = "cooperative";
        CHECK_FALSE(parse_distributed_config(props).ok());
        props["connect.protocol"] = "EAGER";
        CHECK(parse_distributed_config(props).ok());
    }
    SECTION("the standalone offsets file is unknown here (not a topic setting)") {
        auto props = distributed_sample();
        props["offset.storage.file.filename"] = "/tmp/x";
        auto config = parse_distributed_config(props);
        REQUIRE(config.ok());
        CHECK(config->warnings == std::vector<std::string>{"The configuration 'offset.storage.file.filename' was "
                                                           "supplied but isn't a known config."});
        CHECK(config->offset_topic.configs.empty());
    }
}

TEST_CASE("exactly.once.source.support: disabled by default, Kafka's values and message; ignored in standalone") {
    CHECK(parse_distributed_config(distributed_sample())->worker.exactly_once_source ==
          runtime::exactly_once_source_support::disabled);
    auto props = distributed_sample();
    props["exactly.once.source.support"] = "Enabled";
    CHECK(parse_distributed_config(props)->worker.exactly_once_source == runtime::exactly_once_source_support::enabled);
    props["exactly.once.source.support"] = "preparing";
    CHECK(parse_distributed_config(props)->worker.exactly_once_source == runtime::exactly_once_source_support::preparing);
    CHECK(parse_distributed_config(props)->worker.group_id == "connect-cluster");
    CHECK(parse_distributed_config(props)->worker.offsets_topic == "connect-offsets");
    props["exactly.once.source.support"] = "on";
    CHECK_THAT(parse_distributed_config(props).err().message,
               Catch::Contains("Invalid value on for configuration exactly.once.source.support: String must be one of "
                               "(case insensitive): DISABLED, ENABLED, PREPARING"));
    auto standalone = minimal();
    standalone["exactly.once.source.support"] = "enabled";
    CHECK(parse_standalone_config(standalone).ok());
}

TEST_CASE("client.id of the group member and the internal clients follow Kafka Connect's names") {
    auto config = parse_distributed_config(distributed_sample());
    REQUIRE(config.ok());
    config->worker.worker_id = "10.0.0.1:8083";
    CHECK(member_client_id(*config) == "connect-10.0.0.1:8083");
    CHECK(internal_client_id(*config, "configs") == "connect-cluster-configs");
    auto named = distributed_sample();
    named["client.id"] = "blue";
    auto with_id = parse_distributed_config(named);
    REQUIRE(with_id.ok());
    CHECK(member_client_id(*with_id) == "blue");
    CHECK(internal_client_id(*with_id, "statuses") == "connect-cluster-blue-statuses");
}

TEST_CASE("inter.worker.* settings are read and checked as Kafka's DistributedConfig does") {
    auto config = parse_distributed_config(distributed_sample());
    REQUIRE(config.ok());
    CHECK(config->signing.key_generation_algorithm == "HmacSHA256");
    CHECK_FALSE(config->signing.key_size_bits.has_value());
    CHECK(config->signing.key_ttl == std::chrono::hours(1));
    CHECK(config->signing.verification_algorithms == std::vector<std::string>{"HmacSHA256"});

    auto props = distributed_sample();
    props["inter.worker.key.ttl.ms"] = "5000";
    props["inter.worker.key.size"] = "128";
    props["inter.worker.verification.algorithms"] = "HmacSHA512,HmacSHA256";
    auto custom = parse_distributed_config(props);
    REQUIRE(custom.ok());
    CHECK(custom->signing.key_ttl == std::chrono::milliseconds(5000));
    CHECK(custom->signing.key_size_bits == 128);

    props["inter.worker.signature.algorithm"] = "HmacSHA384";  // not among the verification algorithms
    auto mismatch = parse_distributed_config(props);
    REQUIRE_FALSE(mismatch.ok());
    CHECK(mismatch.err().message.find("inter.worker.signature.algorithm") != std::string::npos);
    props = distributed_sample();
    props["inter.worker.key.generation.algorithm"] = "HmacFoo";
    CHECK_FALSE(parse_distributed_config(props).ok());
}
