// A Java source connector with exactly-once support (KIP-618) through the JVM bridge, on a
// distributed worker with exactly.once.source.support=enabled and the real broker
// (docs/jvm-bridge.md "Exactly-once source"): validation asks the Java connector's
// exactlyOnceSupport and canDefineTransactionBoundaries and answers with Kafka's messages; a Java
// task defining its own transaction boundaries commits and aborts through its TransactionContext,
// and a read_committed consumer sees the committed records only; a Java task with the default
// boundary (poll) runs in transactions without a TransactionContext. The connector is the fixture
// copycat.test.good.TransactionalSourceConnector (tests/jvm/java/good).
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "common/json.hpp"
#include "distributed/committed_reader.hpp"
#include "distributed/distributed_workers.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 60s;  // an upper bound for failing, never a measure of speed

void create_topic(const std::string& topic) {
    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap_servers()}});
    REQUIRE(config.ok());
    auto admin = rdkafka::admin_client::create(*config);
    REQUIRE(admin.ok());
    auto created = admin->create_topic({.name = topic, .partitions = 1, .replication_factor = 1}, 30s);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

// The "errors" of `key` in the answer to a validation of `config` (JSON object members), as JSON.
std::string validation_errors(distributed_workers& cluster, const std::string& config, const std::string& key) {
    const auto reply = cluster.call(0, "PUT", "/connector-plugins/TransactionalSourceConnector/config/validate",
                                    R"({"connector.class":"TransactionalSourceConnector","name":"v","topic":"t",)" +
                                        config + "}");
    INFO(reply.body);
    REQUIRE(reply.status == 200);
    const json::value body = reply.json();
    for (const json::value& c : body.find("configs")->as_array()) {
        const json::value* v = c.find("value");
        if (v->find("name")->as_string() == key) return json::dump(*v->find("errors"));
    }
    FAIL("no " + key + " in the validation answer");
    return {};
}

std::vector<std::string> numbers(int from, int to, const std::string& suffix = "") {
    std::vector<std::string> out;
    for (int n = from; n < to; ++n) out.push_back(std::to_string(n) + suffix);
    return out;
}

// Waits until the connector's committed offset is {"position": last}, as GET .../offsets shows it.
bool offset_reaches(distributed_workers& cluster, const std::string& connector, int last) {
    return poll_until(deadline, [&] {
        const auto reply = cluster.call(0, "GET", "/connectors/" + connector + "/offsets");
        const std::string position = R"("position":)" + std::to_string(last) + "}";
        return reply.status == 200 && reply.body.find(position) != std::string::npos;
    });
}

}  // namespace

