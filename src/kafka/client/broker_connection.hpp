#pragma once
// broker_connection: one connection to one Kafka broker, speaking the wire protocol.
//
//   auto conn = broker_connection::create(strand, options);
//   conn->connect({"127.0.0.1", 9092}, [conn](result<void> ready) {
//     if (!ready) return;                       // connect or ApiVersions failed
//     conn->send(heartbeat_request{...}, [](result<heartbeat_response> r) { ... });
//   });
//   ...
//   conn->close();                              // every pending request fails with io_error
//
// connect() opens the transport (bounded by connect_timeout, which covers the whole setup), then
// sends ApiVersions (v4, falling back to the version the broker names as Kafka's client does),
// records the broker's version range per API and, for SASL_* security protocols, authenticates
// (sasl_authenticator); send() picks the highest version both sides support, optionally narrowed by
// request_options::versions. Many requests may be in flight: each gets the next correlation id,
// frames are written in order, and responses are matched by correlation id (Kafka answers in
// request order; an answer out of order is a protocol error that closes the connection).
//
// Failures. Every handler runs exactly once. A request whose response does not arrive within
// its timeout fails with errc::timeout and closes the connection (as Kafka's NetworkClient does),
// so the other pending requests fail with errc::io_error; so do they when the broker closes the
// connection or a frame does not parse (errc::protocol_error). Errors in a response body (a Kafka
// ErrorCode field) are the caller's to read; decoding failures are errc::protocol_error.
//
// Ownership and threading: shared (std::shared_ptr); asynchronous operations keep it alive until
// they finish, so the owner must call close() to end it. Every method must be called on the
// strand given to create(), and every handler (connect, response, close) runs on that strand,
// never inside the call that started the operation.

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "common/result.hpp"
#include "kafka/client/api_traits.hpp"
#include "kafka/client/broker_address.hpp"
#include "kafka/client/connection_options.hpp"
#include "kafka/client/transport.hpp"
#include "kafka/protocol/frame.hpp"
#include "kafka/protocol/versions.hpp"

namespace copycat::kafka_client {

struct request_options {
    // The response deadline; the connection's request_timeout when unset.
    std::optional<std::chrono::milliseconds> timeout;
    // Versions the caller accepts; the sent version is the highest one inside this range, the
    // library's range and the broker's range (errc::unsupported when there is none).
    kafka_protocol::version_range versions{0, std::numeric_limits<std::int16_t>::max()};
};

class broker_connection : public std::enable_shared_from_this<broker_connection> {
public:
    enum class state { idle, connecting, ready, closed };
    using executor_type = boost::asio::any_io_executor;
    // A raw response: the body bytes and the version the request was sent at.
    using raw_handler = std::function<void(result<kafka_protocol::bytes>)>;

    // A connection over tcp_transport, or tls_transport for SSL and SASL_SSL (TLS files that do
    // not load make connect() fail with invalid_argument).
    static std::shared_ptr<broker_connection> create(executor_type strand, connection_options options);
    // A connection over a given transport (TLS, or a test's).
    static std::shared_ptr<broker_connection> create(executor_type strand, connection_options options,
                                                     std::unique_ptr<transport> transport);

    broker_connection(const broker_connection&) = delete;
    broker_connection& operator=(const broker_connection&) = delete;
    ~broker_connection();

    // Connects and negotiates versions; `handler` gets ok once requests may be sent. Called once.
    void connect(broker_address address, std::function<void(result<void>)> handler);

    // Sends `request` and decodes the response (see the file comment for failures). Request is a
    // kafka_protocol message with a response_of<> entry in api_traits.hpp.
    template <class Request>
    void send(const Request& request, std::function<void(result<response_t<Request>>)> handler,
              request_options options = {}) {
        send_typed(request, std::move(handler), options, false);
    }

    // Closes the connection: pending requests and a connect in progress fail with io_error.
    // Idempotent; the close handler is not called.
    void close();
    // Called once (on the strand) when a ready connection is closed by the broker, an I/O error,
    // a bad frame or a request timeout; not after close().
    void set_close_handler(std::function<void(const error&)> handler);

