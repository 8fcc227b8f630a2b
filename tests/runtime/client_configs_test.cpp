#include <catch2/catch.hpp>

#include "runtime/client_configs.hpp"
#include "runtime/client_override_policy.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

worker_config worker_with(string_map originals, std::string policy = "All") {
    worker_config w;
    w.bootstrap_servers = "broker:9092";
    w.originals = std::move(originals);
    w.client_config_override_policy = std::move(policy);
    return w;
}

}  // namespace

TEST_CASE("producer settings: Kafka's defaults, then producer.*, then producer.override.*") {
    auto w = worker_with({{"producer.linger.ms", "20"},
                          {"producer.acks", "1"},
                          {"consumer.fetch.min.bytes", "9"},
                          {"bootstrap.servers", "other:1"}});
    auto s = producer_settings(w, {{"producer.override.linger.ms", "50"}, {"consumer.override.x", "y"}}, {"conn", 3});
    REQUIRE(s.ok());
    CHECK(s->at("bootstrap.servers") == "broker:9092");
    CHECK(s->at("client.id") == "connector-producer-conn-3");
    CHECK(s->at("acks") == "1");
    CHECK(s->at("linger.ms") == "50");
    CHECK(s->at("enable.idempotence") == "true");
    CHECK_FALSE(s->count("fetch.min.bytes"));
    CHECK_FALSE(s->count("x"));
}

TEST_CASE("consumer settings: group connect-<connector>, no auto commit, earliest") {
    auto s = consumer_settings(worker_with({{"consumer.max.poll.records", "100"}}), {}, {"sink", 0});
    REQUIRE(s.ok());
    CHECK(s->at("group.id") == "connect-sink");
    CHECK(s->at("client.id") == "connector-consumer-sink-0");
    CHECK(s->at("enable.auto.commit") == "false");
    CHECK(s->at("auto.offset.reset") == "earliest");
    CHECK(s->at("max.poll.records") == "100");
}

TEST_CASE("override policies") {
    const string_map overrides{{"producer.override.acks", "1"}, {"producer.override.sasl.jaas.config", "x"}};
    CHECK(producer_settings(worker_with({}, "All"), overrides, {"c", 0}).ok());

    auto none = producer_settings(worker_with({}, "None"), overrides, {"c", 0});
    REQUIRE_FALSE(none.ok());
    CHECK(none.err().message.find("The 'None' policy does not allow 'acks' to be overridden in the connector "
                                  "configuration.") != std::string::npos);

    auto refused = disallowed_client_overrides({client_override_policy::principal, {}}, overrides, "producer.override.");
    CHECK(refused.size() == 1);
    CHECK(refused.count("producer.override.acks") == 1);
    CHECK(producer_settings(worker_with({}, "Principal"), {{"producer.override.sasl.mechanism", "PLAIN"}}, {"c", 0})
              .ok());
    CHECK_FALSE(producer_settings(worker_with({}, "Principal"), overrides, {"c", 0}).ok());
}

TEST_CASE("client configs drop keys librdkafka does not know and reject bad values") {
    auto c = to_client_config({{"bootstrap.servers", "b:1"}, {"key.serializer", "x"}, {"linger.ms", "5"}}, "test");
    REQUIRE(c.ok());
    CHECK(c->contains("linger.ms"));
    CHECK_FALSE(c->contains("key.serializer"));
    CHECK_FALSE(to_client_config({{"linger.ms", "not a number"}}, "test").ok());
}
