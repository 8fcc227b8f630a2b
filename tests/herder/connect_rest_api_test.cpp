// The Kafka Connect REST resources end to end: a real http_server on 127.0.0.1 port 0, the
// standalone herder over a fake worker, and a blocking HTTP client. Status codes and JSON bodies
// as Kafka Connect answers them.
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>

#include "herder/memory_status_store.hpp"
#include "herder_test_support.hpp"
#include "rest/handlers/connect_rest_api.hpp"
#include "rest/handlers/listing_cache.hpp"
#include "rest/http_server.hpp"
#include "rest/test_client.hpp"

using namespace copycat;
using namespace copycat::herder::testing;
using copycat::rest::testing::http_reply;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

struct rest_fixture : herder_fixture {
    rest::handlers::connect_rest_api api{{.info = {"0.1.0", "abcdef"}}};
    std::unique_ptr<rest::http_server> server;

    rest_fixture() {
        rest::router routes;
        api.add_routes(routes);
        api.add_admin_routes(routes);
        server = std::make_unique<rest::http_server>(
            std::move(routes), rest::http_server_options{.listener = "http://127.0.0.1:0", .threads = 2});
        api.use_timers(server->timers());
        REQUIRE(server->start().ok());
        api.attach(*herder);
    }
    ~rest_fixture() {
        server->stop();
        herder->stop();  // before `api` goes: herder callbacks reach back into it
    }

    http_reply call(std::string_view method, std::string_view target, std::string body = {}) {
        test_client client(server->port());
        return client.request(method, target, std::move(body));
    }
};

json::value parse(std::string_view text) { return *json::parse(text); }

const char* create_body = R"({"name":"src","config":{"connector.class":"TestSource","tasks.max":"2","topic":"t"}})";

}  // namespace

TEST_CASE_METHOD(rest_fixture, "GET / and /health") {
    auto root = call("GET", "/");
    CHECK(root.status == 200);
    CHECK(root.json() == parse(R"({"version":"0.1.0","commit":"abcdef","kafka_cluster_id":"test-cluster-id"})"));
    auto health = call("GET", "/health");
    CHECK(health.status == 200);
    CHECK(health.json() ==
          parse(R"({"status":"healthy","message":"Worker has completed startup and is ready to handle requests."})"));
}

TEST_CASE_METHOD(rest_fixture, "GET / sends a browser to the dashboard and answers JSON to everyone else") {
    test_client client(server->port());
    auto browser = client.request("GET", "/", {}, {{"Accept", "text/html,application/xhtml+xml,*/*;q=0.8"}});
    CHECK(browser.status == 302);
    CHECK(browser.header("location") == "ui/");
    for (const char* accept : {"*/*", "application/json", "application/json, text/plain"}) {
        INFO(accept);
        auto reply = client.request("GET", "/", {}, {{"Accept", accept}});
        CHECK(reply.status == 200);
        CHECK(reply.json().find("version") != nullptr);
    }
}

