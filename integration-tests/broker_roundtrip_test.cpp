// The librdkafka wrappers against a real broker: admin (create a compacted topic, read its
// configs back), producer (keyed record with a header, delivery report) and consumer (assign
// from the beginning, and subscribe as a group member).
#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using copycat::itest::broker_client_config;
using namespace copycat::rdkafka;
using namespace std::chrono_literals;

namespace {

constexpr auto admin_timeout = 30s;
constexpr auto poll_deadline = 30s;

void create_compacted_topic(admin_client& admin, const std::string& topic) {
    new_topic spec{.name = topic, .partitions = 1, .replication_factor = 1, .configs = {{"cleanup.policy", "compact"}}};
    auto created = admin.create_topic(spec, admin_timeout);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

struct delivery {
    std::int32_t partition = -1;
    std::int64_t offset = -1;
    std::string failure;  // empty when delivered
};

// Produces one record and waits for its delivery report.
delivery produce_and_wait(producer& p, const outgoing_record& record) {
    std::optional<delivery> seen;
    auto produced = p.produce(record, [&](const delivery_report& r) {
        seen = delivery{r.partition, r.offset, r.status.ok() ? "" : r.status.err().describe()};
    });
    REQUIRE(produced.ok());
    auto flushed = p.flush(poll_deadline);
    INFO((flushed.ok() ? std::string("flushed") : flushed.err().describe()));
    REQUIRE(flushed.ok());
    REQUIRE(seen.has_value());
    return *seen;
}

// Polls until a record arrives or the deadline passes; consumer errors are reported and polling
// goes on, as they are usually transient.
std::optional<message> poll_one(consumer& c) {
    auto deadline = std::chrono::steady_clock::now() + poll_deadline;
    while (std::chrono::steady_clock::now() < deadline) {
        auto polled = c.poll(200ms);
        if (!polled.ok()) {
            UNSCOPED_INFO("consumer event: " << polled.err().describe());
            continue;
        }
        if (polled->has_value()) return std::move(*polled);
    }
    return std::nullopt;
}

}  // namespace

TEST_CASE("a compacted topic is created, described, written and read back") {
    const std::string topic = itest::unique_name("roundtrip");
    auto admin = admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    create_compacted_topic(*admin, topic);

    auto configs = admin->describe_topic_configs(topic, admin_timeout);
    INFO((configs.ok() ? std::string("described") : configs.err().describe()));
    REQUIRE(configs.ok());
    auto policy = configs->find("cleanup.policy");
    REQUIRE(policy != configs->end());
    CHECK(policy->second.value == "compact");
    CHECK_FALSE(policy->second.is_default);

    auto p = producer::create(broker_client_config());
    REQUIRE(p.ok());
    std::array<header_view, 1> headers{{{"trace-id", "abc-123"}}};
    delivery delivered = produce_and_wait(
        *p, {.topic = topic, .partition = 0, .key = "user-42", .value = R"({"name":"Ada"})", .headers = headers});
    CHECK(delivered.failure.empty());
    CHECK(delivered.partition == 0);
    CHECK(delivered.offset == 0);

    auto c = consumer::create(broker_client_config());
    REQUIRE(c.ok());
    REQUIRE(c->assign({{topic, 0, offsets::beginning}}).ok());
    {
        std::optional<message> m = poll_one(*c);
        REQUIRE(m.has_value());
        CHECK(m->topic() == topic);
        CHECK(m->partition() == 0);
        CHECK(m->offset() == delivered.offset);
        CHECK(m->key() == std::optional<std::string_view>("user-42"));
        CHECK(m->value() == std::optional<std::string_view>(R"({"name":"Ada"})"));
        CHECK(m->headers() == std::vector<header_view>{{"trace-id", "abc-123"}});
        CHECK(m->last_header("trace-id") == std::optional<std::optional<std::string_view>>("abc-123"));
        CHECK(m->timestamp_type() == timestamp_kind::create_time);
        CHECK(m->timestamp_ms() > 0);
    }  // the message goes before its consumer

    auto marks = c->query_watermarks(topic, 0, admin_timeout);
    REQUIRE(marks.ok());
    CHECK(marks->low == 0);
    CHECK(marks->high == 1);
    auto partitions = c->partition_count(topic, admin_timeout);
    REQUIRE(partitions.ok());
    CHECK(*partitions == 1);
}

TEST_CASE("creating a topic that exists reports already_exists") {
    const std::string topic = itest::unique_name("existing");
    auto admin = admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    create_compacted_topic(*admin, topic);

    auto again = admin->create_topic(
        {.name = topic, .partitions = 1, .replication_factor = 1, .configs = {{"cleanup.policy", "compact"}}},
        admin_timeout);
    REQUIRE_FALSE(again.ok());
    CHECK(again.err().code == errc::already_exists);
    CHECK_THAT(again.err().message, Catch::Contains(topic));
}

TEST_CASE("admin errors name the topic and map to copycat codes") {
    auto admin = admin_client::create(broker_client_config());
    REQUIRE(admin.ok());

    const std::string missing = itest::unique_name("missing");
    auto described = admin->describe_topic_configs(missing, admin_timeout);
    REQUIRE_FALSE(described.ok());
    CHECK(described.err().code == errc::not_found);
    CHECK_THAT(described.err().message, Catch::Contains(missing));

    auto created =
        admin->create_topics({{.name = itest::unique_name("bad-config"), .configs = {{"cleanup.policy", "shred"}}},
                              {.name = itest::unique_name("broker-defaults"), .partitions = 2}},
                             admin_timeout);
    REQUIRE(created.ok());
    REQUIRE(created->size() == 2);
    REQUIRE_FALSE((*created)[0].status.ok());
    CHECK((*created)[0].status.err().code == errc::invalid_argument);
    CHECK((*created)[1].status.ok());  // replication factor -1: the broker's default
}

TEST_CASE("a group member reads from a subscribed topic and commits its offset") {
    const std::string topic = itest::unique_name("group");
    const std::string group = itest::unique_name("group");
    auto admin = admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    REQUIRE(admin->create_topic({.name = topic, .partitions = 1, .replication_factor = 1}, admin_timeout).ok());

    auto p = producer::create(broker_client_config());
    REQUIRE(p.ok());
    delivery delivered = produce_and_wait(*p, {.topic = topic, .key = "k", .value = "v"});
    REQUIRE(delivered.failure.empty());

    auto c = consumer::create(broker_client_config({{"group.id", group},
                                             {"auto.offset.reset", "earliest"},
                                             {"enable.auto.commit", "false"},
                                             {"session.timeout.ms", "6000"}}));
    REQUIRE(c.ok());
    REQUIRE(c->subscribe({topic}).ok());
    std::int64_t next = -1;
    {
        std::optional<message> m = poll_one(*c);
        REQUIRE(m.has_value());
        CHECK(m->value() == std::optional<std::string_view>("v"));
        next = m->offset() + 1;
    }
    auto committed = c->commit({{topic, 0, next}});
    INFO((committed.ok() ? std::string("committed") : committed.err().describe()));
    CHECK(committed.ok());
    CHECK(c->close().ok());
}
