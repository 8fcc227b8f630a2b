// Black-box tests of the REST control plane beyond Kafka Connect on the real `copycat standalone`
// binary against the real broker: GET /metrics counters move with a file pipeline (file -> topic
// -> file); an http and an https listener served side by side with basic authentication and
// CORS on; GET /openapi.json.
#include <catch2/catch.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>

#include "common/json.hpp"
#include "net/http_client.hpp"
#include "rest/test_certificates.hpp"
#include "rest/test_client.hpp"
#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using copycat::rest::testing::http_reply;
using copycat::rest::testing::test_certificates;
using copycat::rest::testing::test_client;
using namespace std::chrono_literals;

namespace {

constexpr auto start_deadline = 60s;
constexpr auto data_deadline = 90s;  // an upper bound for failing, never a measure of speed

std::string worker_properties(const temp_dir& dir, const std::string& extra) {
    std::ostringstream p;
    p << "bootstrap.servers=" << bootstrap_servers() << "\n"
      << "key.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "value.converter=org.apache.kafka.connect.storage.StringConverter\n"
      << "offset.storage.file.filename=" << (dir.path() / "connect.offsets").string() << "\n"
      << "offset.flush.interval.ms=300\n"
      << "plugin.path=" << COPYCAT_FILE_PLUGIN << "\n"
      << extra;
    return dir.write("worker.properties", p.str());
}

// The value of one sample of a Prometheus exposition; nullopt when absent.
std::optional<double> sample(const std::string& exposition, const std::string& series) {
    std::istringstream lines(exposition);
    for (std::string line; std::getline(lines, line);) {
        if (line.size() > series.size() && line.compare(0, series.size(), series) == 0 && line[series.size()] == ' ')
            return std::stod(line.substr(series.size() + 1));
    }
    return std::nullopt;
}

std::string metrics_of(std::uint16_t port) {
    test_client client(port);
    const http_reply r = client.request("GET", "/metrics");
    return r.status == 200 ? r.body : std::string();
}

// The port of the log line "REST server listening on <protocol>://host:<port>/".
std::optional<std::uint16_t> listener_port(const copycat_process& worker, const std::string& protocol) {
    const std::regex line("REST server listening on " + protocol + "://[^ ]*:(\\d+)/");
    std::smatch m;
    const std::string log = worker.log();
    if (!std::regex_search(log, m, line)) return std::nullopt;
    return static_cast<std::uint16_t>(std::stoi(m[1]));
}

}  // namespace