TEST_CASE_METHOD(rest_fixture, "creating, reading and deleting a connector") {
    auto created = call("POST", "/connectors", create_body);
    CHECK(created.status == 201);
    CHECK(created.header("location") == "http://127.0.0.1/connectors/src");
    CHECK(created.json() == parse(R"({"name":"src","config":{"connector.class":"TestSource","name":"src",)"
                                  R"("tasks.max":"2","topic":"t"},"tasks":[{"connector":"src","task":0},)"
                                  R"({"connector":"src","task":1}],"type":"source"})"));

    CHECK(call("GET", "/connectors").json() == parse(R"(["src"])"));
    CHECK(call("GET", "/connectors/src").json() == created.json());
    CHECK(call("GET", "/connectors/src/config").json() ==
          parse(R"({"connector.class":"TestSource","name":"src","tasks.max":"2","topic":"t"})"));

    auto status = call("GET", "/connectors/src/status");
    CHECK(status.status == 200);
    CHECK(status.json() ==
          parse(R"({"name":"src","connector":{"state":"RUNNING","worker_id":"127.0.0.1:8083","version":"1.2.3"},)"
                R"("tasks":[{"id":0,"state":"RUNNING","worker_id":"127.0.0.1:8083","version":"1.2.3"},)"
                R"({"id":1,"state":"RUNNING","worker_id":"127.0.0.1:8083","version":"1.2.3"}],"type":"source"})"));
    CHECK(call("GET", "/connectors/src/tasks/1/status").json() ==
          parse(R"({"id":1,"state":"RUNNING","worker_id":"127.0.0.1:8083","version":"1.2.3"})"));
    CHECK(call("GET", "/connectors/src/tasks").json() ==
          parse(R"([{"id":{"connector":"src","task":0},"config":{"task.index":"0","topic":"t"}},)"
                R"({"id":{"connector":"src","task":1},"config":{"task.index":"1","topic":"t"}}])"));
    CHECK(call("GET", "/connectors/src/tasks-config").status == 404);  // removed by Kafka 4.0 (KIP-970)

    auto expanded = call("GET", "/connectors?expand=status&expand=info");
    CHECK(expanded.status == 200);
    CHECK(expanded.json().find("src")->find("status")->find("connector")->find("state")->as_string() == "RUNNING");
    CHECK(expanded.json().find("src")->find("info")->find("type")->as_string() == "source");

    auto duplicate = call("POST", "/connectors", create_body);
    CHECK(duplicate.status == 409);
    CHECK(duplicate.json() == parse(R"({"error_code":409,"message":"Connector src already exists"})"));

    auto deleted = call("DELETE", "/connectors/src");
    CHECK(deleted.status == 204);
    CHECK(deleted.body.empty());
    auto gone = call("GET", "/connectors/src");
    CHECK(gone.status == 404);
    CHECK(gone.json() == parse(R"({"error_code":404,"message":"Connector src not found"})"));
    CHECK(call("GET", "/connectors/src/status").json() ==
          parse(R"({"error_code":404,"message":"No status found for connector src"})"));
}

TEST_CASE_METHOD(rest_fixture, "PUT /connectors/{c}/config creates (201) then updates (200)") {
    const std::string body = R"({"connector.class":"TestSource","topic":"t"})";
    auto created = call("PUT", "/connectors/put-me/config", body);
    CHECK(created.status == 201);
    CHECK(created.header("location") == "http://127.0.0.1/connectors/put-me");
    auto updated = call("PUT", "/connectors/put-me/config", R"({"connector.class":"TestSource","topic":"u"})");
    CHECK(updated.status == 200);
    CHECK(updated.json().find("config")->find("topic")->as_string() == "u");

    auto mismatch = call("PUT", "/connectors/put-me/config", R"({"name":"other","connector.class":"TestSource"})");
    CHECK(mismatch.status == 400);
    CHECK(mismatch.json().find("message")->as_string() ==
          "Connector name configuration (other) doesn't match connector name in the URL (put-me)");

    auto patched = call("PATCH", "/connectors/put-me/config", R"({"topic":"v"})");
    CHECK(patched.status == 200);
    CHECK(patched.json().find("config")->find("topic")->as_string() == "v");
}

TEST_CASE_METHOD(rest_fixture, "invalid requests get Kafka's 400 answers") {
    auto invalid = call("POST", "/connectors", R"({"name":"x","config":{"connector.class":"TestSource"}})");
    CHECK(invalid.status == 400);
    CHECK(invalid.json() == parse(R"({"error_code":400,"message":"Connector configuration is invalid and contains the )"
                                  R"(following 1 error(s):\nMissing required configuration \"topic\" which has no )"
                                  R"(default value.\nYou can also find the above list of errors at the endpoint )"
                                  R"(`/connector-plugins/{connectorType}/config/validate`"})"));
    auto no_class = call("POST", "/connectors", R"({"name":"x","config":{}})");
    CHECK(no_class.status == 400);
    CHECK(no_class.json().find("message")->as_string() == "Connector config contains no connector type");
    auto malformed = call("POST", "/connectors", "{nope");
    CHECK(malformed.status == 400);
    CHECK(malformed.json().find("error_code")->as_int64() == 400);
    auto bad_state = call("POST", "/connectors", R"({"name":"x","config":{},"initial_state":"SLEEPING"})");
    CHECK(bad_state.status == 400);
}