TEST_CASE("a Java source connector: exactly-once validation, and transactions it defines itself", "[cluster]") {
    distributed_workers cluster({.workers = 1,
                                 .extra_properties = "exactly.once.source.support=enabled\n"
                                                     "plugin.path=" COPYCAT_FILE_PLUGIN "," COPYCAT_PROBE_PLUGIN
                                                     "," COPYCAT_TEST_JAVA_PLUGIN_DIR "/good\n"
                                                     "java.bridge.jvm.options=-Xmx256m -XX:TieredStopAtLevel=1\n"});
    logs_on_failure print_logs(cluster);

    // Validation consults the Java connector, with Kafka's messages (docs/exactly-once-source.md#validation).
    const std::string required = R"("exactly.once.support":"required")";
    CHECK(validation_errors(cluster, required + R"(,"exactly.once.answer":"SUPPORTED")", "exactly.once.support") ==
          "[]");
    CHECK(validation_errors(cluster, required + R"(,"exactly.once.answer":"UNSUPPORTED")", "exactly.once.support") ==
          R"(["The connector does not support exactly-once semantics with the provided configuration."])");
    CHECK_THAT(validation_errors(cluster, required, "exactly.once.support"),
               Catch::StartsWith(R"(["The connector does not implement the API required for preflight validation )"
                                 R"(of exactly-once source support.)"));
    CHECK(validation_errors(cluster, required + R"(,"exactly.once.answer":"throw")", "exactly.once.support") ==
          R"(["An unexpected error occurred during validation: exactlyOnceSupport cannot tell"])");
    const std::string connector_boundary = R"("transaction.boundary":"connector")";
    CHECK(validation_errors(cluster, connector_boundary + R"(,"boundaries.answer":"SUPPORTED")",
                            "transaction.boundary") == "[]");
    CHECK(validation_errors(cluster, connector_boundary, "transaction.boundary") ==
          R"(["The connector does not support connector-defined transaction boundaries with the given )"
          R"(configuration. Please reconfigure it to use a different transaction boundary definition."])");
    CHECK(validation_errors(cluster, connector_boundary + R"(,"boundaries.answer":"throw-empty")",
                            "transaction.boundary") ==
          R"(["An unexpected error occurred during validation; please see the worker logs for more details."])");
    // Creation validates the same way.
    const auto refused = cluster.call(0, "PUT", "/connectors/java-eos-refused/config",
                                      R"({"connector.class":"TransactionalSourceConnector","topic":"t",)" + required +
                                          R"(,"exactly.once.answer":"UNSUPPORTED"})");
    CHECK(refused.status == 400);
    CHECK_THAT(refused.body, Catch::Contains("The connector does not support exactly-once semantics"));

    // Boundaries the Java task defines, in batches of 5: commit after record 9, abort after 19,
    // commit the batch holding 25 (20..29), abort the batch holding 35 (30..39), commit the
    // batch holding 44 (40..44).
    const std::string topic = unique_name("java-eos-boundaries");
    create_topic(topic);
    const std::string strings = R"("value.converter":"org.apache.kafka.connect.storage.StringConverter")";
    const auto created = cluster.call(
        0, "PUT", "/connectors/java-eos-boundaries/config",
        R"({"connector.class":"TransactionalSourceConnector","topic":")" + topic + R"(",)" + required +
            R"(,"exactly.once.answer":"SUPPORTED",)" + connector_boundary +
            R"(,"boundaries.answer":"SUPPORTED","count":"45","batch.size":"5","commit.record":"9",)"
            R"("abort.record":"19","commit.batch":"25,44","abort.batch":"35",)" + strings + "}");
    INFO(created.body);
    REQUIRE(created.status == 201);
    // The aborted records' offsets are committed too: the task does not read them again.
    REQUIRE(offset_reaches(cluster, "java-eos-boundaries", 44));
    committed_reader boundaries(topic);
    REQUIRE(boundaries.read_to_end(deadline));
    std::vector<std::string> committed = numbers(0, 10);
    for (const auto& n : numbers(20, 30)) committed.push_back(n);
    for (const auto& n : numbers(40, 45)) committed.push_back(n);
    const auto tally = boundaries.count(committed);
    CHECK(tally.missing == 0);
    CHECK(tally.duplicated == 0);
    CHECK(boundaries.records() == committed.size());  // nothing of 10..19 and 30..39

    // The default boundary (poll): one transaction per batch, and no TransactionContext.
    const std::string poll_topic = unique_name("java-eos-poll");
    create_topic(poll_topic);
    const auto per_poll = cluster.call(0, "PUT", "/connectors/java-eos-poll/config",
                                       R"({"connector.class":"TransactionalSourceConnector","topic":")" + poll_topic +
                                           R"(",)" + required + R"(,"exactly.once.answer":"SUPPORTED","count":"20",)" +
                                           strings + "}");
    INFO(per_poll.body);
    REQUIRE(per_poll.status == 201);
    REQUIRE(offset_reaches(cluster, "java-eos-poll", 19));
    CHECK(poll_until(deadline, [&] {
        const auto transactions = committed_transactions(cluster, 0, "java-eos-poll");
        return transactions.has_value() && *transactions >= 4;  // 4 batches of 5
    }));
    committed_reader per_batch(poll_topic);
    REQUIRE(per_batch.read_to_end(deadline));
    const auto all = per_batch.count(numbers(0, 20, " no-context"));
    CHECK(all.missing == 0);
    CHECK(all.duplicated == 0);
}
