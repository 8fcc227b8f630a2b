// broker_connection against fake_broker on loopback: the ApiVersions handshake and version
// negotiation, pipelined requests matched by correlation id, and every way a request can fail
// (timeout, disconnect, close, out-of-order answer, no common version, connect timeout).
#include <catch2/catch.hpp>

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <boost/asio/ip/tcp.hpp>

#include "client_loop.hpp"
#include "fake_broker.hpp"
#include "kafka/client/broker_connection.hpp"
#include "kafka/client/kafka_error.hpp"

using namespace copycat;
using namespace copycat::kafka_client;
using namespace copycat::kafka_client::testing;
using namespace std::chrono_literals;

namespace {

connection_options test_options() {
    connection_options options;
    options.client_id = "unit-test";
    options.connect_timeout = 2s;
    options.request_timeout = 2s;
    return options;
}

// Connects to `broker` and runs the loop until ready; fails the test otherwise.
std::shared_ptr<broker_connection> connect_ready(client_loop& loop, const fake_broker& broker,
                                                 connection_options options = test_options()) {
    auto conn = broker_connection::create(loop.io.get_executor(), options);
    std::optional<result<void>> ready;
    conn->connect(broker.address(), [&](result<void> r) { ready = std::move(r); });
    REQUIRE(loop.run_until([&] { return ready.has_value(); }));
    INFO((ready->ok() ? std::string("ok") : ready->err().describe()));
    REQUIRE(ready->ok());
    REQUIRE(conn->is_ready());
    return conn;
}

kp::heartbeat_request heartbeat(std::int32_t generation) { return {"group", generation, "member", std::nullopt}; }

// Answers a Heartbeat with ThrottleTimeMs = the request's GenerationId, so each response says
// which request it answers.
kp::bytes echo_heartbeat(const fake_request& request) {
    const auto hb = decode_request<kp::heartbeat_request>(request);
    return response_frame(kp::heartbeat_response{hb.generation_id, kp::error_code::none}, request);
}

using heartbeat_result = std::optional<result<kp::heartbeat_response>>;

}  // namespace

TEST_CASE("connect sends ApiVersions first and negotiates each API's version") {
    fake_broker broker;
    auto versions = fake_broker::all_api_versions();
    for (auto& entry : versions) {
        if (entry.key == kp::api_key::join_group) entry = {kp::api_key::join_group, 0, 5};
    }
    broker.set_api_versions(versions);
    client_loop loop;
    auto conn = connect_ready(loop, broker);

    const auto seen = broker.requests();
    REQUIRE(seen.size() == 1);
    CHECK(seen[0].header.key == kp::api_key::api_versions);
    CHECK(seen[0].header.api_version == 4);
    CHECK(seen[0].header.client_id == std::optional<std::string>("unit-test"));
    const auto request = decode_request<kp::api_versions_request>(seen[0]);
    CHECK(request.client_software_name == "copycat");

    CHECK(conn->negotiated_version(kp::api_key::join_group, {2, 9}) == std::optional<std::int16_t>(5));
    CHECK(conn->negotiated_version(kp::api_key::heartbeat) == std::optional<std::int16_t>(4));
    CHECK_FALSE(conn->negotiated_version(kp::api_key::join_group, {6, 9}).has_value());
    conn->close();
}

TEST_CASE("an ApiVersions version the broker does not know is retried at the broker's maximum") {
    fake_broker broker;
    broker.answer_api_versions(false);
    broker.set_responder([](const fake_request& request) -> fake_reply {
        if (request.header.key != kp::api_key::api_versions) return {};
        kp::api_versions_response response;
        if (request.header.api_version > 2) {
            response.error = kp::error_code::unsupported_version;
            response.api_keys = {{kp::api_key::api_versions, 0, 2}};
            auto frame = kp::encode_response_frame(response, 0, request.header.correlation_id);
            return {{*frame}, false};
        }
        response.api_keys = fake_broker::all_api_versions();
        return {{response_frame(response, request)}, false};
    });
    client_loop loop;
    auto conn = connect_ready(loop, broker);
    const auto seen = broker.requests();
    REQUIRE(seen.size() == 2);
    CHECK(seen[0].header.api_version == 4);
    CHECK(seen[1].header.api_version == 2);
    conn->close();
}