TEST_CASE_METHOD(rest_fixture, "a standalone worker answers PUT /connectors/{c}/fence as Kafka's does") {
    auto fence = call("PUT", "/connectors/x/fence", "");
    CHECK(fence.status == 500);
    CHECK(fence.json() == parse(R"({"error_code":500,"message":"Kafka Connect in standalone mode does not support )"
                                R"(exactly-once source connectors."})"));
}

TEST_CASE_METHOD(rest_fixture, "pause, resume, stop and restarts") {
    REQUIRE(call("POST", "/connectors", create_body).status == 201);

    auto paused = call("PUT", "/connectors/src/pause");
    CHECK(paused.status == 202);
    CHECK(paused.body.empty());
    CHECK(call("GET", "/connectors/src/status").json().find("connector")->find("state")->as_string() == "PAUSED");
    CHECK(call("PUT", "/connectors/src/resume").status == 202);
    CHECK(call("GET", "/connectors/src/status").json().find("connector")->find("state")->as_string() == "RUNNING");

    CHECK(call("POST", "/connectors/src/restart").status == 204);
    CHECK(call("POST", "/connectors/src/tasks/0/restart").status == 204);
    auto restart_all = call("POST", "/connectors/src/restart?includeTasks=true&onlyFailed=false");
    CHECK(restart_all.status == 202);
    CHECK(restart_all.json().find("connector")->find("state")->as_string() == "RESTARTING");
    CHECK(restart_all.json().find("tasks")->as_array().at(1).find("state")->as_string() == "RESTARTING");

    worker.fail_task({"src", 1}, "java.lang.IllegalStateException: boom");
    auto failed = call("GET", "/connectors/src/tasks/1/status");
    CHECK(failed.json() == parse(R"({"id":1,"state":"FAILED","worker_id":"127.0.0.1:8083",)"
                                 R"("trace":"java.lang.IllegalStateException: boom","version":"1.2.3"})"));

    CHECK(call("PUT", "/connectors/src/stop").status == 204);
    CHECK(call("GET", "/connectors/src/status").json().find("connector")->find("state")->as_string() == "STOPPED");

    CHECK(call("PUT", "/connectors/nope/pause").json() ==
          parse(R"({"error_code":404,"message":"Unknown connector nope"})"));
    CHECK(call("POST", "/connectors/nope/restart?includeTasks=true").json() ==
          parse(R"({"error_code":404,"message":"Unknown connector: nope"})"));
    CHECK(call("POST", "/connectors/src/tasks/9/restart").status == 404);
    CHECK(call("GET", "/connectors/src/tasks/abc/status").status == 404);
}

TEST_CASE_METHOD(rest_fixture, "connector plugins and validation") {
    CHECK(call("GET", "/connector-plugins").json() ==
          parse(R"([{"class":"test.TestSinkConnector","type":"sink"},)"
                R"({"class":"test.TestSourceConnector","type":"source","version":"1.0"}])"));
    auto config = call("GET", "/connector-plugins/TestSource/config");
    CHECK(config.status == 200);
    CHECK(config.json().as_array().front() ==
          parse(R"({"name":"topic","type":"STRING","required":true,"default_value":null,"importance":"HIGH",)"
                R"("documentation":"The topic to write to","group":"Test","order_in_group":1,"width":"LONG",)"
                R"("display_name":"Topic","dependents":[]})"));

    auto validated = call("PUT", "/connector-plugins/TestSource/config/validate",
                          R"({"connector.class":"TestSource","name":"v","topic":"t"})");
    CHECK(validated.status == 200);
    CHECK(validated.json().find("name")->as_string() == "TestSource");
    CHECK(validated.json().find("error_count")->as_int64() == 0);
    CHECK(validated.json().find("groups")->as_array().front().as_string() == "Common");

    auto mismatch = call("PUT", "/connector-plugins/TestSink/config/validate", R"({"connector.class":"TestSource"})");
    CHECK(mismatch.status == 400);
    CHECK(mismatch.json().find("message")->as_string() ==
          "Included connector type TestSource does not match request type TestSink");
    auto unknown = call("GET", "/connector-plugins/Nope/config");
    CHECK(unknown.json() == parse(R"({"error_code":404,"message":"Unknown plugin Nope."})"));
}

