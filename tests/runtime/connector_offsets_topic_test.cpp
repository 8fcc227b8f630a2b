// Which offsets topic a source connector uses (runtime/connector_offsets_topic.hpp, Kafka's
// Worker.offsetStoreFor*SourceTask): its own only where Kafka gives it one.
#include <catch2/catch.hpp>

#include "runtime/connector_offsets_topic.hpp"
#include "storage/memory_offset_store.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

worker_config distributed(exactly_once_source_support eos) {
    worker_config w;
    w.bootstrap_servers = "broker-a:9092,broker-b:9092";
    w.offsets_topic = "connect-offsets";
    w.exactly_once_source = eos;
    return w;
}

std::string topic_of(const worker_config& w, const string_map& c) {
    auto topic = own_offsets_topic(w, c);
    REQUIRE(topic.ok());
    return *topic;
}

}  // namespace

TEST_CASE("a connector's own offsets topic, as Kafka picks it") {
    const string_map plain{{"name", "src"}};
    string_map own = plain;
    own["offsets.storage.topic"] = "src-offsets";
    string_map worker_topic = plain;
    worker_topic["offsets.storage.topic"] = "connect-offsets";

    for (auto eos : {exactly_once_source_support::disabled, exactly_once_source_support::preparing,
                     exactly_once_source_support::enabled}) {
        const auto w = distributed(eos);
        CHECK(topic_of(w, own) == "src-offsets");
        CHECK(topic_of(w, plain).empty());         // the worker's store
        CHECK(topic_of(w, worker_topic).empty());  // the worker's topic: its store
    }

    // The worker's topic name on another cluster is another topic (Kafka's sameOffsetTopicAsWorker).
    string_map elsewhere = worker_topic;
    elsewhere["producer.override.bootstrap.servers"] = "other:9092";
    CHECK(topic_of(distributed(exactly_once_source_support::disabled), elsewhere) == "connect-offsets");
    elsewhere["producer.override.bootstrap.servers"] = "broker-b:9092, broker-a:9092";  // same servers
    CHECK(topic_of(distributed(exactly_once_source_support::disabled), elsewhere).empty());

    // A standalone worker ignores the setting (Kafka: connectorOffsetsTopicsPermitted() is false).
    worker_config standalone;
    CHECK(topic_of(standalone, own).empty());

    storage::memory_offset_store worker_store;
    auto store = connector_offset_store_for(distributed(exactly_once_source_support::enabled), own, worker_store,
                                            "connector-offsets-src");
    REQUIRE(store.ok());
    CHECK(*store != nullptr);
    auto none = connector_offset_store_for(distributed(exactly_once_source_support::enabled), plain, worker_store,
                                           "connector-offsets-src");
    REQUIRE(none.ok());
    CHECK(*none == nullptr);
}
