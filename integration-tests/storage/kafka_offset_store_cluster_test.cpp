// kafka_offset_store over a real offsets topic: offsets written by one store instance are read by
// the next, tombstones delete, and a malformed record written by someone else is skipped.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <memory>
#include <string>

#include "kafka/rdkafka/admin_client.hpp"
#include "storage/internal_topics.hpp"
#include "storage/kafka_based_log.hpp"
#include "storage/kafka_offset_store.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using copycat::itest::broker_client_config;
using namespace copycat::storage;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 30s;

offset_bytes bytes(std::string_view text) { return offset_bytes(text.begin(), text.end()); }

std::unique_ptr<kafka_based_log> offsets_log(const std::string& topic) {
    kafka_based_log_options options;
    options.topic = topic;
    options.client = broker_client_config();
    options.client_id = "copycat-offsets-cluster-test";
    options.producer_settings = kafka_offset_store::producer_settings();
    options.start_timeout = deadline;
    return std::make_unique<kafka_based_log>(std::move(options));
}

result<void> set_and_wait(offset_store& store, std::map<offset_bytes, std::optional<offset_bytes>> entries) {
    auto promise = std::make_shared<std::promise<result<void>>>();
    auto future = promise->get_future();
    store.set(std::move(entries), [promise](result<void> r) { promise->set_value(std::move(r)); });
    REQUIRE(future.wait_for(deadline) == std::future_status::ready);
    return future.get();
}

}  // namespace

TEST_CASE("kafka_offset_store values survive a new store instance", "[cluster]") {
    auto admin = rdkafka::admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    internal_topic_spec spec;
    spec.name = itest::unique_name("connect-offsets");
    spec.config_key = std::string(offset_topic_key);
    spec.partitions = 5;
    spec.replication_factor = 1;
    REQUIRE(ensure_internal_topic(*admin, spec, deadline).ok());

    const std::string key_a = R"(["file-src",{"filename":"/data/a.txt"}])";
    const std::string key_b = R"(["file-src",{"filename":"/data/b.txt"}])";
    const std::string key_c = R"(["other",{"table":"orders"}])";
    {
        kafka_offset_store store(offsets_log(spec.name));
        REQUIRE(store.start().ok());
        CHECK(store.all().empty());
        REQUIRE(set_and_wait(store, {{bytes(key_a), bytes(R"({"position":100})")},
                                     {bytes(key_b), bytes(R"({"position":7})")},
                                     {bytes(key_c), bytes(R"({"id":3})")}})
                    .ok());
        REQUIRE(set_and_wait(store, {{bytes(key_a), bytes(R"({"position":250})")}, {bytes(key_c), std::nullopt}}).ok());
        auto mine = store.all();  // reads to the end first
        CHECK(mine.size() == 2);
        CHECK(mine.at(bytes(key_a)) == bytes(R"({"position":250})"));
        store.stop();
    }
    {
        // Someone else writes a record whose key is not an offset key.
        auto other = offsets_log(spec.name);
        REQUIRE(other->start([](const log_record&) {}).ok());
        REQUIRE(other->send_and_wait("not an offset key", std::string("{}"), deadline).ok());
    }

    kafka_offset_store next(offsets_log(spec.name));
    REQUIRE(next.start().ok());
    auto all = next.all();
    REQUIRE(all.size() == 2);
    CHECK(all.at(bytes(key_a)) == bytes(R"({"position":250})"));
    CHECK(all.at(bytes(key_b)) == bytes(R"({"position":7})"));
    auto got = next.get({bytes(key_a), bytes(key_c)});
    CHECK(got.size() == 1);
    CHECK(got.count(bytes(key_a)) == 1);
}