    state current_state() const noexcept { return state_; }
    bool is_ready() const noexcept { return state_ == state::ready; }
    const broker_address& address() const noexcept { return address_; }
    const executor_type& executor() const noexcept { return strand_; }
    // Requests sent or queued and not yet answered.
    std::size_t in_flight() const noexcept { return pending_.size(); }
    // The broker's range for `key` from ApiVersions; nullopt before ready or if it lacks the API.
    std::optional<kafka_protocol::version_range> broker_versions(kafka_protocol::api_key key) const;
    // The version send() would use for `key` within `allowed`; nullopt if none.
    std::optional<std::int16_t> negotiated_version(
        kafka_protocol::api_key key, kafka_protocol::version_range allowed = request_options{}.versions) const;

private:
    struct pending_request {
        std::int32_t correlation_id = 0;
        kafka_protocol::api_key key{};
        std::int16_t version = 0;
        raw_handler handler;
        std::unique_ptr<boost::asio::steady_timer> timer;
    };

    friend class sasl_authenticator;

    broker_connection(executor_type strand, connection_options options, std::unique_ptr<transport> transport);

    // send() for the authentication exchange, before the connection is ready.
    template <class Request>
    void send_during_setup(const Request& request, std::function<void(result<response_t<Request>>)> handler,
                           request_options options = {}) {
        send_typed(request, std::move(handler), options, true);
    }
    template <class Request>
    void send_typed(const Request& request, std::function<void(result<response_t<Request>>)> handler,
                    const request_options& options, bool during_setup);
    // Encodes with `encode` at the negotiated version and queues; failures reach `handler`.
    void send_encoded(kafka_protocol::api_key key, const request_options& options, bool during_setup,
                      const std::function<result<kafka_protocol::bytes>(std::int16_t)>& encode,
                      std::function<void(result<kafka_protocol::bytes>, std::int16_t)> handler);
    // Frames `body` with a new correlation id and queues it for writing.
    void enqueue(kafka_protocol::api_key key, std::int16_t version, const kafka_protocol::bytes& body,
                 std::chrono::milliseconds timeout, raw_handler handler);
    void fail_soon(raw_handler handler, error why);

    void on_connected(std::error_code ec);
    void send_api_versions(std::int16_t version);
    void on_api_versions(result<kafka_protocol::bytes> body, std::int16_t version);
    void authenticate();
    void become_ready();

    void start_read();
    void on_read(std::error_code ec, std::size_t n);
    // Completes the pending request that `payload` answers; false after a protocol error.
    bool handle_frame(const kafka_protocol::bytes& payload);
    void start_write();
    void on_write(std::error_code ec);
    void on_request_timeout(std::int32_t correlation_id);

    // Closes with `why`: pending requests fail with it, and the close handler runs when
    // `notify` and the connection was ready.
    void shutdown(const error& why, bool notify);
    std::string describe_peer() const;

    executor_type strand_;
    connection_options options_;
    std::unique_ptr<transport> transport_;
    std::optional<error> transport_unavailable_;
    state state_ = state::idle;
    broker_address address_;
    std::function<void(result<void>)> connect_handler_;
    std::function<void(const error&)> close_handler_;
    boost::asio::steady_timer connect_timer_;

    std::int32_t next_correlation_id_ = 0;
    std::deque<pending_request> pending_;
    std::deque<kafka_protocol::bytes> write_queue_;
    bool writing_ = false;
    std::vector<std::byte> read_buffer_;
    kafka_protocol::frame_decoder decoder_;
    std::vector<kafka_protocol::api_version_entry> broker_api_versions_;
};

template <class Request>
void broker_connection::send_typed(const Request& request, std::function<void(result<response_t<Request>>)> handler,
                                   const request_options& options, bool during_setup) {
    send_encoded(
        Request::api, options, during_setup, [&request](std::int16_t version) { return request.encode(version); },
        [handler = std::move(handler)](result<kafka_protocol::bytes> body, std::int16_t version) {
            if (!body) {
                handler(body.err());
                return;
            }
            auto decoded = response_t<Request>::decode(*body, version);
            if (!decoded) {
                handler(make_error(errc::protocol_error, decoded.err().describe()));
                return;
            }
            handler(std::move(*decoded));
        });
}

}  // namespace copycat::kafka_client
