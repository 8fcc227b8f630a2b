// The JVM bridge in the real `copycat standalone` binary against the real broker: Java plugins on
// plugin.path are listed, their ConfigDef and validate() answer over REST with the JSON Kafka
// Connect gives for them (the connector's own keys; compared by hand with a Kafka Connect 4.1.1
// worker on the same jars), a Java exception fails the connector with Java's stack trace, native
// plugins keep working, Java SMTs (Kafka's own among them) run in Copycat's chain, Java source
// and sink tasks run in Copycat's task loops (Kafka's MirrorSourceConnector among them; a plugin
// compiled against Kafka 4.1.1's API jars too), and SIGTERM still stops the worker gracefully.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "common/json.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"
#include "group/own_broker.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using copycat::rest::testing::http_reply;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

const std::string java_plugins = COPYCAT_TEST_JAVA_PLUGIN_DIR;
// The good fixture plugin compiled against Kafka 4.1.1's API jars, not the bridge's.
const std::string java_41_plugins = COPYCAT_TEST_JAVA_41_PLUGIN_DIR;

std::string worker_properties(const temp_dir& dir, const std::string& extra) {
    return standalone_worker_properties(dir, java_plugins + "/good," + java_plugins + "/bad," + COPYCAT_FILE_PLUGIN,
                                        extra);
}

http_reply call(std::uint16_t port, std::string_view method, std::string_view target, std::string body = {}) {
    test_client client(port);
    return client.request(method, target, std::move(body));
}

// "class type version" per listed plugin.
std::vector<std::string> plugin_rows(std::uint16_t port) {
    const http_reply r = call(port, "GET", "/connector-plugins?connectorsOnly=false");
    REQUIRE(r.status == 200);
    std::vector<std::string> rows;
    const json::value body = r.json();
    for (const json::value& p : body.as_array()) {
        const json::value* version = p.find("version");
        rows.push_back(p.find("class")->as_string() + " " + p.find("type")->as_string() + " " +
                       (version ? version->as_string() : "-"));
    }
    return rows;
}

bool contains(const std::vector<std::string>& rows, const std::string& row) {
    return std::find(rows.begin(), rows.end(), row) != rows.end();
}

bool lists_native_file_source(const std::vector<std::string>& rows) {
    const std::string prefix = "org.apache.kafka.connect.file.FileStreamSourceConnector source ";
    return std::any_of(rows.begin(), rows.end(), [&](const std::string& r) { return r.rfind(prefix, 0) == 0; });
}

const json::value* config_entry(const json::value& validated, const std::string& name) {
    for (const json::value& c : validated.find("configs")->as_array())
        if (c.find("definition")->find("name")->as_string() == name) return &c;
    return nullptr;
}

// Creates the Java source (GoodSource: `count` records) and a FileStreamSink into `output`.
void create_java_pipeline(std::uint16_t port, const std::string& topic, int count, const std::string& output) {
    const std::string json_values =
        R"("value.converter":"org.apache.kafka.connect.json.JsonConverter","value.converter.schemas.enable":"false")";
    const http_reply source =
        call(port, "PUT", "/connectors/java-source/config",
             R"({"connector.class":"GoodSource","topic":")" + topic + R"(","count":")" + std::to_string(count) +
                 R"(","offset.flush.interval.ms":"100",)" + json_values + "}");
    INFO(source.body);
    REQUIRE(source.status == 201);
    const http_reply sink = call(port, "PUT", "/connectors/sink/config",
                                 R"({"connector.class":"FileStreamSink","file":")" + output + R"(","topics":")" +
                                     topic + R"(",)" + json_values + "}");
    REQUIRE(sink.status == 201);
}

std::string wait_lines(const std::filesystem::path& file, std::size_t lines) {
    std::string written;
    poll_until(60s, [&] {
        std::ifstream in(file);
        std::ostringstream text;
        text << in.rdbuf();
        written = text.str();
        return static_cast<std::size_t>(std::count(written.begin(), written.end(), '\n')) >= lines;
    });
    return written;
}

std::string expected_lines(int from, int to) {
    std::string out;
    for (int n = from; n < to; ++n) out += "{n=" + std::to_string(n) + ", text=record " + std::to_string(n) + "}\n";
    return out;
}

// A standalone worker with the good fixture plugins only (those of `plugins`), and its REST port.
struct good_plugins_worker {
    explicit good_plugins_worker(const temp_dir& dir, const std::string& plugins = java_plugins)
        : process({"standalone", standalone_worker_properties(dir, plugins + "/good")},
                  dir.path() / "worker.log") {
        const auto found = process.rest_port(60s);
        REQUIRE(found);
        port = *found;
    }
    copycat_process process;
    std::uint16_t port = 0;
};

}  // namespace

