// The REST endpoints of KIP-875 (offsets), KIP-558 (topics), KIP-495/976 (loggers) and the
// expanded connector list, end to end: a real http_server on 127.0.0.1 port 0, the standalone
// herder over a fake worker, and a blocking HTTP client. Codes, bodies and messages as Kafka's.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>

#include "common/logging.hpp"
#include "copycat/plugin.hpp"
#include "herder/plugin_listing.hpp"
#include "herder_test_support.hpp"
#include "rest/handlers/connect_rest_api.hpp"
#include "rest/http_server.hpp"
#include "rest/test_client.hpp"

using namespace copycat;
using namespace copycat::herder::testing;
using copycat::rest::testing::http_reply;
using copycat::rest::testing::test_client;

namespace {

struct admin_fixture : herder_fixture {
    std::unique_ptr<rest::handlers::connect_rest_api> api;
    std::unique_ptr<rest::http_server> server;

    explicit admin_fixture(rest::handlers::topic_tracking topics = {}) {
        api = std::make_unique<rest::handlers::connect_rest_api>(
            rest::handlers::rest_api_options{.info = {"0.1.0", "abcdef"}, .topics = topics});
        rest::router routes;
        api->add_routes(routes);
        api->add_admin_routes(routes);
        server = std::make_unique<rest::http_server>(
            std::move(routes), rest::http_server_options{.listener = "http://127.0.0.1:0", .threads = 2});
        api->use_timers(server->timers());
        REQUIRE(server->start().ok());
        api->attach(*herder);
    }
    ~admin_fixture() {
        server->stop();
        herder->stop();  // before `api` goes: herder callbacks reach back into it
    }

    http_reply call(std::string_view method, std::string_view target, std::string body = {}) {
        test_client client(server->port());
        return client.request(method, target, std::move(body));
    }
};

struct no_reset_fixture : admin_fixture {
    no_reset_fixture() : admin_fixture({.enable = true, .allow_reset = false}) {}
};
struct no_tracking_fixture : admin_fixture {
    no_tracking_fixture() : admin_fixture({.enable = false, .allow_reset = true}) {}
};

json::value parse(std::string_view text) { return *json::parse(text); }

const char* create_body = R"({"name":"src","config":{"connector.class":"TestSource","tasks.max":"2","topic":"t"}})";

const std::string stopped_message =
    "Connectors must be in the STOPPED state before their offsets can be modified. This can be done for the "
    "specified connector by issuing a 'PUT' request to the '/connectors/src/stop' endpoint";

}  // namespace

TEST_CASE_METHOD(admin_fixture, "GET /connectors?expand answers status and info of every connector at once") {
    REQUIRE(call("POST", "/connectors", create_body).status == 201);
    REQUIRE(call("POST", "/connectors", R"({"name":"other","config":{"connector.class":"TestSource","topic":"u"}})")
                .status == 201);

    auto both = call("GET", "/connectors?expand=status&expand=info");
    REQUIRE(both.status == 200);
    const json::value body = both.json();
    REQUIRE(body.as_object().size() == 2);
    CHECK(body.as_object()[0].name == "other");
    CHECK(*body.find("src")->find("status") ==
          parse(R"({"name":"src","connector":{"state":"RUNNING","worker_id":"127.0.0.1:8083","version":"1.2.3"},)"
                R"("tasks":[{"id":0,"state":"RUNNING","worker_id":"127.0.0.1:8083","version":"1.2.3"},)"
                R"({"id":1,"state":"RUNNING","worker_id":"127.0.0.1:8083","version":"1.2.3"}],"type":"source"})"));
    CHECK(*body.find("src")->find("info") == call("GET", "/connectors/src").json());

    auto info_only = call("GET", "/connectors?expand=info");
    CHECK(info_only.json().find("src")->find("status") == nullptr);
    CHECK(info_only.json().find("src")->find("info")->find("type")->as_string() == "source");
    CHECK(call("GET", "/connectors?expand=nothing").json() == parse(R"({"other":{},"src":{}})"));
}

