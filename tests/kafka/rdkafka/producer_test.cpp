#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>

#include "kafka/rdkafka/producer.hpp"

using namespace copycat;
using namespace copycat::rdkafka;
using namespace std::chrono_literals;

namespace {

// A producer with no broker to talk to: records can only fail.
producer unreachable_producer(const std::string& message_timeout_ms) {
    auto config = client_config::from_map({{"message.timeout.ms", message_timeout_ms}});
    REQUIRE(config.ok());
    auto made = producer::create(*config);
    REQUIRE(made.ok());
    return std::move(*made);
}

struct observed_delivery {
    std::string topic;
    std::int64_t offset = 0;
    std::optional<errc> failure;
};

}  // namespace

TEST_CASE("a record that cannot be delivered fails its callback with a timeout") {
    producer p = unreachable_producer("200");
    std::optional<observed_delivery> seen;
    auto observe = [&](const delivery_report& r) {
        std::optional<errc> failure;
        if (!r.status.ok()) failure = errc(r.status.err().code.value());
        seen = observed_delivery{std::string(r.topic), r.offset, failure};
    };
    REQUIRE(p.produce({.topic = "nowhere", .value = "v"}, observe).ok());
    CHECK(p.outstanding() >= 1);
    REQUIRE(p.flush(30s).ok());
    REQUIRE(seen.has_value());
    CHECK(seen->topic == "nowhere");
    CHECK(seen->offset == -1);
    CHECK(seen->failure == errc::timeout);
    CHECK(p.outstanding() == 0);
}

TEST_CASE("destroying a producer fails the records it still holds") {
    int failed = 0;
    {
        producer p = unreachable_producer("600000");
        for (int i = 0; i < 3; ++i) {
            REQUIRE(p.produce({.topic = "nowhere", .key = "k", .value = "v"}, [&](const delivery_report& r) {
                         failed += r.status.ok() ? 0 : 1;
                     }).ok());
        }
        CHECK(failed == 0);
    }
    CHECK(failed == 3);
}

TEST_CASE("a full local queue is reported as unavailable and the record is not taken") {
    auto config = client_config::from_map({{"queue.buffering.max.messages", "1"}, {"message.timeout.ms", "600000"}});
    REQUIRE(config.ok());
    auto p = producer::create(*config);
    REQUIRE(p.ok());
    int callbacks = 0;
    auto count = [&](const delivery_report&) { ++callbacks; };
    REQUIRE(p->produce({.topic = "nowhere", .value = "1"}, count).ok());
    auto second = p->produce({.topic = "nowhere", .value = "2"}, count);
    REQUIRE_FALSE(second.ok());
    CHECK(second.err().code == errc::unavailable);
    CHECK_THAT(second.err().message, Catch::Contains("nowhere"));
    p = unreachable_producer("600000");  // move-assignment fails the first record
    CHECK(callbacks == 1);
}

TEST_CASE("an exception from a delivery callback is contained") {
    producer p = unreachable_producer("100");
    REQUIRE(p.produce({.topic = "nowhere", .value = "v"}, [](const delivery_report&) {
                 throw std::runtime_error("boom");
             }).ok());
    CHECK(p.flush(30s).ok());
}