TEST_CASE("a worker lists, validates and fails Java plugins over REST, beside native ones", "[cluster]") {
    temp_dir dir("copycat-jvm-worker");
    copycat_process worker({"standalone", worker_properties(dir, "java.bridge.jvm.options=-Xmx256m\n")},
                           dir.path() / "worker.log");
    const auto port = worker.rest_port(60s);
    REQUIRE(port);

    const auto rows = plugin_rows(*port);
    CHECK(contains(rows, "copycat.test.good.GoodSourceConnector source 1.2.3"));
    CHECK(contains(rows, "copycat.test.good.UpperCase transformation -"));  // "undefined" is left out, as Kafka does
    CHECK(contains(rows, "copycat.test.bad.FineHeaderConverter header_converter -"));
    CHECK(lists_native_file_source(rows));
    CHECK_FALSE(contains(rows, "copycat.test.bad.ThrowingConverter converter -"));
    CHECK(worker.log().find("ThrowingConverter refuses to be built") != std::string::npos);

    // The connector's own keys, as Kafka Connect shows them for this class (compared by hand with
    // 4.1.1; Kafka 4.4 renamed its "order" to "order_in_group", after "group").
    const http_reply config = call(*port, "GET", "/connector-plugins/GoodSource/config");
    REQUIRE(config.status == 200);
    const json::value keys = config.json();
    REQUIRE(keys.as_array().size() >= 2);
    CHECK(json::dump(keys.as_array()[0]) ==
          R"({"name":"topic","type":"STRING","required":true,"default_value":null,"importance":"HIGH",)"
          R"("documentation":"The topic.","group":null,"order_in_group":-1,"width":"NONE","display_name":"topic",)"
          R"("dependents":[]})");
    CHECK(json::dump(keys.as_array()[1]) ==
          R"({"name":"batch.size","type":"INT","required":false,"default_value":"2000","importance":"LOW",)"
          R"("documentation":"Records per poll.","group":"Tuning","order_in_group":1,"width":"SHORT",)"
          R"("display_name":"Batch size","dependents":[]})");

    const http_reply validated = call(*port, "PUT", "/connector-plugins/GoodSource/config/validate",
                                      R"({"connector.class":"GoodSource","name":"g","batch.size":"0"})");
    REQUIRE(validated.status == 200);
    const json::value v = validated.json();
    CHECK(v.find("error_count")->as_int64() == 2);
    const json::value* batch = config_entry(v, "batch.size");
    REQUIRE(batch != nullptr);
    CHECK(json::dump(*batch->find("value")) ==
          R"({"name":"batch.size","value":"0","recommended_values":[],"errors":["Invalid value 0 for configuration )"
          R"(batch.size: Value must be at least 1"],"visible":true})");
    const json::value* topic = config_entry(v, "topic");
    REQUIRE(topic != nullptr);
    CHECK(json::dump(*topic->find("value")->find("errors")) ==
          R"(["Missing required configuration \"topic\" which has no default value."])");

    // A Java exception in start(): FAILED, with Java's stack trace. A standalone worker answers the
    // create with the failure itself, as Kafka's StandaloneHerder does.
    const http_reply created = call(*port, "POST", "/connectors",
                                    R"({"name":"boom","config":{"connector.class":"GoodSource","topic":"boom"}})");
    CHECK(created.status == 500);
    CHECK_THAT(created.body, Catch::Contains("at copycat.test.good.GoodSourceConnector.start("));
    std::string trace;
    CHECK(poll_until(30s, [&] {
        const http_reply s = call(*port, "GET", "/connectors/boom/status");
        if (s.status != 200) return false;
        const json::value body = s.json();
        const json::value* c = body.find("connector");
        if (c->find("state")->as_string() != "FAILED") return false;
        trace = c->find("trace")->as_string();
        return true;
    }));
    CHECK_THAT(trace,
               Catch::Contains("java.lang.IllegalStateException: GoodSourceConnector cannot start on topic boom") &&
                   Catch::Contains("at copycat.test.good.GoodSourceConnector.start("));

    // Native plugins keep working beside the JVM.
    const std::string input = dir.write("input.txt", "one\n");
    const http_reply file = call(*port, "PUT", "/connectors/file/config",
                                 R"({"connector.class":"FileStreamSource","topic":")" + unique_name("jvm-file") +
                                     R"(","file":")" + input + R"("})");
    CHECK(file.status == 201);
    CHECK(poll_until(30s, [&] {
        const http_reply s = call(*port, "GET", "/connectors/file/status");
        if (s.status != 200) return false;
        const json::value body = s.json();
        const auto& tasks = body.find("tasks")->as_array();
        return body.find("connector")->find("state")->as_string() == "RUNNING" && tasks.size() == 1 &&
               tasks[0].find("state")->as_string() == "RUNNING";
    }));

    // SIGTERM is still the worker's: a graceful stop with exit code 0.
    CHECK(worker.terminate(60s) == 0);
}

