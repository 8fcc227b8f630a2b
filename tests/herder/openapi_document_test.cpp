// The OpenAPI document stays true to the router: both read connect_rest_api's route table, and the
// set of routed and documented methods + paths is pinned here (a row lost or added shows up); the
// document is well-formed (references resolve, path parameters are declared).
// GET /openapi.json and GET /metrics through the real HTTP server.
#include <catch2/catch.hpp>

#include <set>
#include <string>

#include "common/metrics.hpp"
#include "rest/handlers/connect_rest_api.hpp"
#include "rest/handlers/openapi_document.hpp"
#include "rest/http_server.hpp"
#include "rest/test_client.hpp"

using namespace copycat;
using namespace copycat::rest;
using namespace copycat::rest::handlers;
using copycat::rest::testing::test_client;

namespace {

// "/connectors/{connector}/tasks/{task}" -> "/connectors/{}/tasks/{}": parameter names may differ.
std::string normalized(const std::string& method, const std::string& path) {
    std::string out = method + " ";
    bool in_param = false;
    for (const char c : path) {
        if (c == '{') {
            in_param = true;
            out += "{}";
        } else if (c == '}') {
            in_param = false;
        } else if (!in_param) {
            out += c;
        }
    }
    return out;
}

std::set<std::string> routed() {
    connect_rest_api api({.info = {"1.0", "abc"}});
    router routes;
    api.add_routes(routes);
    api.add_admin_routes(routes);
    std::set<std::string> out;
    for (const auto& r : routes.routes()) out.insert(normalized(r.method, r.path_template));
    return out;
}

// The documented operations of the document served by GET /openapi.json.
std::set<std::string> documented(const json::value& doc) {
    std::set<std::string> out;
    for (const auto& path : doc.find("paths")->as_object()) {
        for (const auto& op : path.val.as_object()) {
            std::string method;
            for (const char c : op.name) method += static_cast<char>(c - 'a' + 'A');
            out.insert(normalized(method, path.name));
        }
    }
    return out;
}

json::value document(const std::string& version) {
    connect_rest_api api({.info = {version, "abc"}});
    return openapi_document(version, api.endpoints());
}

void collect_refs(const json::value& v, std::vector<std::string>& out) {
    if (v.is_object()) {
        for (const auto& m : v.as_object()) {
            if (m.name == "$ref" && m.val.is_string()) out.push_back(m.val.as_string());
            collect_refs(m.val, out);
        }
    } else if (v.is_array()) {
        for (const auto& item : v.as_array()) collect_refs(item, out);
    }
}

}  // namespace

TEST_CASE("the router and the OpenAPI document serve and describe the same endpoints") {
    const std::set<std::string> public_api = {
        "GET /",
        "GET /health",
        "GET /connectors",
        "POST /connectors",
        "GET /connectors/{}",
        "DELETE /connectors/{}",
        "GET /connectors/{}/config",
        "PUT /connectors/{}/config",
        "PATCH /connectors/{}/config",
        "GET /connectors/{}/status",
        "GET /connectors/{}/tasks",
        "GET /connectors/{}/tasks/{}/status",
        "POST /connectors/{}/tasks/{}/restart",
        "POST /connectors/{}/restart",
        "PUT /connectors/{}/pause",
        "PUT /connectors/{}/resume",
        "PUT /connectors/{}/stop",
        "GET /connectors/{}/offsets",
        "PATCH /connectors/{}/offsets",
        "DELETE /connectors/{}/offsets",
        "GET /connectors/{}/topics",
        "PUT /connectors/{}/topics/reset",
        "GET /connector-plugins",
        "GET /connector-plugins/{}/config",
        "PUT /connector-plugins/{}/config/validate",
        "GET /admin/loggers",
        "GET /admin/loggers/{}",
        "PUT /admin/loggers/{}",
        "GET /metrics",
        "GET /openapi.json",
    };
    // Called between workers only: routed, not documented.
    const std::set<std::string> internal = {"POST /connectors/{}/tasks", "PUT /connectors/{}/fence",
                                            "POST /internal/departures"};

    CHECK(documented(document("1.0")) == public_api);
    std::set<std::string> all = public_api;
    all.insert(internal.begin(), internal.end());
    CHECK(routed() == all);
}