TEST_CASE("requests before the herder is attached get 503, /health says starting") {
    rest::handlers::connect_rest_api api{{.info = {"0.1.0", "abcdef"}}};
    rest::router routes;
    api.add_routes(routes);
    api.add_admin_routes(routes);
    rest::http_server server(std::move(routes), {.listener = "http://127.0.0.1:0"});
    REQUIRE(server.start().ok());
    test_client client(server.port());
    auto health = client.request("GET", "/health");
    CHECK(health.status == 503);
    CHECK(health.json() == parse(R"({"status":"starting","message":"Worker is still starting up."})"));
    CHECK(client.request("GET", "/connectors").status == 503);
    server.stop();
}

namespace hd = copycat::herder;

// A herder that keeps every callback and never answers.
class silent_herder final : public hd::herder {
public:
    void connectors(hd::callback<std::vector<std::string>> cb) override { keep(cb); }
    void connector_info(const std::string&, hd::callback<hd::connector_info> cb) override { keep(cb); }
    void connector_config(const std::string&, hd::callback<string_map> cb) override { keep(cb); }
    void put_connector_config(const std::string&, string_map, std::optional<target_state>, bool,
                              hd::callback<hd::created_connector> cb) override {
        keep(cb);
    }
    void patch_connector_config(const std::string&, std::map<std::string, std::optional<std::string>>,
                                hd::callback<hd::created_connector> cb) override {
        keep(cb);
    }
    void delete_connector_config(const std::string&, hd::callback<void> cb) override { keep(cb); }
    void connector_status(const std::string&, hd::callback<hd::connector_state_info> cb) override { keep(cb); }
    void task_status(const hd::task_id&, hd::callback<hd::task_state> cb) override { keep(cb); }
    void task_configs(const std::string&, hd::callback<std::vector<hd::task_info>> cb) override { keep(cb); }
    void pause_connector(const std::string&, hd::callback<void> cb) override { keep(cb); }
    void resume_connector(const std::string&, hd::callback<void> cb) override { keep(cb); }
    void stop_connector(const std::string&, hd::callback<void> cb) override { keep(cb); }
    void restart_connector(const std::string&, hd::callback<void> cb) override { keep(cb); }
    void restart_connector_and_tasks(const hd::restart_request&, hd::callback<hd::connector_state_info> cb) override {
        keep(cb);
    }
    void restart_task(const hd::task_id&, hd::callback<void> cb) override { keep(cb); }
    void put_task_configs(const std::string&, std::vector<string_map>, std::optional<hd::request_signature>,
                          hd::callback<void> cb) override {
        keep(cb);
    }
    void note_departure(const std::string&, std::optional<hd::request_signature>, hd::callback<void> cb) override {
        keep(cb);
    }
    void fence_zombies(const std::string&, std::optional<hd::request_signature>, hd::callback<void> cb) override {
        keep(cb);
    }
    std::vector<hd::plugin_info> connector_plugins(bool) const override { return {}; }
    void connector_plugin_config(const std::string&, hd::callback<std::vector<config_key_info>> cb) override {
        keep(cb);
    }
    void validate_connector_config(string_map, hd::callback<config_infos> cb) override { keep(cb); }
    std::string kafka_cluster_id() const override { return {}; }
    void health_check(hd::callback<void> cb) override { keep(cb); }
    bool is_ready() const override { return true; }
    const hd::connector_listing* listing() const override { return listing_; }

    const hd::connector_listing* listing_ = nullptr;

    // Drops the callbacks it kept. Call before the REST server goes: they hold executors of its
    // io_context (a strand destroyed after its io_context is a use after free; a worker destroys
    // its herder before its REST server).
    void forget() {
        std::lock_guard lock(mutex_);
        kept_.clear();
    }

private:
    template <class T>
    void keep(hd::callback<T> cb) {
        std::lock_guard lock(mutex_);
        kept_.push_back(std::make_shared<hd::callback<T>>(std::move(cb)));
    }
    std::mutex mutex_;
    std::vector<std::shared_ptr<void>> kept_;
};