TEST_CASE("a worker whose JVM cannot start skips the Java plugins and keeps its native ones", "[cluster]") {
    temp_dir dir("copycat-jvm-refused");
    copycat_process worker({"standalone", worker_properties(dir, "java.bridge.jvm.options=-XX:+NoSuchJvmOption\n")},
                           dir.path() / "worker.log");
    const auto port = worker.rest_port(60s);
    REQUIRE(port);
    CHECK(worker.log().find("The JVM did not start") != std::string::npos);
    const auto rows = plugin_rows(*port);
    CHECK(lists_native_file_source(rows));
    CHECK_FALSE(contains(rows, "copycat.test.good.GoodSourceConnector source 1.2.3"));
    CHECK(call(*port, "GET", "/connector-plugins/GoodSource/config").status == 404);
    CHECK(worker.terminate(60s) == 0);
}

TEST_CASE("Java SMTs, Kafka's own among them, transform FileStreamSource records in Copycat's chain", "[cluster]") {
    temp_dir dir("copycat-jvm-smt");
    const std::string preferred =
        "java.bridge.preferred.classes=org.apache.kafka.connect.transforms.HoistField$Value,"
        "org.apache.kafka.connect.transforms.InsertField$Value\n";
    copycat_process worker(
        {"standalone",
         standalone_worker_properties(
             dir, java_plugins + "/good," + java_plugins + "/kafka-transforms," + COPYCAT_FILE_PLUGIN, preferred)},
        dir.path() / "worker.log");
    const auto port = worker.rest_port(60s);
    REQUIRE(port);
    // The element holds one jar: that jar is the plugin location, as in Kafka Connect.
    CHECK(worker.log().find("Plugin org.apache.kafka.connect.transforms.InsertField$Value from " + java_plugins +
                            "/kafka-transforms/connect-transforms-" COPYCAT_TEST_KAFKA_API_VERSION ".jar replaces the one from builtin") !=
          std::string::npos);

    const std::string topic = unique_name("jvm-smt");
    const std::string input = dir.write("input.txt", "one\ndrop\ntwo\n");
    const auto output = dir.path() / "output.txt";
    const std::string json_values =
        R"("value.converter":"org.apache.kafka.connect.json.JsonConverter","value.converter.schemas.enable":"false")";
    const http_reply source = call(
        *port, "PUT", "/connectors/source/config",
        R"({"connector.class":"FileStreamSource","file":")" + input + R"(","topic":")" + topic + R"(",)" + json_values +
            R"(,"transforms":"upper,hoist,insert","transforms.upper.type":"copycat.test.good.UpperCase",)"
            R"("transforms.hoist.type":"org.apache.kafka.connect.transforms.HoistField$Value",)"
            R"("transforms.hoist.field":"line",)"
            R"("transforms.insert.type":"org.apache.kafka.connect.transforms.InsertField$Value",)"
            R"("transforms.insert.static.field":"via","transforms.insert.static.value":"java"})");
    INFO(source.body);
    REQUIRE(source.status == 201);
    const http_reply sink = call(*port, "PUT", "/connectors/sink/config",
                                 R"({"connector.class":"FileStreamSink","file":")" + output.string() +
                                     R"(","topics":")" + topic + R"(",)" + json_values + "}");
    REQUIRE(sink.status == 201);

    const std::string written = wait_lines(output, 2);
    // UpperCase (Java only) ran, dropped "drop", and Kafka's HoistField and InsertField built the Struct.
    CHECK(written == "{line=ONE, via=java}\n{line=TWO, via=java}\n");
    CHECK(worker.terminate(60s) == 0);
}