TEST_CASE("GET /metrics counts the records of a file pipeline", "[cluster]") {
    temp_dir dir("copycat-metrics");
    const std::string topic = unique_name("metrics-files");
    const auto input = dir.path() / "input.txt";
    const auto output = dir.path() / "output.txt";
    constexpr int lines = 500;
    {
        std::ofstream in(input);
        for (int i = 0; i < lines; ++i) in << "line " << i << "\n";
    }
    const std::string source = dir.write(
        "source.properties",
        "name=src\nconnector.class=FileStreamSource\ntasks.max=1\nfile=" + input.string() + "\ntopic=" + topic + "\n");
    const std::string sink = dir.write("sink.properties", "name=snk\nconnector.class=FileStreamSink\ntopics=" + topic +
                                                              "\nfile=" + output.string() + "\n");
    copycat_process worker({"standalone", worker_properties(dir, "listeners=http://127.0.0.1:0\n"), source, sink},
                           dir.path() / "worker.log");
    const auto port = worker.rest_port(start_deadline);
    INFO(worker.log());
    REQUIRE(port);
    REQUIRE(worker.wait_for_log("Copycat worker started", start_deadline));

    const std::string src = "{connector=\"src\",task=\"0\"}";
    const std::string snk = "{connector=\"snk\",task=\"0\"}";
    std::string text;
    const bool moved = poll_until(data_deadline, [&] {
        text = metrics_of(*port);
        return sample(text, "copycat_source_task_records_produced_total" + src).value_or(0) >= lines &&
               sample(text, "copycat_sink_task_records_put_total" + snk).value_or(0) >= lines &&
               sample(text, "copycat_task_offset_commits_total{connector=\"src\",result=\"success\",task=\"0\"}")
                       .value_or(0) >= 1;
    });
    INFO(text);
    REQUIRE(moved);
    CHECK(sample(text, "copycat_source_task_records_polled_total" + src) == lines);
    CHECK(sample(text, "copycat_source_task_records_written_total" + src) == lines);
    CHECK(sample(text, "copycat_source_task_poll_batches_total" + src).value_or(0) >= 1);
    CHECK(sample(text, "copycat_sink_task_records_read_total" + snk).value_or(0) >= lines);
    CHECK(sample(text, "copycat_sink_task_put_batch_size" + snk).value_or(0) >= 1);
    CHECK(sample(text, "copycat_task_record_errors_total" + src) == 0);
    CHECK(sample(text, "copycat_worker_connectors{state=\"running\"}") == 2);
    CHECK(sample(text, "copycat_worker_tasks{state=\"running\"}") == 2);
    CHECK(sample(text, "copycat_worker_tasks{state=\"failed\"}") == 0);
    CHECK(sample(text, "copycat_worker_uptime_seconds").value_or(-1) >= 0);
    CHECK(text.find("# TYPE copycat_source_task_records_polled_total counter") != std::string::npos);
    // A standalone worker has no group: no rebalance metrics.
    CHECK(text.find("copycat_worker_rebalances_completed_total") == std::string::npos);

    // The sink's commits follow (every offset.flush.interval.ms).
    CHECK(poll_until(data_deadline, [&] {
        return sample(metrics_of(*port),
                      "copycat_task_offset_commits_total{connector=\"snk\",result=\"success\",task=\"0\"}")
                   .value_or(0) >= 1;
    }));

    // The sink's lag: none once it read everything; a paused sink falls behind by what arrives.
    CHECK(poll_until(data_deadline,
                     [&] { return sample(metrics_of(*port), "copycat_sink_task_records_lag" + snk) == 0.0; }));
    REQUIRE(test_client(*port).request("PUT", "/connectors/snk/pause").status == 202);
    REQUIRE(poll_until(data_deadline, [&] {
        return test_client(*port).request("GET", "/connectors/snk/status").body.find("\"PAUSED\"") != std::string::npos;
    }));
    {
        std::ofstream in(input, std::ios::app);
        for (int i = lines; i < lines + 100; ++i) in << "line " << i << "\n";
    }
    CHECK(poll_until(data_deadline,
                     [&] { return sample(metrics_of(*port), "copycat_sink_task_records_lag" + snk) == 100.0; }));
    CHECK(worker.terminate(30s) == 0);
}