TEST_CASE("a herder that does not answer in time gives 500") {
    silent_herder silent;
    rest::handlers::connect_rest_api api{
        {.info = {"0.1.0", "abcdef"}, .request_timeout = 100ms, .health_check_timeout = 100ms}};
    rest::router routes;
    api.add_routes(routes);
    api.add_admin_routes(routes);
    rest::http_server server(std::move(routes), {.listener = "http://127.0.0.1:0"});
    api.use_timers(server.timers());
    REQUIRE(server.start().ok());
    api.attach(silent);
    test_client client(server.port());
    auto timed_out = client.request("GET", "/connectors");
    CHECK(timed_out.status == 500);
    CHECK(timed_out.json() == parse(R"({"error_code":500,"message":"Request timed out"})"));
    auto health = client.request("GET", "/health");
    CHECK(health.status == 500);
    CHECK(health.json().find("status")->as_string() == "unhealthy");
    server.stop();
    silent.forget();
}

TEST_CASE("GET /connectors?expand answers from the snapshots while the herder is busy, with an ETag and 304") {
    hd::memory_status_store statuses("w1:8083");
    hd::connector_listing listing(statuses);
    silent_herder silent;  // its loop never answers: the listing must not need it
    silent.listing_ = &listing;
    rest::handlers::connect_rest_api api{{.info = {"0.1.0", "abcdef"}, .request_timeout = 10s}};
    rest::router routes;
    api.add_routes(routes);
    rest::http_server server(std::move(routes), {.listener = "http://127.0.0.1:0"});
    api.use_timers(server.timers());
    REQUIRE(server.start().ok());
    api.attach(silent);
    test_client client(server.port());

    const hd::task_id a0{"a", 0};
    statuses.track("a");
    statuses.track(a0);
    statuses.put("a", run_state::running);
    statuses.put(a0, run_state::running);
    listing.publish({{"a", {{"connector.class", "TestSource"}}, {a0}, hd::connector_type::source}});

    auto first = client.request("GET", "/connectors?expand=status");
    REQUIRE(first.status == 200);
    CHECK(first.body == R"({"a":{"status":{"name":"a",)"
                        R"("connector":{"state":"RUNNING","worker_id":"w1:8083","version":null},)"
                        R"("tasks":[{"id":0,"state":"RUNNING","worker_id":"w1:8083","version":null}],)"
                        R"("type":"source"}}})");
    const std::string tag = first.headers["etag"];
    REQUIRE(tag.size() == 18);  // a quoted fingerprint
    CHECK(tag.front() == '"');

    // Unchanged: the same bytes and tag; a client that has them gets 304 without a body.
    auto again = client.request("GET", "/connectors?expand=status");
    CHECK(again.body == first.body);
    CHECK(again.headers["etag"] == tag);
    for (const std::string& header : {tag, "W/" + tag, "\"x\", " + tag, std::string("*")}) {
        auto not_modified = client.request("GET", "/connectors?expand=status", {}, {{"If-None-Match", header}});
        CHECK(not_modified.status == 304);
        CHECK(not_modified.body.empty());
        CHECK(not_modified.headers["etag"] == tag);
    }
    CHECK(client.request("GET", "/connectors?expand=status", {}, {{"If-None-Match", "\"x\""}}).status == 200);

    // Another expansion is another page with another tag.
    auto both = client.request("GET", "/connectors?expand=status&expand=info");
    CHECK(both.json().find("a")->find("info")->find("type")->as_string() == "source");
    CHECK(both.headers["etag"] != tag);

    // A status change: new bytes, a new tag, and the old tag no longer matches.
    statuses.put(a0, run_state::paused);
    auto changed = client.request("GET", "/connectors?expand=status", {}, {{"If-None-Match", tag}});
    REQUIRE(changed.status == 200);
    const json::value changed_body = changed.json();
    const json::value& tasks = *changed_body.find("a")->find("status")->find("tasks");
    CHECK(tasks.as_array().at(0).find("state")->as_string() == "PAUSED");
    CHECK(changed.headers["etag"] != tag);

    // A config change: a new connector appears (with info; without a status it is left out of status).
    listing.publish({{"a", {{"connector.class", "TestSource"}}, {a0}, hd::connector_type::source},
                     {"b", {{"connector.class", "TestSource"}}, {}, hd::connector_type::source}});
    CHECK(client.request("GET", "/connectors?expand=info").json().as_object().size() == 2);
    CHECK(client.request("GET", "/connectors?expand=status").json().as_object().size() == 1);
    server.stop();
    silent.forget();
}