TEST_CASE("a Java source task runs in Copycat's task loop and resumes from the offset Copycat stored", "[cluster]") {
    temp_dir dir("copycat-jvm-source");
    const std::string topic = unique_name("jvm-source");
    const auto output = dir.path() / "output.txt";
    const std::string properties = standalone_worker_properties(dir, java_plugins + "/good," + COPYCAT_FILE_PLUGIN,
                                                                "offset.flush.interval.ms=100\n");
    {
        copycat_process worker({"standalone", properties}, dir.path() / "worker1.log");
        const auto port = worker.rest_port(60s);
        REQUIRE(port);
        create_java_pipeline(*port, topic, 4, output.string());
        CHECK(wait_lines(output, 4) == expected_lines(0, 4));
        CHECK(worker.terminate(60s) == 0);
    }
    copycat_process worker({"standalone", properties}, dir.path() / "worker2.log");
    const auto port = worker.rest_port(60s);
    REQUIRE(port);
    create_java_pipeline(*port, topic, 6, output.string());
    // The task read position 3 through its OffsetStorageReader: only 4 and 5 are new.
    CHECK(wait_lines(output, 6) == expected_lines(0, 6));
    // Its SLF4J line, in the worker's line format for plugins, with the task's connector context.
    const std::regex logged(R"(\n\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z INFO \[java-source\|task-0\] )"
                            R"(\[copycat\.test\.good\.GoodSourceTask\] GoodSourceTask starts at 4 of 6\n)");
    CHECK(std::regex_search(worker.log(), logged));
    CHECK(worker.terminate(60s) == 0);
}

TEST_CASE("a Java source and a Java sink connector copy records with schemas through Kafka", "[cluster]") {
    // Built against the bridge's API jars, and against Kafka 4.1.1's: a plugin built for an older
    // release runs on the newer API, as in Kafka Connect.
    const std::string plugins = GENERATE(java_plugins, java_41_plugins);
    INFO(plugins);
    temp_dir dir("copycat-jvm-sink");
    const std::string topic = unique_name("jvm-sink");
    const auto output = dir.path() / "output.txt";
    good_plugins_worker worker(dir, plugins);
    const std::string converters =
        R"("value.converter":"org.apache.kafka.connect.json.JsonConverter","value.converter.schemas.enable":"true")";
    REQUIRE(call(worker.port, "PUT", "/connectors/java-source/config",
                 R"({"connector.class":"GoodSource","topic":")" + topic + R"(","count":"3",)" + converters + "}")
                .status == 201);
    const http_reply sink = call(worker.port, "PUT", "/connectors/java-sink/config",
                                 R"({"connector.class":"GoodSink","file":")" + output.string() + R"(","topics":")" +
                                     topic + R"(","offset.flush.interval.ms":"200",)" + converters + "}");
    INFO(sink.body);
    REQUIRE(sink.status == 201);
    // The Java sink got Structs with their schema and the headers, as Kafka Connect gives them.
    CHECK(wait_lines(output, 3) == topic + "-0 key-0 Struct{n=0,text=record 0} n=0\n" + topic +
                                       "-0 key-1 Struct{n=1,text=record 1} n=1\n" + topic +
                                       "-0 key-2 Struct{n=2,text=record 2} n=2\n");
    CHECK(worker.process.terminate(60s) == 0);
}

TEST_CASE("a Java sink task's errantRecordReporter() reports into Copycat's error handling", "[cluster]") {
    temp_dir dir("copycat-jvm-errant");
    const std::string topic = unique_name("jvm-errant");
    const auto output = dir.path() / "output.txt";
    good_plugins_worker worker(dir);
    REQUIRE(call(worker.port, "PUT", "/connectors/java-source/config",
                 R"({"connector.class":"GoodSource","topic":")" + topic + R"(","count":"3"})")
                .status == 201);
    // errors.log.enable gives the task a reporter (as a dead-letter queue topic would): key-1 is
    // reported, logged and skipped under errors.tolerance=all ...
    const std::string sink = R"({"connector.class":"GoodSink","topics":")" + topic +
                             R"(","report.key":"key-1","errors.log.enable":"true","file":")";
    REQUIRE(call(worker.port, "PUT", "/connectors/tolerant/config",
                 sink + output.string() + R"(","errors.tolerance":"all"})")
                .status == 201);
    // ... and fails the task under errors.tolerance=none.
    REQUIRE(
        call(worker.port, "PUT", "/connectors/intolerant/config", sink + (dir.path() / "other.txt").string() + R"("})")
            .status == 201);
    CHECK(wait_lines(output, 2) ==
          topic + "-0 key-0 Struct{n=0,text=record 0} n=0\n" + topic + "-0 key-2 Struct{n=2,text=record 2} n=2\n");
    CHECK(poll_until(60s, [&] {
        return worker.process.log().find(
                   "Error encountered in task tolerant-0. Executing stage 'TASK_PUT' with class "
                   "'org.apache.kafka.connect.sink.SinkTask'") != std::string::npos;
    }));
    std::string status;
    CHECK(poll_until(60s, [&] {
        status = call(worker.port, "GET", "/connectors/intolerant/status").body;
        return status.find("FAILED") != std::string::npos;
    }));
    INFO(status);
    CHECK(status.find("Tolerance exceeded in error handler") != std::string::npos);
    CHECK(status.find("at copycat.test.good.GoodSinkTask.put") != std::string::npos);
    CHECK(worker.process.terminate(60s) == 0);
}

