// Abusive REST requests, sent to every worker of a 3-worker cluster (the leader and the followers,
// which forward writes) while a file pipeline runs: duplicate keys, 10,000-deep nesting, invalid
// UTF-8, an oversized body, a body sent one byte at a time and idle connections. Every answer is
// a 4xx with Kafka's error JSON ({"error_code":N,"message":"..."}), never a 5xx; slow and idle
// clients do not hold up other requests; no worker crashes, and no line is lost. The
// schemathesis run (integration-tests/rest-fuzz) covers the API's documented shapes.
#include <catch2/catch.hpp>

#include <memory>
#include <thread>
#include <vector>

#include "faults/cluster_views.hpp"
#include "faults/fault_report.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace copycat::itest::faults;
using namespace std::chrono_literals;

namespace {

using clock_type = std::chrono::steady_clock;

// A 4xx whose body is {"error_code":<status>,"message":"..."}.
bool is_client_error_json(const rest::testing::http_reply& reply) {
    if (reply.status < 400 || reply.status > 499) return false;
    auto body = json::parse(reply.body);
    if (!body.ok() || !body->is_object()) return false;
    const json::value* code = body->find("error_code");
    const json::value* message = body->find("message");
    return code != nullptr && code->is_number() && code->as_int64() == reply.status && message != nullptr &&
           message->is_string();
}

std::string describe(const rest::testing::http_reply& reply) {
    return std::to_string(reply.status) + " " + reply.body.substr(0, 300) + (reply.error.empty() ? "" : " " + reply.error);
}

rest::testing::http_reply post(distributed_workers& cluster, int i, std::string body) {
    return cluster.call(i, "POST", "/connectors", std::move(body));
}

}  // namespace

TEST_CASE("faults: abusive REST requests get 4xx error JSON, never a 5xx", "[cluster][faults]") {
    loaded_cluster run("rest-abuse");
    auto& cluster = run.cluster;
    auto& pipeline = run.pipeline;

    for (int i = 0; i < cluster.size(); ++i) {
        INFO("worker " << i);
        // Duplicate keys: the last value wins (docs/rest-api.md), here an unknown class: 400.
        const auto duplicate = post(cluster, i,
                                    R"({"name":"abuse-dup","config":{"connector.class":"FileStreamSink","topics":"t",)"
                                    R"("connector.class":"NoSuchConnector"}})");
        INFO("duplicate keys: " << describe(duplicate));
        CHECK(is_client_error_json(duplicate));
        CHECK(cluster.call(i, "GET", "/connectors/abuse-dup").status == 404);

        const auto deep = post(cluster, i, R"({"name":"abuse-deep","config":)" + std::string(10'000, '[') +
                                               std::string(10'000, ']') + "}");
        INFO("10,000-deep nesting: " << describe(deep));
        CHECK(is_client_error_json(deep));

        const auto utf8 = post(cluster, i,
                               "{\"name\":\"abuse-\xff\xfe\",\"config\":{\"connector.class\":\"FileStreamSink\","
                               "\"topics\":\"t\"}}");
        INFO("invalid UTF-8: " << describe(utf8));
        CHECK(is_client_error_json(utf8));

        // Beyond the REST server's request body limit (body_limit, src/rest/http_session.cpp).
        const auto big = post(cluster, i,
                              R"({"name":"abuse-big","config":{"connector.class":"FileStreamSink","topics":"t","junk":")" +
                                  std::string(20 << 20, 'x') + "\"}}");
        INFO("a 20 MB body: " << describe(big));
        CHECK(is_client_error_json(big));
        CHECK(big.status == 413);
    }

    // Idle connections and one dribbling a body one byte at a time: other requests go on.
    const int target = any_running(cluster);
    std::vector<std::unique_ptr<rest::testing::test_client>> idle;
    for (int n = 0; n < 50; ++n) {
        idle.push_back(std::make_unique<rest::testing::test_client>(cluster.port(target), 120s));
        REQUIRE(idle.back()->send_raw(""));
    }
    rest::testing::test_client slow(cluster.port(target), 120s);
    REQUIRE(slow.send_raw("POST /connectors HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                          "Content-Length: 100\r\n\r\n{"));
    double slowest_other = 0;
    for (int n = 0; n < 5; ++n) {
        // The slow client's pace: a byte a second.
        std::this_thread::sleep_for(1s);
        slow.send_raw("\"");
        const auto asked = clock_type::now();
        const auto other = cluster.call(target, "GET", "/connectors");
        slowest_other = std::max(slowest_other, seconds_since(asked));
        CHECK(other.status == 200);
    }
    INFO("a GET beside 50 idle and one slow client took up to " << slowest_other << " s");
    CHECK(slowest_other < 2.0);
    // The slow body never completes: the server answers a 4xx or closes the connection after its
    // read timeout, and never a 5xx.
    const auto waited = clock_type::now();
    const auto slow_reply = slow.read_reply();
    const double slow_seconds = seconds_since(waited);
    INFO("the slow body's answer after " << slow_seconds << " s: " << describe(slow_reply));
    CHECK((slow_reply.status == 0 ? slow_seconds < 110 : is_client_error_json(slow_reply)));

    std::optional<std::string> view;
    CHECK(poll_until(60s, [&] { return (view = agreed_running_view(cluster, pipeline.connectors())).has_value(); }));
    const auto counts = pipeline.finish(120s);
    record({"REST abuse", counts.produced, counts.delivered, counts.missing, counts.duplicated, 0,
            "(no outage) duplicate keys, deep nesting, bad UTF-8, 20 MB, slow and idle clients"});
    INFO("the first missing line: " << counts.first_missing);
    CHECK(counts.missing == 0);
}
