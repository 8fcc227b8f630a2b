// Black-box tests of `copycat standalone`: the real binary against the real broker, driven over
// HTTP like a user with curl. The worker listens on http://127.0.0.1:0 and the tests read the
// bound port from its log line "REST server listening on http://127.0.0.1:<port>/".
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
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

std::string worker_properties(const temp_dir& dir, const std::string& plugin_path, const std::string& extra = {}) {
    return standalone_worker_properties(dir, plugin_path, "offset.flush.interval.ms=500\n" + extra);
}

http_reply call(std::uint16_t port, std::string_view method, std::string_view target, std::string body = {}) {
    test_client client(port);
    return client.request(method, target, std::move(body));
}

std::string read_file(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The connector's state and its tasks' states, e.g. "RUNNING RUNNING"; "" when there is no status.
std::string states(std::uint16_t port, const std::string& connector) {
    const http_reply r = call(port, "GET", "/connectors/" + connector + "/status");
    if (r.status != 200) return {};
    const json::value body = r.json();
    std::string out = body.find("connector")->find("state")->as_string();
    for (const json::value& task : body.find("tasks")->as_array()) out += " " + task.find("state")->as_string();
    return out;
}

bool wait_states(std::uint16_t port, const std::string& connector, const std::string& expected) {
    const bool reached = poll_until(state_deadline, [&] { return states(port, connector) == expected; });
    if (!reached) UNSCOPED_INFO(connector << " is " << states(port, connector) << ", expected " << expected);
    return reached;
}

}  // namespace

TEST_CASE("a standalone worker runs file connectors and obeys the REST API", "[cluster]") {
    temp_dir dir("copycat-standalone");
    const std::string topic = unique_name("standalone-files");
    const auto input = dir.path() / "input.txt";
    const auto output = dir.path() / "output.txt";
    std::ofstream(input) << "one\ntwo\nthree\n";
    const std::string source = dir.write("source.properties",
                                         "name=source\nconnector.class=FileStreamSource\n"
                                         "tasks.max=1\nfile=" +
                                             input.string() + "\ntopic=" + topic + "\n");
    const std::string sink = dir.write(
        "sink.json",
        R"({"name":"sink","config":{"connector.class":"org.apache.kafka.connect.file.FileStreamSinkConnector",)"
        R"("topics":")" +
            topic + R"(","file":")" + output.string() + R"("}})");

    copycat_process worker({"standalone", worker_properties(dir, COPYCAT_FILE_PLUGIN), source, sink},
                           dir.path() / "worker.log");
    const auto port = worker.rest_port(start_deadline);
    INFO(worker.log());
    REQUIRE(port);
    REQUIRE(worker.wait_for_log("Copycat worker started", start_deadline));

    const http_reply root = call(*port, "GET", "/");
    CHECK(root.status == 200);
    CHECK_FALSE(root.json().find("kafka_cluster_id")->as_string().empty());
    CHECK(call(*port, "GET", "/health").status == 200);
    CHECK(call(*port, "GET", "/connectors").json() == *json::parse(R"(["sink","source"])"));

    REQUIRE(wait_states(*port, "source", "RUNNING RUNNING"));
    REQUIRE(wait_states(*port, "sink", "RUNNING RUNNING"));
    CHECK(poll_until(data_deadline, [&] { return read_file(output) == "one\ntwo\nthree\n"; }));

    SECTION("pause, resume and restart") {
        CHECK(call(*port, "PUT", "/connectors/source/pause").status == 202);
        CHECK(wait_states(*port, "source", "PAUSED PAUSED"));
        CHECK(call(*port, "PUT", "/connectors/source/resume").status == 202);
        CHECK(wait_states(*port, "source", "RUNNING RUNNING"));
        std::ofstream(input, std::ios::app) << "four\n";
        CHECK(poll_until(data_deadline, [&] { return read_file(output) == "one\ntwo\nthree\nfour\n"; }));

        CHECK(call(*port, "POST", "/connectors/source/restart").status == 204);
        const http_reply restarted = call(*port, "POST", "/connectors/source/restart?includeTasks=true");
        CHECK(restarted.status == 202);
        CHECK(restarted.json().find("connector")->find("state")->as_string() == "RESTARTING");
        CHECK(call(*port, "POST", "/connectors/source/tasks/0/restart").status == 204);
        CHECK(wait_states(*port, "source", "RUNNING RUNNING"));
        // Offsets survived the restarts: nothing is copied twice.
        std::ofstream(input, std::ios::app) << "five\n";
        CHECK(poll_until(data_deadline, [&] { return read_file(output) == "one\ntwo\nthree\nfour\nfive\n"; }));
    }
    SECTION("update and delete") {
        const http_reply updated = call(*port, "PUT", "/connectors/source/config",
                                        R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" +
                                            input.string() + R"(","topic":")" + topic + R"(","batch.size":"10"})");
        CHECK(updated.status == 200);
        CHECK(updated.json().find("config")->find("batch.size")->as_string() == "10");
        CHECK(wait_states(*port, "source", "RUNNING RUNNING"));

        CHECK(call(*port, "DELETE", "/connectors/source").status == 204);
        const http_reply gone = call(*port, "GET", "/connectors/source");
        CHECK(gone.status == 404);
        CHECK(gone.json().find("message")->as_string() == "Connector source not found");
        CHECK(call(*port, "GET", "/connectors").json() == *json::parse(R"(["sink"])"));
    }

    CHECK(worker.terminate(state_deadline) == 0);
    CHECK(worker.log().find("Copycat worker stopped") != std::string::npos);
    CHECK(std::filesystem::exists(dir.path() / "connect.offsets"));
}