TEST_CASE("MirrorMaker 2's MirrorSourceConnector replicates a 3-partition topic between two brokers", "[cluster]") {
    own_broker target;  // the second cluster; the first is the shared test broker
    temp_dir dir("copycat-jvm-mirror");
    const std::string topic = unique_name("mirrored");
    const auto output = dir.path() / "output.txt";
    // Records with keys, Struct values and headers into a 3-partition topic of the first cluster.
    auto admin_config = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap_servers()}});
    REQUIRE(admin_config.ok());
    auto admin = rdkafka::admin_client::create(*admin_config);
    REQUIRE(admin.ok());
    REQUIRE(admin->create_topic({.name = topic, .partitions = 3, .replication_factor = 1}, 30s).ok());
    copycat_process producer({"standalone", standalone_worker_properties(dir, java_plugins + "/good")},
                             dir.path() / "producer.log");
    const auto producer_port = producer.rest_port(60s);
    REQUIRE(producer_port);
    REQUIRE(call(*producer_port, "PUT", "/connectors/java-source/config",
                 R"({"connector.class":"GoodSource","topic":")" + topic +
                     R"(","count":"30",)"
                     R"("value.converter":"org.apache.kafka.connect.json.JsonConverter",)"
                     R"("value.converter.schemas.enable":"false"})")
                .status == 201);

    // A worker of the second cluster runs MirrorSourceConnector, and the Java sink writes what
    // arrives in "source.<topic>".
    temp_dir mirror_dir("copycat-jvm-mirror-worker");
    copycat_process mirror(
        {"standalone", standalone_worker_properties(mirror_dir, java_plugins + "/good," + COPYCAT_MIRROR_PLUGIN_PATH,
                                                    "bootstrap.servers=" + target.bootstrap_servers() + "\n")},
        mirror_dir.path() / "mirror.log");
    const auto port = mirror.rest_port(60s);
    REQUIRE(port);
    const std::string bytes = "org.apache.kafka.connect.converters.ByteArrayConverter";
    const http_reply mm = call(*port, "PUT", "/connectors/mirror/config",
                               R"({"connector.class":"org.apache.kafka.connect.mirror.MirrorSourceConnector",)"
                               R"("source.cluster.alias":"source","target.cluster.alias":"target",)"
                               R"("source.cluster.bootstrap.servers":")" +
                                   bootstrap_servers() + R"(","target.cluster.bootstrap.servers":")" +
                                   target.bootstrap_servers() + R"(","topics":")" + topic + R"(","key.converter":")" +
                                   bytes + R"(","value.converter":")" + bytes + R"(","header.converter":")" + bytes +
                                   R"(","replication.factor":"1","offset-syncs.topic.replication.factor":"1",)"
                                   R"("sync.topic.acls.enabled":"false","refresh.topics.interval.seconds":"1"})");
    INFO(mm.body);
    REQUIRE(mm.status == 201);
    REQUIRE(call(*port, "PUT", "/connectors/java-sink/config",
                 R"({"connector.class":"GoodSink","file":")" + output.string() + R"(","topics":"source.)" + topic +
                     R"(","header.converter":"org.apache.kafka.connect.storage.StringConverter"})")
                .status == 201);

    const std::string written = wait_lines(output, 30);
    std::vector<std::string> lines;
    std::set<std::string> partitions;
    std::istringstream in(written);
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line.substr(line.find(' ') + 1));
        partitions.insert(line.substr(0, line.find(' ')));
    }
    std::sort(lines.begin(), lines.end());
    std::vector<std::string> expected;
    for (int n = 0; n < 30; ++n)
        expected.push_back("key-" + std::to_string(n) + R"( {"n":)" + std::to_string(n) + R"(,"text":"record )" +
                           std::to_string(n) + R"("} n=)" + std::to_string(n));
    std::sort(expected.begin(), expected.end());
    // Every record, its key, value and header intact, in the "source." topic, across 3 partitions.
    CHECK(lines == expected);
    CHECK(partitions ==
          std::set<std::string>{"source." + topic + "-0", "source." + topic + "-1", "source." + topic + "-2"});
    // The Java task's commitRecord got its own records back (MirrorSourceTask casts their offsets).
    CHECK(mirror.log().find("commit_record") == std::string::npos);
    CHECK(mirror.terminate(60s) == 0);
    CHECK(producer.terminate(60s) == 0);
}