TEST_CASE_METHOD(admin_fixture, "topics the tasks used are listed and reset (KIP-558)") {
    CHECK(call("GET", "/connectors/src/topics").json() == parse(R"({"src":{"topics":[]}})"));
    REQUIRE(call("POST", "/connectors", create_body).status == 201);
    recorder.on_topic_used({"src", 0}, "t");
    recorder.on_topic_used({"src", 1}, "t");
    recorder.on_topic_used({"src", 1}, "a-topic");

    auto topics = call("GET", "/connectors/src/topics");
    CHECK(topics.status == 200);
    CHECK(topics.json() == parse(R"({"src":{"topics":["a-topic","t"]}})"));

    auto reset = call("PUT", "/connectors/src/topics/reset");
    CHECK(reset.status == 202);
    CHECK(reset.body.empty());
    CHECK(call("GET", "/connectors/src/topics").json() == parse(R"({"src":{"topics":[]}})"));
    recorder.on_topic_used({"src", 0}, "t");  // recorded again as records keep flowing
    CHECK(call("GET", "/connectors/src/topics").json() == parse(R"({"src":{"topics":["t"]}})"));
}

TEST_CASE_METHOD(no_reset_fixture, "topic.tracking.allow.reset=false refuses the reset with 403") {
    auto reset = call("PUT", "/connectors/src/topics/reset");
    CHECK(reset.status == 403);
    CHECK(reset.json() == parse(R"({"error_code":403,"message":"Topic tracking reset is disabled."})"));
    CHECK(call("GET", "/connectors/src/topics").status == 200);
}

TEST_CASE_METHOD(no_tracking_fixture, "topic.tracking.enable=false refuses both topic endpoints with 403") {
    CHECK(call("GET", "/connectors/src/topics").json() ==
          parse(R"({"error_code":403,"message":"Topic tracking is disabled."})"));
    CHECK(call("PUT", "/connectors/src/topics/reset").status == 403);
}

TEST_CASE("a recorder with topic tracking disabled records nothing") {
    herder::memory_status_store statuses(test_worker_id);
    herder::status_recorder recorder(statuses, false);
    recorder.on_topic_used({"c", 0}, "t");
    CHECK(statuses.topics("c").empty());
}

TEST_CASE_METHOD(admin_fixture, "offsets: read any time, changed only when the connector is STOPPED (KIP-875)") {
    CHECK(call("GET", "/connectors/src/offsets").json() ==
          parse(R"({"error_code":404,"message":"Connector src not found"})"));
    REQUIRE(call("POST", "/connectors", create_body).status == 201);
    worker.set_offsets({{R"({"filename":"/tmp/a"})", R"({"position":30})"}});

    auto read = call("GET", "/connectors/src/offsets");
    CHECK(read.status == 200);
    CHECK(read.json() == parse(R"({"offsets":[{"partition":{"filename":"/tmp/a"},"offset":{"position":30}}]})"));

    const std::string patch = R"({"offsets":[{"partition":{"filename":"/tmp/a"},"offset":{"position":5}}]})";
    auto running = call("PATCH", "/connectors/src/offsets", patch);
    CHECK(running.status == 400);
    CHECK(running.json().find("message")->as_string() == stopped_message);
    CHECK(call("DELETE", "/connectors/src/offsets").json().find("message")->as_string() == stopped_message);
    CHECK(call("PUT", "/connectors/src/pause").status == 202);
    CHECK(call("PATCH", "/connectors/src/offsets", patch).status == 400);  // PAUSED is not enough

    REQUIRE(call("PUT", "/connectors/src/stop").status == 204);
    auto altered = call("PATCH", "/connectors/src/offsets", patch);
    CHECK(altered.status == 200);
    CHECK(altered.json() == parse(R"({"message":"The offsets for this connector have been altered successfully"})"));
    CHECK(call("GET", "/connectors/src/offsets").json() ==
          parse(R"({"offsets":[{"partition":{"filename":"/tmp/a"},"offset":{"position":5}}]})"));

    auto null_offset = call("PATCH", "/connectors/src/offsets", R"({"offsets":[{"partition":{"filename":"/tmp/a"}}]})");
    CHECK(null_offset.status == 200);
    CHECK(call("GET", "/connectors/src/offsets").json() == parse(R"({"offsets":[]})"));

    worker.set_offsets({{R"({"filename":"/tmp/b"})", R"({"position":1})"}});
    auto reset = call("DELETE", "/connectors/src/offsets");
    CHECK(reset.status == 200);
    CHECK(reset.json() == parse(R"({"message":"The offsets for this connector have been reset successfully"})"));
    CHECK(call("GET", "/connectors/src/offsets").json() == parse(R"({"offsets":[]})"));

    // Resuming from STOPPED makes the connector (and its offsets) busy again.
    REQUIRE(call("PUT", "/connectors/src/resume").status == 202);
    CHECK(call("DELETE", "/connectors/src/offsets").status == 400);
}

