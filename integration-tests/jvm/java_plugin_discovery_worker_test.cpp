// plugin.discovery in the real `copycat standalone` binary against the real broker: a Java plugin
// jar without META-INF/services manifests (tests/jvm/java/unlisted) is listed by GET
// /connector-plugins and runs under hybrid_warn (the default, with Kafka's warning naming it) and
// only_scan, is absent under service_load, and stops the worker at start-up under hybrid_fail.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "common/json.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;

namespace {

const std::string unlisted_path = COPYCAT_TEST_JAVA_UNLISTED_DIR;  // a plugin.path element
const std::string unlisted = unlisted_path + "/unlisted";              // its one plugin location
const std::string unlisted_source = "copycat.test.unlisted.UnlistedSourceConnector";
const std::string warning = "One or more plugins are missing ServiceLoader manifests may not be usable with "
                            "plugin.discovery=service_load: [\n";

// The worker file for `mode` (none: Kafka's default), with the scan's cache in `dir`.
std::string worker_file(const temp_dir& dir, const std::string& mode) {
    ::setenv("COPYCAT_CACHE_DIR", (dir.path() / "cache").c_str(), 1);  // the worker inherits it
    return standalone_worker_properties(dir, unlisted_path + "," + COPYCAT_FILE_PLUGIN,
                                        mode.empty() ? "" : "plugin.discovery=" + mode + "\n");
}

// A standalone worker on the jar without manifests under `mode`, its REST port, and what it lists.
struct discovery_worker {
    discovery_worker(const temp_dir& dir, const std::string& mode, const std::string& log)
        : process({"standalone", worker_file(dir, mode)}, dir.path() / log) {
        const auto found = process.rest_port(60s);
        REQUIRE(found);
        port = *found;
        classes = listed_classes(port);
    }
    static std::vector<std::string> listed_classes(std::uint16_t port);
    bool lists(const std::string& name) const {
        return std::find(classes.begin(), classes.end(), name) != classes.end();
    }

    copycat_process process;
    std::uint16_t port = 0;
    std::vector<std::string> classes;
};

std::vector<std::string> discovery_worker::listed_classes(std::uint16_t port) {
    const auto reply = rest_request(port, "GET", "/connector-plugins?connectorsOnly=false");
    REQUIRE(reply.status == 200);
    std::vector<std::string> out;
    const json::value body = reply.json();
    for (const json::value& p : body.as_array()) out.push_back(p.find("class")->as_string());
    return out;
}

// UnlistedSource -> Shout -> a topic -> FileStreamSink: both Java plugins come from the jar without manifests.
void runs_the_unlisted_plugins(std::uint16_t port, const temp_dir& dir) {
    const std::string topic = unique_name("jvm-unlisted");
    const auto output = dir.path() / "output.txt";
    const auto source = rest_request(port, "PUT", "/connectors/unlisted/config",
                                     R"({"connector.class":"UnlistedSource","topic":")" + topic +
                                         R"(","count":"3","transforms":"shout",)"
                                         R"("transforms.shout.type":"copycat.test.unlisted.Shout"})");
    INFO(source.body);
    REQUIRE(source.status == 201);
    const auto sink = rest_request(port, "PUT", "/connectors/sink/config",
                                   R"({"connector.class":"FileStreamSink","file":")" + output.string() +
                                       R"(","topics":")" + topic + R"("})");
    REQUIRE(sink.status == 201);
    std::string written;
    poll_until(60s, [&] {
        written = file_text(output);
        return std::count(written.begin(), written.end(), '\n') >= 3;
    });
    CHECK(written == "UNLISTED 0!\nUNLISTED 1!\nUNLISTED 2!\n");
}

}  // namespace