TEST_CASE("pipelined requests are matched to their responses by correlation id") {
    constexpr int n = 20;
    fake_broker broker;
    // Holds every answer back until all n requests are in, then answers them in order: the
    // requests really are in flight together.
    auto held = std::make_shared<std::vector<kp::bytes>>();
    broker.set_responder([held](const fake_request& request) -> fake_reply {
        held->push_back(echo_heartbeat(request));
        if (held->size() < static_cast<std::size_t>(n)) return {};
        return {std::move(*held), false};
    });
    client_loop loop;
    auto conn = connect_ready(loop, broker);

    std::vector<heartbeat_result> results(n);
    for (int i = 0; i < n; ++i) {
        conn->send(heartbeat(1000 + i), [&results, i](result<kp::heartbeat_response> r) {
            results[static_cast<std::size_t>(i)] = std::move(r);
        });
    }
    CHECK(conn->in_flight() == static_cast<std::size_t>(n));
    REQUIRE(loop.run_until(
        [&] { return std::all_of(results.begin(), results.end(), [](const auto& r) { return r.has_value(); }); }));
    for (int i = 0; i < n; ++i) {
        const auto& r = results[static_cast<std::size_t>(i)];
        REQUIRE(r->ok());
        CHECK((*r)->throttle_time_ms == 1000 + i);
    }
    CHECK(conn->in_flight() == 0);

    const auto seen = broker.requests();
    REQUIRE(seen.size() == n + 1);
    for (std::size_t i = 1; i < seen.size(); ++i) {
        CHECK(seen[i].header.key == kp::api_key::heartbeat);
        CHECK(seen[i].header.api_version == 4);
        CHECK(seen[i].header.correlation_id == seen[i - 1].header.correlation_id + 1);
    }
    conn->close();
}

TEST_CASE("an answer out of request order is a protocol error that fails every pending request") {
    fake_broker broker;
    auto held = std::make_shared<std::vector<kp::bytes>>();
    broker.set_responder([held](const fake_request& request) -> fake_reply {
        held->push_back(echo_heartbeat(request));
        if (held->size() < 2) return {};
        return {{(*held)[1], (*held)[0]}, false};  // swapped
    });
    client_loop loop;
    auto conn = connect_ready(loop, broker);
    std::optional<error> closed;
    conn->set_close_handler([&](const error& why) { closed = why; });
    heartbeat_result first, second;
    conn->send(heartbeat(1), [&](result<kp::heartbeat_response> r) { first = std::move(r); });
    conn->send(heartbeat(2), [&](result<kp::heartbeat_response> r) { second = std::move(r); });
    REQUIRE(loop.run_until([&] { return first && second && closed; }));
    REQUIRE_FALSE(first->ok());
    REQUIRE_FALSE(second->ok());
    CHECK(first->err().code == make_error_code(errc::protocol_error));
    CHECK(closed->code == make_error_code(errc::protocol_error));
    CHECK(conn->current_state() == broker_connection::state::closed);
}

TEST_CASE("a request timeout fails that request, closes the connection and fails the others") {
    fake_broker broker;
    broker.set_responder([](const fake_request&) { return fake_reply{}; });  // never answers
    client_loop loop;
    auto conn = connect_ready(loop, broker);
    std::optional<error> closed;
    conn->set_close_handler([&](const error& why) { closed = why; });
    heartbeat_result quick, patient;
    const auto sent = std::chrono::steady_clock::now();
    std::optional<std::chrono::steady_clock::time_point> quick_done;
    conn->send(
        heartbeat(1),
        [&](result<kp::heartbeat_response> r) {
            quick = std::move(r);
            quick_done = std::chrono::steady_clock::now();
        },
        request_options{.timeout = 150ms});
    conn->send(heartbeat(2), [&](result<kp::heartbeat_response> r) { patient = std::move(r); });
    REQUIRE(loop.run_until([&] { return quick && patient && closed; }, 5s));
    REQUIRE_FALSE(quick->ok());
    CHECK(quick->err().code == make_error_code(errc::timeout));
    CHECK(*quick_done - sent >= 150ms);
    REQUIRE_FALSE(patient->ok());
    CHECK(patient->err().code == make_error_code(errc::io_error));
    CHECK(conn->current_state() == broker_connection::state::closed);
}

TEST_CASE("a broker disconnect fails every pending request and later sends") {
    fake_broker broker;
    broker.set_responder([](const fake_request& request) -> fake_reply {
        const auto hb = decode_request<kp::heartbeat_request>(request);
        if (hb.generation_id == 3) return {{}, true};  // hang up instead of answering
        return {};
    });
    client_loop loop;
    auto conn = connect_ready(loop, broker);
    int close_calls = 0;
    conn->set_close_handler([&](const error&) { ++close_calls; });
    std::vector<heartbeat_result> results(3);
    for (int i = 0; i < 3; ++i) {
        conn->send(heartbeat(i + 1), [&results, i](result<kp::heartbeat_response> r) {
            results[static_cast<std::size_t>(i)] = std::move(r);
        });
    }
    REQUIRE(loop.run_until([&] {
        return close_calls == 1 &&
               std::all_of(results.begin(), results.end(), [](const auto& r) { return r.has_value(); });
    }));
    for (const auto& r : results) {
        REQUIRE_FALSE(r->ok());
        CHECK(r->err().code == make_error_code(errc::io_error));
    }
    heartbeat_result late;
    conn->send(heartbeat(9), [&](result<kp::heartbeat_response> r) { late = std::move(r); });
    CHECK_FALSE(late.has_value());  // never inside the call
    REQUIRE(loop.run_until([&] { return late.has_value(); }));
    CHECK(late->err().code == make_error_code(errc::io_error));
    loop.run_for(50ms);
    CHECK(close_calls == 1);
}

