// The KIP-875 offsets, KIP-558 topics and KIP-495/976 loggers endpoints on the real `copycat
// standalone` binary against the real broker: a file pipeline (FileStreamSource -> topic ->
// FileStreamSink) whose offsets are read, moved back and reset over REST, with the effect checked
// in the sink file.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <exception>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "common/json.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using copycat::rest::testing::http_reply;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

constexpr auto start_deadline = 60s;
constexpr auto state_deadline = 30s;
constexpr auto data_deadline = 60s;

std::string worker_properties(const temp_dir& dir) {
    std::ostringstream p;
    p << "bootstrap.servers=" << bootstrap_servers() << "\n"
      << "key.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "value.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "offset.storage.file.filename=" << (dir.path() / "connect.offsets").string() << "\n"
      << "offset.flush.interval.ms=300\n"
      << "plugin.path=" << COPYCAT_FILE_PLUGIN << "\n"
      << "listeners=http://127.0.0.1:0\n";
    return dir.write("worker.properties", p.str());
}

http_reply call(std::uint16_t port, std::string_view method, std::string_view target, std::string body = {}) {
    test_client client(port);
    return client.request(method, target, std::move(body));
}

std::size_t lines_of(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::size_t n = 0;
    std::string line;
    while (std::getline(in, line)) ++n;
    return n;
}

std::string connector_state(std::uint16_t port, const std::string& connector) {
    const http_reply r = call(port, "GET", "/connectors/" + connector + "/status");
    if (r.status != 200) return {};
    return r.json().find("connector")->find("state")->as_string();
}

bool wait_state(std::uint16_t port, const std::string& connector, const std::string& state) {
    return poll_until(state_deadline, [&] { return connector_state(port, connector) == state; });
}

json::value parse(const std::string& text) { return *json::parse(text); }

// Prints the worker's log when its scope is left by a failed REQUIRE.
class log_on_failure {
public:
    explicit log_on_failure(const copycat_process& worker) : worker_(worker), exceptions_(std::uncaught_exceptions()) {}
    ~log_on_failure() {
        if (std::uncaught_exceptions() > exceptions_) std::cout << "---- worker log ----\n" << worker_.log() << "\n";
    }

private:
    const copycat_process& worker_;
    int exceptions_;
};

// The offsets as GET answers them, or null when the call failed.
json::value offsets_of(std::uint16_t port, const std::string& connector) {
    const http_reply r = call(port, "GET", "/connectors/" + connector + "/offsets");
    return r.status == 200 ? r.json() : json::value();
}

// Polls until the connector's offsets are `expected`; reports the last answer when they never are.
bool wait_offsets(std::uint16_t port, const std::string& connector, const json::value& expected) {
    http_reply last;
    const bool reached = poll_until(data_deadline, [&] {
        last = call(port, "GET", "/connectors/" + connector + "/offsets");
        return last.status == 200 && last.json() == expected;
    });
    if (!reached) UNSCOPED_INFO("offsets of " << connector << ": HTTP " << last.status << " " << last.body);
    return reached;
}

}  // namespace