TEST_CASE("invalid connector configs get 400 naming the key", "[cluster]") {
    temp_dir dir("copycat-standalone");
    copycat_process worker({"standalone", worker_properties(dir, COPYCAT_FILE_PLUGIN)}, dir.path() / "worker.log");
    const auto port = worker.rest_port(start_deadline);
    INFO(worker.log());
    REQUIRE(port);

    const http_reply missing =
        call(*port, "POST", "/connectors",
             R"({"name":"no-topic","config":{"connector.class":"FileStreamSource","file":"/tmp/x"}})");
    CHECK(missing.status == 400);
    CHECK(missing.json().find("error_code")->as_int64() == 400);
    CHECK_THAT(missing.json().find("message")->as_string(),
               Catch::StartsWith("Connector configuration is invalid and contains the following 1 error(s):\n"
                                 "Missing required configuration \"topic\" which has no default value."));

    const http_reply no_class = call(*port, "POST", "/connectors", R"({"name":"x","config":{"topic":"t"}})");
    CHECK(no_class.status == 400);
    CHECK_THAT(no_class.json().find("message")->as_string(), Catch::EndsWith("contains no connector type"));

    const http_reply validated = call(*port, "PUT", "/connector-plugins/FileStreamSource/config/validate",
                                      R"({"connector.class":"FileStreamSource","name":"v"})");
    CHECK(validated.status == 200);
    CHECK(validated.json().find("error_count")->as_int64() == 1);
    CHECK(call(*port, "GET", "/connectors").json() == *json::parse("[]"));
    CHECK(worker.terminate(state_deadline) == 0);
}

TEST_CASE("a broken library in plugin.path is logged and skipped, and the worker keeps serving", "[cluster]") {
    temp_dir dir("copycat-standalone");
    const auto plugins = dir.path() / "plugins";
    std::filesystem::create_directories(plugins);
    std::filesystem::copy_file(COPYCAT_FILE_PLUGIN, plugins / "copycat-file.so");
    dir.write("plugins/broken.so", "this is not a shared library");

    copycat_process worker({"standalone", worker_properties(dir, plugins.string())}, dir.path() / "worker.log");
    const auto port = worker.rest_port(start_deadline);
    INFO(worker.log());
    REQUIRE(port);
    REQUIRE(worker.wait_for_log("Copycat worker started", start_deadline));
    CHECK(worker.log().find("Skipped a plugin library") != std::string::npos);
    CHECK(worker.log().find("broken.so") != std::string::npos);

    const http_reply listed = call(*port, "GET", "/connector-plugins");
    CHECK(listed.status == 200);
    CHECK(listed.body.find("org.apache.kafka.connect.file.FileStreamSourceConnector") != std::string::npos);
    const http_reply all = call(*port, "GET", "/connector-plugins?connectorsOnly=false");
    CHECK(all.body.find("org.apache.kafka.connect.json.JsonConverter") != std::string::npos);
    CHECK(worker.terminate(state_deadline) == 0);
}