TEST_CASE("the listing cache renders once per change") {
    hd::memory_status_store statuses("w1:8083");
    hd::connector_listing listing(statuses);
    rest::handlers::listing_cache cache;
    listing.publish({{"a", {{"connector.class", "TestSource"}}, {}, hd::connector_type::source}});
    statuses.track("a");
    statuses.put("a", run_state::running);

    const auto stamp = listing.current();
    const std::vector<std::string> status{"status"};
    auto page = cache.get(listing, status);
    CHECK(cache.get(listing, status) == page);  // the same page, not rendered again
    CHECK(page->body == rest::handlers::render_listing(listing.expansions(true, false), status));

    statuses.put("a", run_state::failed, "trace");
    CHECK(listing.current().statuses != stamp.statuses);
    CHECK(listing.current().configs == stamp.configs);
    auto after_status = cache.get(listing, status);
    CHECK(after_status != page);
    CHECK(after_status->etag != page->etag);

    listing.publish(std::vector<hd::connector_info>{});
    CHECK(listing.current().configs != stamp.configs);
    auto after_config = cache.get(listing, status);
    CHECK(after_config->body == "{}");
    CHECK(cache.get(listing, status) == after_config);
}

TEST_CASE("If-None-Match comparison") {
    using rest::handlers::etag_matches;
    CHECK(etag_matches("\"abc\"", "\"abc\""));
    CHECK(etag_matches(" W/\"abc\" ", "\"abc\""));
    CHECK(etag_matches("\"x\", \"abc\"", "\"abc\""));
    CHECK(etag_matches("*", "\"abc\""));
    CHECK_FALSE(etag_matches("\"abd\"", "\"abc\""));
    CHECK_FALSE(etag_matches("abc", "\"abc\""));
    CHECK_FALSE(etag_matches("", "\"abc\""));
}

TEST_CASE("a herder's forward_to becomes the 409 that names the worker to forward to") {
    silent_herder silent;
    rest::handlers::herder_requests requests(10s);
    requests.attach(silent);
    std::optional<rest::response> answer;
    rest::responder respond([&answer](rest::response r) { answer = std::move(r); });
    requests.run<void>(
        respond, [](hd::herder&, hd::callback<void> cb) { cb(hd::forward_to{"http://10.0.0.2:8083/"}); },
        [] { return rest::empty_response(204); });
    REQUIRE(answer.has_value());
    CHECK(answer->status == 409);
    CHECK(answer->forward_to == "http://10.0.0.2:8083/");
    CHECK(parse(answer->body).find("error_code")->as_int64() == 409);
}

TEST_CASE("connector_listing builds a published view when it is first read, once") {
    hd::memory_status_store statuses("w1:8083");
    hd::connector_listing listing(statuses);
    int builds = 0;
    const auto builder = [&builds](std::string name) {
        return [&builds, name] {
            ++builds;
            return std::vector<hd::connector_info>{{name, {{"connector.class", "TestSource"}}, {}, hd::connector_type::source}};
        };
    };
    listing.publish(builder("first"));
    listing.publish(builder("second"));  // replaces the first, which nobody read
    const auto stamp = listing.current();
    CHECK(builds == 0);
    auto read = listing.expansions(false, true);
    REQUIRE(read.size() == 1);
    CHECK(read[0].name == "second");
    CHECK(listing.expansions(false, true).size() == 1);
    CHECK(builds == 1);
    CHECK(listing.current() == stamp);
}