TEST_CASE("the OpenAPI document is well-formed") {
    const json::value doc = document("9.9.9");
    CHECK(doc.find("openapi")->as_string() == "3.0.3");
    CHECK(doc.find("info")->find("version")->as_string() == "9.9.9");
    const json::value* schemas = doc.find("components")->find("schemas");
    REQUIRE(schemas != nullptr);
    REQUIRE(schemas->find("ErrorMessage") != nullptr);  // the text of the schemas parsed

    std::vector<std::string> refs;
    collect_refs(doc, refs);
    CHECK(refs.size() > 30);
    for (const auto& ref : refs) {
        INFO(ref);
        REQUIRE(ref.rfind("#/components/schemas/", 0) == 0);
        CHECK(schemas->find(ref.substr(21)) != nullptr);
    }

    std::set<std::string> operation_ids;
    std::size_t operations = 0;
    for (const auto& path : doc.find("paths")->as_object()) {
        for (const auto& op : path.val.as_object()) {
            ++operations;
            INFO(op.name << " " << path.name);
            CHECK(operation_ids.insert(op.val.find("operationId")->as_string()).second);
            const json::value* responses = op.val.find("responses");
            REQUIRE(responses != nullptr);
            CHECK(responses->find("default") != nullptr);  // the error shape for any other status
            // Every {param} of the path is declared as a required path parameter.
            std::set<std::string> declared;
            if (const auto* params = op.val.find("parameters")) {
                for (const auto& p : params->as_array())
                    if (p.find("in")->as_string() == "path") declared.insert(p.find("name")->as_string());
            }
            std::set<std::string> in_template;
            for (auto open = path.name.find('{'); open != std::string::npos; open = path.name.find('{', open + 1))
                in_template.insert(path.name.substr(open + 1, path.name.find('}', open) - open - 1));
            CHECK(declared == in_template);
        }
    }
    CHECK(operations == 30);
    // The error body, the request bodies and a repeatable query parameter are described.
    const auto* post = doc.find("paths")->find("/connectors")->find("post");
    CHECK(json::dump(*post->find("requestBody")).find("CreateConnectorRequest") != std::string::npos);
    CHECK(json::dump(*doc.find("paths")->find("/connectors")->find("get")).find("\"explode\":true") !=
          std::string::npos);
    CHECK(json::dump(*schemas->find("ErrorMessage")).find("error_code") != std::string::npos);
}

TEST_CASE("GET /openapi.json and GET /metrics are served") {
    metrics::registry registry;
    auto c = registry.counter("copycat_test_total", "A test counter", {{"connector", "c"}});
    c->add(5);
    connect_rest_api api({.info = {"1.2.3", "abc"}, .metrics = &registry});
    router routes;
    api.add_routes(routes);
    api.add_admin_routes(routes);
    http_server server(std::move(routes), {.listener = "http://127.0.0.1:0"});
    REQUIRE(server.start().ok());
    test_client client(server.port());

    auto doc = client.request("GET", "/openapi.json");
    CHECK(doc.status == 200);
    CHECK(doc.header("content-type") == "application/json");
    CHECK(doc.json().find("info")->find("version")->as_string() == "1.2.3");

    auto metrics = client.request("GET", "/metrics");
    CHECK(metrics.status == 200);
    CHECK(metrics.header("content-type") == "text/plain; version=0.0.4; charset=utf-8");
    CHECK(metrics.body.find("# TYPE copycat_test_total counter\ncopycat_test_total{connector=\"c\"} 5\n") !=
          std::string::npos);
}
