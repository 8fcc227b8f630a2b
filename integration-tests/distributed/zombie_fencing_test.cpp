// Fencing a connector's earlier task producers on a real broker (runtime::fence_task_producers,
// docs/exactly-once-source.md#fencing-and-the-task-count-record): a zombie producer of task 0 in
// the middle of a transaction cannot commit once the task's transactional id was fenced, and a
// read_committed consumer never sees its record. (librdkafka's mock cluster does not fence.)
#include <catch2/catch.hpp>

#include <chrono>
#include <optional>
#include <string>

#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "runtime/exactly_once_source.hpp"
#include "runtime/zombie_fencer.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;

TEST_CASE("fencing a connector's task producers aborts a zombie's transaction and fails its commit", "[cluster]") {
    runtime::worker_config worker;
    worker.bootstrap_servers = bootstrap_servers();
    worker.group_id = unique_name("fence-group");
    worker.exactly_once_source = runtime::exactly_once_source_support::enabled;
    const std::string connector = unique_name("fence-src");
    const std::string topic = unique_name("fence-topic");

    auto zombie_config = rdkafka::client_config::from_map(
        {{"bootstrap.servers", worker.bootstrap_servers},
         {"transactional.id", runtime::task_transactional_id(worker.group_id, connector, 0)}});
    REQUIRE(zombie_config.ok());
    auto zombie = rdkafka::producer::create(*zombie_config);
    REQUIRE(zombie.ok());
    REQUIRE(zombie->init_transactions(30s).ok());
    REQUIRE(zombie->begin_transaction().ok());
    rdkafka::outgoing_record stale;
    stale.topic = topic;
    stale.partition = 0;
    stale.value = "stale";
    REQUIRE(zombie->produce(stale).ok());
    REQUIRE(zombie->flush(30s).ok());

    const auto fenced = runtime::fence_task_producers(worker, connector, {{"name", connector}}, 2, 30s);
    INFO((fenced.ok() ? std::string("fenced") : fenced.err().describe()));
    REQUIRE(fenced.ok());

    const auto committed = zombie->commit_transaction(30s);
    INFO((committed.ok() ? std::string("committed") : committed.err().describe()));
    CHECK_FALSE(committed.ok());
    CHECK(zombie->fatal());

    // The fenced transaction was aborted: a read_committed consumer reaches the end and sees nothing.
    auto reader_config = rdkafka::client_config::from_map(
        {{"bootstrap.servers", worker.bootstrap_servers}, {"isolation.level", "read_committed"}});
    REQUIRE(reader_config.ok());
    auto reader = rdkafka::consumer::create(*reader_config);
    REQUIRE(reader.ok());
    REQUIRE(reader->assign({{topic, 0, rdkafka::offsets::beginning}}).ok());
    int seen = 0;
    const bool at_end = poll_until(30s, [&] {
        auto polled = reader->poll(200ms);
        if (polled.ok() && polled->has_value()) ++seen;
        auto marks = reader->query_watermarks(topic, 0, 10s);
        auto at = reader->position({{topic, 0}});
        return marks.ok() && at.ok() && !at->empty() && marks->high > 0 && (*at)[0].offset >= marks->high;
    });
    CHECK(at_end);
    CHECK(seen == 0);
}