TEST_CASE_METHOD(admin_fixture, "malformed offsets requests get 400") {
    REQUIRE(call("POST", "/connectors", create_body).status == 201);
    REQUIRE(call("PUT", "/connectors/src/stop").status == 204);
    const auto message = [&](std::string body) {
        auto reply = call("PATCH", "/connectors/src/offsets", std::move(body));
        CHECK(reply.status == 400);
        return reply.json().find("message")->as_string();
    };
    const std::string none = "Partitions / offsets need to be provided for an alter offsets request";
    CHECK(message(R"({"offsets":[]})") == none);
    CHECK(message(R"({})") == none);
    CHECK(message(R"({"offsets":null})") == none);
    CHECK_THAT(message(R"({"offsets":[{"partition":"x","offset":{}}]})"), Catch::Contains("partition"));
    CHECK_THAT(message(R"([1])"), Catch::Contains("JSON object"));
    CHECK(call("PATCH", "/connectors/src/offsets", "{nope").status == 400);
    CHECK(call("PATCH", "/connectors/nope/offsets", R"({"offsets":[{"partition":{},"offset":{}}]})").status == 404);
}

TEST_CASE_METHOD(admin_fixture, "loggers: list, read and set levels (KIP-495), cluster scope (KIP-976)") {
    log::set_logger_level("root", log::level::info);

    auto all = call("GET", "/admin/loggers");
    CHECK(all.status == 200);
    REQUIRE(all.json().find("root") != nullptr);
    CHECK(all.json().find("root")->find("level")->as_string() == "INFO");

    auto runtime = call("GET", "/admin/loggers/org.apache.kafka.connect.runtime");
    CHECK(runtime.status == 200);
    CHECK(runtime.json().find("level")->as_string() == "INFO");
    CHECK(call("GET", "/admin/loggers/no.such.logger").json() ==
          parse(R"({"error_code":404,"message":"Logger no.such.logger not found."})"));

    auto set = call("PUT", "/admin/loggers/org.apache.kafka.connect.runtime", R"({"level":"debug"})");
    CHECK(set.status == 200);
    CHECK(set.json() ==
          parse(R"(["org.apache.kafka.connect.runtime","org.apache.kafka.connect.runtime.distributed",)"
                R"("org.apache.kafka.connect.runtime.isolation","org.apache.kafka.connect.runtime.rest"])"));
    auto debug = call("GET", "/admin/loggers/org.apache.kafka.connect.runtime.rest").json();
    CHECK(debug.find("level")->as_string() == "DEBUG");
    CHECK(debug.find("last_modified")->is_integer());
    CHECK(call("GET", "/admin/loggers").json().find("org.apache.kafka.connect.runtime") != nullptr);
    CHECK(call("GET", "/admin/loggers/org.apache.kafka.connect.storage").json().find("level")->as_string() == "INFO");

    CHECK(call("PUT", "/admin/loggers/x", R"({"lvl":"DEBUG"})").json() ==
          parse(R"({"error_code":400,"message":"Desired 'level' parameter was not specified in request."})"));
    CHECK(call("PUT", "/admin/loggers/x", R"({"level":"LOUD"})").json() ==
          parse(R"({"error_code":404,"message":"invalid log level 'LOUD'."})"));

    auto cluster = call("PUT", "/admin/loggers/org.apache.kafka.connect.storage?scope=cluster", R"({"level":"WARN"})");
    CHECK(cluster.status == 204);
    CHECK(call("GET", "/admin/loggers/org.apache.kafka.connect.storage").json().find("level")->as_string() == "WARN");

    CHECK(call("PUT", "/admin/loggers/root", R"({"level":"INFO"})").status == 200);
    CHECK(call("GET", "/admin/loggers/org.apache.kafka.connect.runtime.rest").json().find("level")->as_string() ==
          "INFO");
}

TEST_CASE("a class that is a converter and a header converter is listed as both") {
    loader::plugin_registry plugins;
    register_test_plugins(plugins);
    static const plugin_descriptor as_converter{plugin_kind::converter, "test.Dual", "2.0", converter_factory{nullptr}};
    static const plugin_descriptor as_header{plugin_kind::header_converter, "test.Dual", "2.0",
                                             header_converter_factory{nullptr}};
    plugins.add_builtin(as_converter);
    plugins.add_builtin(as_header);
    CHECK(plugins.entries().size() == 3);

    std::vector<std::string> rows;
    for (const herder::plugin_info& p : herder::list_plugins(plugins, false))
        rows.push_back(p.class_name + " " + p.type);
    CHECK(rows == std::vector<std::string>{"test.TestSinkConnector sink", "test.TestSourceConnector source",
                                           "test.Dual converter", "test.Dual header_converter"});
    CHECK(herder::list_plugins(plugins, true).size() == 2);
}