TEST_CASE("http and https listeners with basic authentication and CORS", "[cluster]") {
    temp_dir dir("copycat-rest-plane");
    test_certificates certs;
    REQUIRE(certs.ok());
    const std::string users = dir.write("users.properties", "admin=s3cret\n");
    const std::string admin = "Basic YWRtaW46czNjcmV0";  // admin:s3cret
    const std::string extra =
        "listeners=http://127.0.0.1:0,https://127.0.0.1:0\n"
        "listeners.https.ssl.keystore.type=PEM\n"
        "listeners.https.ssl.keystore.location=" +
        certs.server().keystore +
        "\n"
        "listeners.https.ssl.truststore.type=PEM\n"
        "listeners.https.ssl.truststore.location=" +
        certs.server().certificate +
        "\n"
        "rest.basic.auth.credentials.file=" +
        users +
        "\n"
        "access.control.allow.origin=https://ui\\\\.example\\\\.com\n"
        "access.control.allow.methods=GET,POST,PUT,DELETE\n";
    copycat_process worker({"standalone", worker_properties(dir, extra)}, dir.path() / "worker.log");
    const auto http_port = worker.rest_port(start_deadline);
    INFO(worker.log());
    REQUIRE(http_port);
    REQUIRE(worker.wait_for_log("Copycat worker started", start_deadline));
    const auto https_port = listener_port(worker, "https");
    REQUIRE(https_port);
    CHECK(*https_port != *http_port);

    test_client client(*http_port);
    const http_reply refused = client.request("GET", "/connectors", {}, {{"Origin", "https://ui.example.com"}});
    CHECK(refused.status == 401);
    CHECK_FALSE(refused.header("www-authenticate").empty());
    CHECK(refused.header("access-control-allow-origin") == "https://ui.example.com");
    CHECK(client.request("GET", "/connectors", {}, {{"Authorization", admin}}).status == 200);
    const http_reply preflight = client.request(
        "OPTIONS", "/connectors", {}, {{"Origin", "https://ui.example.com"}, {"Access-Control-Request-Method", "PUT"}});
    CHECK(preflight.status == 204);
    CHECK(preflight.header("access-control-allow-methods") == "GET,POST,PUT,DELETE");
    CHECK(preflight.header("access-control-allow-headers") == "Content-Type,Authorization");
    const http_reply doc = client.request("GET", "/openapi.json", {}, {{"Authorization", admin}});
    CHECK(doc.status == 200);
    CHECK(doc.json().find("paths")->find("/connectors") != nullptr);

    net::tls_settings trust;
    trust.truststore_type = "PEM";
    trust.truststore_location = certs.server().certificate;
    REQUIRE(net::configure_https_client(trust).ok());
    const std::string base = "https://127.0.0.1:" + std::to_string(*https_port);
    auto secure = net::http_request({.url = base + "/connectors", .headers = {{"Authorization", admin}}});
    REQUIRE(secure.ok());
    CHECK(secure->status == 200);
    CHECK(secure->body == "[]");
    auto anonymous = net::http_request({.url = base + "/connectors"});
    REQUIRE(anonymous.ok());
    CHECK(anonymous->status == 401);
    CHECK(worker.terminate(30s) == 0);
}

TEST_CASE("admin.listeners moves /admin to its own listener, or turns it off when empty", "[cluster]") {
    temp_dir dir("copycat-admin-listeners");
    SECTION("a separate admin listener serves only /admin") {
        copycat_process worker(
            {"standalone",
             worker_properties(dir, "listeners=http://127.0.0.1:0\nadmin.listeners=http://127.0.0.1:0\n")},
            dir.path() / "worker.log");
        const auto port = worker.rest_port(start_deadline);
        INFO(worker.log());
        REQUIRE(port);
        REQUIRE(worker.wait_for_log("Copycat worker started", start_deadline));
        const std::regex line("Admin endpoints \\(/admin\\) served on http://[^ ]*:(\\d+)/");
        std::smatch m;
        const std::string log = worker.log();
        REQUIRE(std::regex_search(log, m, line));
        const auto admin_port = static_cast<std::uint16_t>(std::stoi(m[1]));
        REQUIRE(admin_port != *port);

        test_client admin(admin_port);
        const http_reply loggers = admin.request("GET", "/admin/loggers");
        CHECK(loggers.status == 200);
        CHECK(loggers.json().find("root") != nullptr);
        CHECK(admin.request("PUT", "/admin/loggers/org.apache.kafka.connect", R"({"level":"DEBUG"})").status == 200);
        CHECK(admin.request("GET", "/connectors").status == 404);

        test_client regular(*port);
        const http_reply hidden = regular.request("GET", "/admin/loggers");
        CHECK(hidden.status == 404);
        CHECK(hidden.json().find("error_code")->as_int64() == 404);
        CHECK(regular.request("GET", "/connectors").status == 200);
        CHECK(worker.terminate(30s) == 0);
    }
    SECTION("an empty admin.listeners serves no /admin endpoint") {
        copycat_process worker(
            {"standalone", worker_properties(dir, "listeners=http://127.0.0.1:0\nadmin.listeners=\n")},
            dir.path() / "worker.log");
        const auto port = worker.rest_port(start_deadline);
        INFO(worker.log());
        REQUIRE(port);
        REQUIRE(worker.wait_for_log("Copycat worker started", start_deadline));
        test_client regular(*port);
        CHECK(regular.request("GET", "/admin/loggers").status == 404);
        CHECK(regular.request("GET", "/connectors").status == 200);
        CHECK(worker.terminate(30s) == 0);
    }
}