TEST_CASE("start-up errors stop the worker with a message naming the cause", "[cluster]") {
    temp_dir dir("copycat-standalone");
    SECTION("an unknown worker key gets Kafka's warning; the worker starts") {
        copycat_process worker(
            {"standalone", worker_properties(dir, COPYCAT_FILE_PLUGIN, "offset.flush.intervall.ms=1\n")},
            dir.path() / "worker.log");
        CHECK(worker.rest_port(start_deadline));
        CHECK(worker.log().find("The configuration 'offset.flush.intervall.ms' was supplied but isn't a known "
                                "config.") != std::string::npos);
        CHECK(worker.terminate(state_deadline) == 0);
    }
    SECTION("a REST extension: exit code 1, naming the class") {
        copycat_process worker({"standalone", worker_properties(dir, COPYCAT_FILE_PLUGIN,
                                                                "rest.extension.classes=org.example.AuthExtension\n")},
                               dir.path() / "worker.log");
        CHECK(worker.wait_exit(state_deadline) == 1);
        CHECK(worker.log().find("rest.extension.classes names org.example.AuthExtension, a REST extension Copycat "
                                "cannot run") != std::string::npos);
    }
    SECTION("an invalid worker value: exit code 1") {
        copycat_process worker(
            {"standalone", worker_properties(dir, COPYCAT_FILE_PLUGIN, "offset.flush.timeout.ms=soon\n")},
            dir.path() / "worker.log");
        CHECK(worker.wait_exit(state_deadline) == 1);
        CHECK(worker.log().find("Invalid value soon for configuration offset.flush.timeout.ms") != std::string::npos);
    }
    SECTION("an invalid command-line connector: exit code 3") {
        const std::string bad = dir.write("bad.properties", "name=bad\nconnector.class=FileStreamSource\n");
        copycat_process worker({"standalone", worker_properties(dir, COPYCAT_FILE_PLUGIN), bad},
                               dir.path() / "worker.log");
        CHECK(worker.wait_exit(start_deadline) == 3);
        INFO(worker.log());
        CHECK(worker.log().find("Failed to create connector for " + bad) != std::string::npos);
        CHECK(worker.log().find("Missing required configuration \"topic\"") != std::string::npos);
    }
}

TEST_CASE("placeholders in worker.properties are resolved with its config providers at start-up", "[cluster]") {
    temp_dir dir("copycat-standalone");
    const std::string secrets = dir.write("worker-secrets.properties", "listeners=http://127.0.0.1:0\n");
    const std::string providers =
        "config.providers=file\n"
        "config.providers.file.class=org.apache.kafka.common.config.provider.FileConfigProvider\n"
        "config.providers.file.param.allowed.paths=" +
        dir.path().string() + "\n";
    SECTION("a listener from a file: the worker serves on it") {
        copycat_process worker({"standalone", worker_properties(dir, COPYCAT_FILE_PLUGIN,
                                                                providers + "listeners=${file:" + secrets +
                                                                    ":listeners}\n")},
                               dir.path() / "worker.log");
        const auto port = worker.rest_port(start_deadline);
        INFO(worker.log());
        REQUIRE(port);
        CHECK(call(*port, "GET", "/").status == 200);
        CHECK(worker.terminate(state_deadline) == 0);
    }
    SECTION("a provider the worker does not configure: exit code 1") {
        copycat_process worker(
            {"standalone", worker_properties(dir, COPYCAT_FILE_PLUGIN, providers + "listeners=${vault:x:listeners}\n")},
            dir.path() / "worker.log");
        CHECK(worker.wait_exit(state_deadline) == 1);
        CHECK(worker.log().find("Config key 'listeners': config provider 'vault' is not configured on this worker") !=
              std::string::npos);
    }
}
