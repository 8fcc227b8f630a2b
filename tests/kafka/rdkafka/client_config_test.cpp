#include <catch2/catch.hpp>

#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/client_config.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/producer.hpp"

using namespace copycat;
using namespace copycat::rdkafka;

TEST_CASE("client_config accepts properties librdkafka knows") {
    auto config =
        client_config::from_map({{"bootstrap.servers", "127.0.0.1:9092"}, {"acks", "all"}, {"linger.ms", "5"}});
    REQUIRE(config.ok());
    CHECK(config->get("acks") == "all");
    CHECK(config->contains("linger.ms"));
    CHECK_FALSE(config->get("client.id").has_value());
    CHECK(config->properties().size() == 3);
}

TEST_CASE("client_config names an unknown key in its error") {
    auto config = client_config::from_map({{"bootstrap.servers", "x:1"}, {"no.such.thing", "1"}});
    REQUIRE_FALSE(config.ok());
    CHECK(config.err().code == errc::invalid_argument);
    CHECK_THAT(config.err().message, Catch::Contains("'no.such.thing'"));
}

TEST_CASE("client_config names the key whose value librdkafka rejects") {
    auto config = client_config::from_map({{"linger.ms", "soon"}});
    REQUIRE_FALSE(config.ok());
    CHECK(config.err().code == errc::invalid_argument);
    CHECK_THAT(config.err().message, Catch::Contains("'linger.ms'"));

    auto enum_value = client_config::from_map({{"auto.offset.reset", "sideways"}});
    REQUIRE_FALSE(enum_value.ok());
    CHECK_THAT(enum_value.err().message, Catch::Contains("'auto.offset.reset'"));
}

TEST_CASE("client_config set validates and leaves the config unchanged on error") {
    client_config config;
    REQUIRE(config.set("client.id", "worker-1").ok());
    CHECK(config.get("client.id") == "worker-1");
    REQUIRE(config.set("client.id", "worker-2").ok());
    CHECK(config.get("client.id") == "worker-2");

    auto bad = config.set("queue.buffering.max.messages", "-5");
    REQUIRE_FALSE(bad.ok());
    CHECK_THAT(bad.err().message, Catch::Contains("'queue.buffering.max.messages'"));
    CHECK_FALSE(config.contains("queue.buffering.max.messages"));
    CHECK(config.properties().size() == 1);
}

TEST_CASE("conflicts between properties surface when the client is created") {
    auto config = client_config::from_map({{"enable.idempotence", "true"}, {"acks", "1"}});
    REQUIRE(config.ok());  // each property is valid on its own
    auto made = producer::create(*config);
    REQUIRE_FALSE(made.ok());
    CHECK(made.err().code == errc::invalid_argument);
    CHECK_THAT(made.err().message, Catch::Contains("producer"));
}

TEST_CASE("a consumer without group.id may assign but not subscribe or commit") {
    auto made = consumer::create(client_config());
    REQUIRE(made.ok());
    auto subscribed = made->subscribe({"some-topic"});
    REQUIRE_FALSE(subscribed.ok());
    CHECK(subscribed.err().code == errc::invalid_argument);
    CHECK_THAT(subscribed.err().message, Catch::Contains("group.id"));
    auto committed = made->commit({{"some-topic", 0, 1}});
    REQUIRE_FALSE(committed.ok());
    CHECK(committed.err().code == errc::invalid_argument);
    CHECK(made->assign({{"some-topic", 0, offsets::beginning}}).ok());
    CHECK(made->close().ok());
    CHECK(made->close().ok());  // idempotent
}

TEST_CASE("clients are created without contacting a broker") {
    auto admin = admin_client::create(client_config());
    REQUIRE(admin.ok());
    CHECK_FALSE(admin->name().empty());
}
