#include <catch2/catch.hpp>

#include <array>
#include <chrono>
#include <future>
#include <string>
#include <vector>

#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/mock_cluster.hpp"
#include "kafka/rdkafka/producer.hpp"

using namespace copycat;
using namespace copycat::rdkafka;
using namespace std::chrono_literals;

namespace {

struct consumed {
    std::int32_t partition;
    std::int64_t offset;
    std::optional<std::string> key;
    std::optional<std::string> value;
    std::vector<std::pair<std::string, std::optional<std::string>>> headers;
};

std::optional<std::string> copy(std::optional<std::string_view> bytes) {
    return bytes ? std::optional<std::string>(*bytes) : std::nullopt;
}

// Polls until `count` records arrived or the deadline passed.
std::vector<consumed> consume(consumer& c, std::size_t count) {
    std::vector<consumed> out;
    auto deadline = std::chrono::steady_clock::now() + 30s;
    while (out.size() < count && std::chrono::steady_clock::now() < deadline) {
        auto polled = c.poll(100ms);
        if (!polled.ok() || !polled->has_value()) continue;
        const message& m = **polled;
        consumed record{m.partition(), m.offset(), copy(m.key()), copy(m.value()), {}};
        for (const auto& h : m.headers()) record.headers.emplace_back(h.key, copy(h.value));
        out.push_back(std::move(record));
    }
    return out;
}

}  // namespace

TEST_CASE("records round-trip through librdkafka's mock cluster with keys, nulls and headers") {
    auto cluster = mock_cluster::create();
    REQUIRE(cluster.ok());
    REQUIRE(cluster->create_topic("events", 2).ok());
    auto config = client_config::from_map({{"bootstrap.servers", cluster->bootstrap_servers()}});
    REQUIRE(config.ok());

    auto p = producer::create(*config);
    REQUIRE(p.ok());
    std::array<header_view, 2> headers{{{"h1", "x"}, {"h2", std::nullopt}}};
    std::vector<std::int64_t> offsets_seen;
    auto on_delivery = [&](const delivery_report& r) {
        CHECK(r.status.ok());
        CHECK(r.partition == 1);
        offsets_seen.push_back(r.offset);
    };
    REQUIRE(p->produce({.topic = "events", .partition = 1, .key = "k1", .value = "v1", .headers = headers}, on_delivery)
                .ok());
    REQUIRE(p->produce({.topic = "events", .partition = 1, .key = "k2", .value = ""}, on_delivery).ok());
    REQUIRE(p->produce({.topic = "events", .partition = 1, .key = "k1"}, on_delivery).ok());
    REQUIRE(p->flush(30s).ok());
    CHECK(offsets_seen == std::vector<std::int64_t>{0, 1, 2});

    auto c = consumer::create(*config);
    REQUIRE(c.ok());
    REQUIRE(c->assign({{"events", 1, offsets::beginning}}).ok());
    auto records = consume(*c, 3);
    REQUIRE(records.size() == 3);
    CHECK(records[0].offset == 0);
    CHECK(records[0].key == "k1");
    CHECK(records[0].value == "v1");
    CHECK(records[0].headers ==
          std::vector<std::pair<std::string, std::optional<std::string>>>{{"h1", "x"}, {"h2", std::nullopt}});
    CHECK(records[1].value == std::optional<std::string>(""));  // empty, not null
    CHECK(records[1].headers.empty());
    CHECK_FALSE(records[2].value.has_value());  // a tombstone

    auto marks = c->query_watermarks("events", 1, 10s);
    REQUIRE(marks.ok());
    CHECK(marks->low == 0);
    CHECK(marks->high == 3);
    auto partitions = c->partition_count("events", 10s);
    REQUIRE(partitions.ok());
    CHECK(*partitions == 2);
}

TEST_CASE("consumer: wake() from another thread ends a waiting poll at once") {
    auto cluster = mock_cluster::create();
    REQUIRE(cluster.ok());
    REQUIRE(cluster->create_topic("quiet", 1).ok());
    auto config = client_config::from_map({{"bootstrap.servers", cluster->bootstrap_servers()}});
    REQUIRE(config.ok());
    auto c = consumer::create(*config);
    REQUIRE(c.ok());
    REQUIRE(c->assign({{"quiet", 0, offsets::beginning}}).ok());

    // A wake with nobody polling ends the next poll at once.
    c->wake();
    const auto early = std::chrono::steady_clock::now();
    auto none = c->poll(30s);
    REQUIRE(none.ok());
    CHECK_FALSE(none->has_value());
    CHECK(std::chrono::steady_clock::now() - early < 20s);

    // A poll waiting for a topic with no records returns once woken, long before its timeout.
    std::promise<std::chrono::steady_clock::time_point> polling;
    auto waited = std::async(std::launch::async, [&] {
        polling.set_value(std::chrono::steady_clock::now());
        return c->poll(60s);
    });
    const auto started = polling.get_future().get();
    while (waited.wait_for(200ms) != std::future_status::ready && std::chrono::steady_clock::now() - started < 50s)
        c->wake();  // the first wake may come before the poll waits: it then ends the poll at once anyway
    REQUIRE(waited.wait_for(0s) == std::future_status::ready);
    auto polled = waited.get();
    REQUIRE(polled.ok());
    CHECK_FALSE(polled->has_value());
    CHECK(std::chrono::steady_clock::now() - started < 50s);
}