TEST_CASE("by default (hybrid_warn) a jar without manifests is listed and runs, and a warning names it",
          "[cluster]") {
    temp_dir dir("copycat-jvm-discovery");
    discovery_worker worker(dir, "", "worker.log");
    CHECK(worker.lists(unlisted_source));
    CHECK(worker.lists("copycat.test.unlisted.Shout"));
    const std::string log = worker.process.log();
    CHECK_THAT(log, Catch::Contains(warning));
    CHECK_THAT(log, Catch::Contains(unlisted + "\t" + unlisted_source + "\tsource\t0.9.1\n"));
    CHECK_THAT(log, Catch::Contains(unlisted + "\tcopycat.test.unlisted.Shout\ttransformation\tundefined\n"));
    CHECK_THAT(log, Catch::Contains("To silence this warning, set plugin.discovery=only_scan in the worker config."));
    runs_the_unlisted_plugins(worker.port, dir);
    CHECK(worker.process.terminate(60s) == 0);

    // The second start reads the scan from the cache, and finds the same.
    discovery_worker again(dir, "", "worker2.log");
    CHECK(again.lists(unlisted_source));
    CHECK_THAT(again.process.log(), Catch::Contains("1 of 1 locations from the cache"));
    CHECK(again.process.terminate(60s) == 0);
}

TEST_CASE("under only_scan a jar without manifests is listed and runs, without a warning", "[cluster]") {
    temp_dir dir("copycat-jvm-discovery");
    discovery_worker worker(dir, "ONLY_SCAN", "worker.log");
    CHECK(worker.lists(unlisted_source));
    CHECK_THAT(worker.process.log(), !Catch::Contains("ServiceLoader manifests"));
    runs_the_unlisted_plugins(worker.port, dir);
    CHECK(worker.process.terminate(60s) == 0);
}

TEST_CASE("under service_load a jar without manifests offers no plugin", "[cluster]") {
    temp_dir dir("copycat-jvm-discovery");
    discovery_worker worker(dir, "service_load", "worker.log");
    CHECK_FALSE(worker.lists(unlisted_source));
    CHECK_FALSE(worker.lists("copycat.test.unlisted.Shout"));
    CHECK(worker.lists("org.apache.kafka.connect.file.FileStreamSinkConnector"));
    CHECK_THAT(worker.process.log(), Catch::Contains(unlisted + ": no Kafka Connect plugin found (no usable manifest for "
                                                                "Connector, Converter, HeaderConverter, Transformation, "
                                                                "Predicate, nor a ConfigProvider manifest; "
                                                                "plugin.discovery=service_load)"));
    CHECK_FALSE(std::filesystem::exists(dir.path() / "cache"));  // no scan, so nothing to cache
    CHECK(worker.process.terminate(60s) == 0);
}

TEST_CASE("under hybrid_fail a plugin without a manifest stops the worker at start-up, naming it", "[cluster]") {
    temp_dir dir("copycat-jvm-discovery");
    copycat_process worker({"standalone", worker_file(dir, "hybrid_fail")}, dir.path() / "worker.log");
    CHECK(worker.wait_exit(60s) == 2);  // exit_startup_failed, as Kafka's "Stopping due to error"
    const std::string log = worker.log();
    CHECK_THAT(log, Catch::Contains("Stopping due to error: " + warning));
    CHECK_THAT(log, Catch::Contains(unlisted + "\t" + unlisted_source + "\tsource\t0.9.1\n"));
    CHECK_THAT(log, Catch::Contains("To silence this error, set plugin.discovery=hybrid_warn in the worker config."));
    CHECK_THAT(log, !Catch::Contains("REST server listening"));
}

TEST_CASE("a plugin.discovery that is none of Kafka's modes is a start-up error naming the key", "[cluster]") {
    temp_dir dir("copycat-jvm-discovery");
    copycat_process worker({"standalone", worker_file(dir, "scan_everything")}, dir.path() / "worker.log");
    CHECK(worker.wait_exit(60s) == 1);
    CHECK_THAT(worker.log(), Catch::Contains("Invalid value scan_everything for configuration plugin.discovery"));
    CHECK_THAT(worker.log(), !Catch::Contains("Java plugin locations"));  // nothing was looked for
}