TEST_CASE("offsets, topics and loggers of a file pipeline on a standalone worker", "[cluster]") {
    temp_dir dir("copycat-admin");
    const std::string topic = unique_name("admin-files");
    // Unique connector names: a sink's consumer group is connect-<name>, on a broker tests share.
    const std::string src = unique_name("admin-source");
    const std::string snk = unique_name("admin-sink");
    const auto input = dir.path() / "input.txt";
    const auto output = dir.path() / "output.txt";
    std::ofstream(input) << "one\ntwo\nthree\n";  // 14 bytes

    copycat_process worker({"standalone", worker_properties(dir)}, dir.path() / "worker.log");
    log_on_failure logs(worker);
    const auto port = worker.rest_port(start_deadline);
    REQUIRE(port);
    REQUIRE(worker.wait_for_log("Copycat worker started", start_deadline));

    REQUIRE(call(*port, "POST", "/connectors",
                 R"({"name":")" + src + R"(","config":{"connector.class":"FileStreamSource","tasks.max":"1","file":")" +
                     input.string() + R"(","topic":")" + topic + R"("}})")
                .status == 201);
    REQUIRE(call(*port, "POST", "/connectors",
                 R"({"name":")" + snk + R"(","config":{"connector.class":"FileStreamSink","tasks.max":"1","file":")" +
                     output.string() + R"(","topics":")" + topic + R"("}})")
                .status == 201);
    REQUIRE(poll_until(data_deadline, [&] { return lines_of(output) == 3; }));

    // KIP-558: both connectors used the topic.
    const json::value source_topics = parse(R"({")" + src + R"(":{"topics":[")" + topic + R"("]}})");
    REQUIRE(poll_until(state_deadline,
                       [&] { return call(*port, "GET", "/connectors/" + src + "/topics").json() == source_topics; }));
    CHECK(call(*port, "GET", "/connectors/" + snk + "/topics").json() ==
          parse(R"({")" + snk + R"(":{"topics":[")" + topic + R"("]}})"));

    // KIP-875 reads: the source's file position, the sink group's committed offset.
    const json::value source_at_end =
        parse(R"({"offsets":[{"partition":{"filename":")" + input.string() + R"("},"offset":{"position":14}}]})");
    REQUIRE(wait_offsets(*port, src, source_at_end));
    const json::value sink_at_end = parse(R"({"offsets":[{"partition":{"kafka_topic":")" + topic +
                                          R"(","kafka_partition":0},"offset":{"kafka_offset":3}}]})");
    REQUIRE(wait_offsets(*port, snk, sink_at_end));

    // Changes need a STOPPED connector.
    const std::string rewind =
        R"({"offsets":[{"partition":{"filename":")" + input.string() + R"("},"offset":{"position":4}}]})";
    auto refused = call(*port, "PATCH", "/connectors/" + src + "/offsets", rewind);
    CHECK(refused.status == 400);
    CHECK(refused.json().find("message")->as_string() ==
          "Connectors must be in the STOPPED state before their offsets can be modified. This can be done for the "
          "specified connector by issuing a 'PUT' request to the '/connectors/" +
              src + "/stop' endpoint");

    // The source goes back to after "one": "two" and "three" are read again.
    REQUIRE(call(*port, "PUT", "/connectors/" + src + "/stop").status == 204);
    REQUIRE(wait_state(*port, src, "STOPPED"));
    auto altered = call(*port, "PATCH", "/connectors/" + src + "/offsets", rewind);
    CHECK(altered.status == 200);
    CHECK(altered.json() == parse(R"({"message":"The offsets for this connector have been altered successfully"})"));
    CHECK(offsets_of(*port, src) ==
          parse(R"({"offsets":[{"partition":{"filename":")" + input.string() + R"("},"offset":{"position":4}}]})"));
    REQUIRE(call(*port, "PUT", "/connectors/" + src + "/resume").status == 202);
    REQUIRE(poll_until(data_deadline, [&] { return lines_of(output) == 5; }));

    // The sink's group is deleted: it reads the topic from the start again (5 records).
    REQUIRE(call(*port, "PUT", "/connectors/" + snk + "/stop").status == 204);
    REQUIRE(wait_state(*port, snk, "STOPPED"));
    auto reset = call(*port, "DELETE", "/connectors/" + snk + "/offsets");
    INFO(reset.body);
    CHECK(reset.status == 200);
    CHECK(reset.json() == parse(R"({"message":"The offsets for this connector have been reset successfully"})"));
    CHECK(offsets_of(*port, snk) == parse(R"({"offsets":[]})"));
    REQUIRE(call(*port, "PUT", "/connectors/" + snk + "/resume").status == 202);
    REQUIRE(poll_until(data_deadline, [&] { return lines_of(output) == 10; }));

    // The sink moves to the last record: only "three" is written again.
    const json::value sink_done = parse(R"({"offsets":[{"partition":{"kafka_topic":")" + topic +
                                        R"(","kafka_partition":0},"offset":{"kafka_offset":5}}]})");
    REQUIRE(wait_offsets(*port, snk, sink_done));
    REQUIRE(call(*port, "PUT", "/connectors/" + snk + "/stop").status == 204);
    REQUIRE(wait_state(*port, snk, "STOPPED"));
    auto moved = call(*port, "PATCH", "/connectors/" + snk + "/offsets",
                      R"({"offsets":[{"partition":{"kafka_topic":")" + topic +
                          R"(","kafka_partition":0},"offset":{"kafka_offset":4}}]})");
    INFO(moved.body);
    CHECK(moved.status == 200);
    CHECK(offsets_of(*port, snk) == parse(R"({"offsets":[{"partition":{"kafka_topic":")" + topic +
                                          R"(","kafka_partition":0},"offset":{"kafka_offset":4}}]})"));
    REQUIRE(call(*port, "PUT", "/connectors/" + snk + "/resume").status == 202);
    REQUIRE(poll_until(data_deadline, [&] { return lines_of(output) == 11; }));

    // The source's offsets are reset too (the file would be read from the start on resume).
    REQUIRE(call(*port, "PUT", "/connectors/" + src + "/stop").status == 204);
    REQUIRE(wait_state(*port, src, "STOPPED"));
    CHECK(call(*port, "DELETE", "/connectors/" + src + "/offsets").status == 200);
    CHECK(offsets_of(*port, src) == parse(R"({"offsets":[]})"));

    // KIP-558 reset.
    CHECK(call(*port, "PUT", "/connectors/" + src + "/topics/reset").status == 202);
    CHECK(call(*port, "GET", "/connectors/" + src + "/topics").json() == parse(R"({")" + src + R"(":{"topics":[]}})"));

    // KIP-495: the runtime's loggers at DEBUG; the worker logs at DEBUG from then on.
    auto set = call(*port, "PUT", "/admin/loggers/org.apache.kafka.connect.runtime", R"({"level":"DEBUG"})");
    CHECK(set.status == 200);
    CHECK(set.json().as_array().front().as_string() == "org.apache.kafka.connect.runtime");
    CHECK(call(*port, "GET", "/admin/loggers/org.apache.kafka.connect.runtime").json().find("level")->as_string() ==
          "DEBUG");
    CHECK(call(*port, "GET", "/admin/loggers").json().find("org.apache.kafka.connect.runtime.rest") != nullptr);
    CHECK(call(*port, "PUT", "/admin/loggers/org.apache.kafka.connect.runtime?scope=cluster", R"({"level":"INFO"})")
              .status == 204);
    CHECK(call(*port, "GET", "/admin/loggers/org.apache.kafka.connect.runtime").json().find("level")->as_string() ==
          "INFO");

    CHECK(worker.terminate(state_deadline) == 0);
}

TEST_CASE("JsonConverter is listed as a converter and as a header converter", "[cluster]") {
    temp_dir dir("copycat-admin");
    copycat_process worker({"standalone", worker_properties(dir)}, dir.path() / "worker.log");
    const auto port = worker.rest_port(start_deadline);
    INFO(worker.log());
    REQUIRE(port);
    REQUIRE(worker.wait_for_log("Copycat worker started", start_deadline));
    const json::value all = call(*port, "GET", "/connector-plugins?connectorsOnly=false").json();
    int json_rows = 0;
    for (const json::value& p : all.as_array()) {
        if (p.find("class")->as_string() != "org.apache.kafka.connect.json.JsonConverter") continue;
        ++json_rows;
        const std::string type = p.find("type")->as_string();
        CHECK((type == "converter" || type == "header_converter"));
    }
    CHECK(json_rows == 2);
    CHECK(worker.terminate(state_deadline) == 0);
}