TEST_CASE("close() fails pending requests without calling the close handler") {
    fake_broker broker;
    broker.set_responder([](const fake_request&) { return fake_reply{}; });
    client_loop loop;
    auto conn = connect_ready(loop, broker);
    bool close_handler_called = false;
    conn->set_close_handler([&](const error&) { close_handler_called = true; });
    heartbeat_result pending;
    conn->send(heartbeat(1), [&](result<kp::heartbeat_response> r) { pending = std::move(r); });
    conn->close();
    REQUIRE(loop.run_until([&] { return pending.has_value(); }));
    CHECK(pending->err().code == make_error_code(errc::io_error));
    loop.run_for(50ms);
    CHECK_FALSE(close_handler_called);
}

TEST_CASE("a response body that does not decode fails only its request") {
    fake_broker broker;
    broker.set_responder([](const fake_request& request) -> fake_reply {
        const auto hb = decode_request<kp::heartbeat_request>(request);
        if (hb.generation_id != 1) return {{echo_heartbeat(request)}, false};
        // A v4 Heartbeat body cut short: the header is fine, the body is one byte.
        auto frame = kp::encode_response_frame(kp::api_key::heartbeat, 4, request.header.correlation_id,
                                               kp::bytes{std::byte{0}});
        return {{*frame}, false};
    });
    client_loop loop;
    auto conn = connect_ready(loop, broker);
    heartbeat_result bad, good;
    conn->send(heartbeat(1), [&](result<kp::heartbeat_response> r) { bad = std::move(r); });
    conn->send(heartbeat(2), [&](result<kp::heartbeat_response> r) { good = std::move(r); });
    REQUIRE(loop.run_until([&] { return bad && good; }));
    REQUIRE_FALSE(bad->ok());
    CHECK(bad->err().code == make_error_code(errc::protocol_error));
    REQUIRE(good->ok());
    CHECK((*good)->throttle_time_ms == 2);
    CHECK(conn->is_ready());
    conn->close();
}

TEST_CASE("an API version range with nothing in common fails the send, not the connection") {
    fake_broker broker;
    auto versions = fake_broker::all_api_versions();
    for (auto& entry : versions) {
        if (entry.key == kp::api_key::join_group) entry = {kp::api_key::join_group, 0, 1};
    }
    broker.set_api_versions(versions);
    client_loop loop;
    auto conn = connect_ready(loop, broker);
    std::optional<result<kp::join_group_response>> joined;
    conn->send(
        kp::join_group_request{}, [&](result<kp::join_group_response> r) { joined = std::move(r); },
        request_options{.timeout = std::nullopt, .versions = {2, 9}});
    REQUIRE(loop.run_until([&] { return joined.has_value(); }));
    REQUIRE_FALSE(joined->ok());
    CHECK(joined->err().code == make_error_code(errc::unsupported));
    CHECK(conn->is_ready());
    conn->close();
}

TEST_CASE("a broker that never answers ApiVersions makes connect time out") {
    fake_broker broker;
    broker.answer_api_versions(false);
    client_loop loop;
    auto options = test_options();
    options.connect_timeout = 200ms;
    auto conn = broker_connection::create(loop.io.get_executor(), options);
    std::optional<result<void>> ready;
    const auto started = std::chrono::steady_clock::now();
    conn->connect(broker.address(), [&](result<void> r) { ready = std::move(r); });
    REQUIRE(loop.run_until([&] { return ready.has_value(); }, 5s));
    REQUIRE_FALSE(ready->ok());
    CHECK(ready->err().code == make_error_code(errc::timeout));
    CHECK(std::chrono::steady_clock::now() - started >= 200ms);
}

TEST_CASE("a refused connection and a TLS setting that does not load fail connect") {
    client_loop loop;
    std::uint16_t closed_port = 0;
    {
        boost::asio::ip::tcp::acceptor probe(loop.io, {boost::asio::ip::make_address("127.0.0.1"), 0});
        closed_port = probe.local_endpoint().port();
    }
    auto conn = broker_connection::create(loop.io.get_executor(), test_options());
    std::optional<result<void>> ready;
    conn->connect({"127.0.0.1", closed_port}, [&](result<void> r) { ready = std::move(r); });
    REQUIRE(loop.run_until([&] { return ready.has_value(); }));
    REQUIRE_FALSE(ready->ok());
    CHECK(ready->err().code == make_error_code(errc::io_error));

    fake_broker broker;
    auto options = test_options();
    options.security = security_protocol::sasl_ssl;
    options.tls.ca_file = "/nonexistent/ca.pem";
    auto secure = broker_connection::create(loop.io.get_executor(), options);
    std::optional<result<void>> secure_ready;
    secure->connect(broker.address(), [&](result<void> r) { secure_ready = std::move(r); });
    REQUIRE(loop.run_until([&] { return secure_ready.has_value(); }));
    REQUIRE_FALSE(secure_ready->ok());
    CHECK(secure_ready->err().code == make_error_code(errc::invalid_argument));
    CHECK(broker.connections_accepted() == 0);
}
