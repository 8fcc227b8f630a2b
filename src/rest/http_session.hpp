#pragma once
// http_session: one HTTP/1.1 connection of the REST server (internal to src/rest), over plain TCP
// or TLS (an https listener).
//
// TLS first does the server handshake (within the read timeout). Then the session reads a
// request's header and, before it reads any body byte or answers `Expect: 100-continue`,
// matches the request line (router::find) and applies the server's request policies in this
// order: a target the router refuses (400), CORS (a preflight is answered at once; every answer
// gets the CORS headers), basic authentication on the matched route (401), an unknown route
// (404/405), a body that is not JSON on a write (415, as Kafka Connect's Jersey answers), and
// the listener's budget of body bytes (503). A request refused there is answered without its body
// being read (the connection is then closed). Otherwise the session reads the body, hands the
// same match to the router, and writes the handler's response when it arrives; it keeps the
// connection alive when the client asks for it. Limits: a body limit (413 and close), a read
// timeout that covers a whole request and the keep-alive idle time (the client is dropped), and
// the same timeout for writing.
//
// Ownership and threading: created by http_server, which keeps a strong reference until the
// session reports itself closed (on_closed). Every member function except start() and shutdown()
// runs on the connection's strand (the executor of its socket). A handler's responder holds only
// a weak reference and posts the response onto that strand through the server's delivery_gate,
// so a late answer after the connection or the server has gone is dropped safely.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/empty_body.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

#include "rest/basic_auth.hpp"
#include "rest/cors_policy.hpp"
#include "rest/listener_budget.hpp"
#include "rest/response.hpp"
#include "rest/router.hpp"
#include "rest/shared_string_body.hpp"

namespace copycat::rest {

// Responders post responses through this gate. The server closes it before its io_context
// stops, so no answer is posted onto an executor that is going away. Thread-safe.
class delivery_gate {
public:
    template <class F>
    void run_if_open(F&& f) {
        std::lock_guard lock(mutex_);
        if (open_) f();
    }
    void close() {
        std::lock_guard lock(mutex_);
        open_ = false;
    }

private:
    std::mutex mutex_;  // guards open_
    bool open_ = true;
};

struct session_limits {
    std::size_t body_limit = 0;
    std::chrono::milliseconds read_timeout{0};
};

// Whether a Content-Type names JSON ("application/json", any case, parameters such as charset
// allowed), as the REST API's writes require.
bool is_json_media_type(std::string_view content_type);

// What every session of a server shares; owned by the server, read-only while it runs.
struct session_services {
    const router* routes = nullptr;
    const cors_policy* cors = nullptr;
    const basic_auth* auth = nullptr;  // null: no authentication
    session_limits limits;
    std::shared_ptr<delivery_gate> gate;
};

// The interface the server keeps its sessions by.
class http_session {
public:
    using closed_fn = std::function<void(http_session*)>;

    virtual ~http_session() = default;
    // Both callable from any thread.
    virtual void start() = 0;
    // Graceful close: at once when between requests (or mid-read), after the response otherwise.
    virtual void shutdown() = 0;
};

using plain_stream = boost::beast::tcp_stream;
using tls_stream = boost::beast::ssl_stream<boost::beast::tcp_stream>;

template <class Stream>
class basic_http_session final : public http_session, public std::enable_shared_from_this<basic_http_session<Stream>> {
public:
    static constexpr bool is_tls = !std::is_same_v<Stream, plain_stream>;

    // socket: accepted on its own strand. `services` must outlive the session's I/O (the server
    // keeps both). `tls`: the server context, for TLS sessions only. on_closed runs once, on the
    // strand, when the connection is finished.
    basic_http_session(boost::asio::ip::tcp::socket socket, const session_services& services,
                       std::shared_ptr<listener_budget> budget, boost::asio::ssl::context* tls, closed_fn on_closed);

    void start() override;
    void shutdown() override;

private:
    enum class phase { handshaking, reading, handling, writing, lingering, closed };
    using error_code = boost::system::error_code;

    void on_handshake(error_code ec);
    void read_header();
    void on_header(error_code ec);
    std::optional<response> refusal();
    void release_body_budget();
    void read_body();
    void on_body(error_code ec);
    void on_read_error(error_code ec);
    void handle_request();
    void deliver(std::uint64_t seq, response r);
    void write(response r, bool close_after);
    void on_write(bool close_after, error_code ec);
    void linger();
    void on_drain(error_code ec);
    void close();
    boost::beast::tcp_stream& tcp();

    Stream stream_;
    boost::beast::flat_buffer buffer_;
    std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
    boost::beast::http::response<shared_string_body> out_;
    boost::beast::http::response<boost::beast::http::empty_body> continue_;
    const session_services& services_;
    const std::shared_ptr<listener_budget> budget_;
    std::size_t reserved_body_ = 0;  // body bytes of the current request held in budget_
    request pending_;                // the current request's line and headers, once they arrived
    router::match match_;            // what the router matched for it
    closed_fn on_closed_;

    phase phase_ = phase::reading;
    bool stopping_ = false;
    bool keep_alive_ = false;
    std::uint64_t seq_ = 0;  // numbers requests, so an answer can only complete its own request
    std::string method_;     // of the current request, for the access log line
    std::string target_;
    header_list policy_headers_;  // CORS headers every answer to the current request carries
    std::chrono::steady_clock::time_point started_;
};

extern template class basic_http_session<plain_stream>;
extern template class basic_http_session<tls_stream>;

}  // namespace copycat::rest
