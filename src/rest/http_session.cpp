#include "rest/http_session.hpp"

#include <algorithm>
#include <utility>

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/string.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <fmt/format.h>

#include "common/logging.hpp"
#include "common/strings.hpp"
#include "rest/error_mapping.hpp"
#include "rest/request_forwarder.hpp"

namespace copycat::rest {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;

namespace {

// How long a closing connection keeps reading (and discarding) what the client still sends, so
// the client sees the error response instead of a reset; for TLS, how long it waits for the
// client's close_notify.
constexpr std::chrono::milliseconds max_linger{2000};
// How long a request forwarded to another worker may take (Kafka's REST request timeout).
constexpr std::chrono::milliseconds forward_timeout{90'000};
// A refused request with a body up to this size has it read and dropped, so the connection stays
// open for the next request (a browser retrying with credentials); a larger body is never read.
constexpr std::uint64_t max_drained_body = 8 * 1024;

template <class Stream>
Stream make_stream(asio::ip::tcp::socket socket, asio::ssl::context* tls) {
    if constexpr (std::is_same_v<Stream, plain_stream>) {
        (void)tls;
        return Stream(std::move(socket));
    } else {
        return Stream(std::move(socket), *tls);
    }
}

bool is_write(std::string_view method) { return method == "POST" || method == "PUT" || method == "PATCH"; }

}  // namespace

bool is_json_media_type(std::string_view content_type) {
    const std::string_view type = trim(content_type.substr(0, content_type.find(';')));
    return iequals(type, "application/json");
}

template <class Stream>
basic_http_session<Stream>::basic_http_session(asio::ip::tcp::socket socket, const session_services& services,
                                               std::shared_ptr<listener_budget> budget, asio::ssl::context* tls,
                                               closed_fn on_closed)
    : stream_(make_stream<Stream>(std::move(socket), tls)),
      services_(services),
      budget_(std::move(budget)),
      on_closed_(std::move(on_closed)) {}

template <class Stream>
beast::tcp_stream& basic_http_session<Stream>::tcp() {
    return beast::get_lowest_layer(stream_);
}

template <class Stream>
void basic_http_session<Stream>::start() {
    asio::dispatch(stream_.get_executor(), [self = this->shared_from_this()] {
        if constexpr (is_tls) {
            self->phase_ = phase::handshaking;
            self->tcp().expires_after(self->services_.limits.read_timeout);
            self->stream_.async_handshake(asio::ssl::stream_base::server,
                                          [self](error_code ec) { self->on_handshake(ec); });
        } else {
            self->read_header();
        }
    });
}

template <class Stream>
void basic_http_session<Stream>::shutdown() {
    asio::post(stream_.get_executor(), [self = this->shared_from_this()] {
        self->stopping_ = true;
        if (self->phase_ == phase::reading || self->phase_ == phase::lingering || self->phase_ == phase::handshaking)
            self->close();
    });
}

template <class Stream>
void basic_http_session<Stream>::on_handshake(error_code ec) {
    if (phase_ == phase::closed) return;
    if (ec) {
        log::debug("REST TLS handshake failed: {}", ec.message());
        return close();
    }
    read_header();
}

template <class Stream>
void basic_http_session<Stream>::read_header() {
    phase_ = phase::reading;
    policy_headers_.clear();
    parser_.emplace();
    parser_->body_limit(services_.limits.body_limit);
    tcp().expires_after(services_.limits.read_timeout);
    http::async_read_header(stream_, buffer_, *parser_,
                            [self = this->shared_from_this()](error_code ec, std::size_t) { self->on_header(ec); });
}

template <class Stream>
void basic_http_session<Stream>::on_header(error_code ec) {
    if (phase_ == phase::closed) return;
    if (ec) return on_read_error(ec);
    const auto& head = parser_->get();
    method_ = std::string(head.method_string());
    target_ = std::string(head.target());
    started_ = std::chrono::steady_clock::now();
    keep_alive_ = head.keep_alive();
    pending_ = request{};
    pending_.method = method_;
    pending_.target = target_;
    pending_.headers.reserve(static_cast<std::size_t>(std::distance(head.begin(), head.end())));
    for (const auto& field : head)
        pending_.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    match_ = services_.routes->find(method_, target_);

    if (auto refused = refusal()) {
        if (parser_->is_done() || !keep_alive_ || stopping_) return write(std::move(*refused), !keep_alive_ || stopping_);
        const auto length = parser_->content_length();
        const bool awaits_continue = beast::iequals(head[http::field::expect], "100-continue");
        if (!length || *length > max_drained_body || awaits_continue) {
            return write(std::move(*refused), true);  // the body stays unread: the connection closes
        }
        parser_->body_limit(max_drained_body);
        http::async_read(stream_, buffer_, *parser_,
                         [self = this->shared_from_this(), refused = std::move(*refused)](error_code rec,
                                                                                          std::size_t) mutable {
                             if (self->phase_ == phase::closed) return;
                             if (rec) return self->close();
                             self->write(std::move(refused), false);
                         });
        return;
    }
    if (!parser_->is_done() && beast::iequals(head[http::field::expect], "100-continue")) {
        continue_ = {};
        continue_.version(11);
        continue_.result(http::status::continue_);
        http::async_write(stream_, continue_, [self = this->shared_from_this()](error_code wec, std::size_t) {
            if (self->phase_ == phase::closed) return;
            if (wec) return self->close();
            self->read_body();
        });
        return;
    }
    read_body();
}

template <class Stream>
std::optional<response> basic_http_session<Stream>::refusal() {
    if (!match_.found()) {
        auto error = match_.error();
        if (error.status == 400) return error;  // a target that could mean another route
    }
    if (services_.cors != nullptr) {
        auto decision = services_.cors->inspect(pending_);
        policy_headers_ = std::move(decision.headers);
        if (decision.preflight) return empty_response(204);
    }
    if (services_.auth != nullptr && !services_.auth->allows(match_, pending_)) {
        log::debug("REST {} {} refused: no valid credentials", method_, target_);
        return basic_auth::challenge();
    }
    if (!match_.found()) return match_.error();
    const bool has_body = !parser_->is_done();
    if (has_body && is_write(method_)) {
        const auto type = pending_.header("Content-Type");
        if (!type || !is_json_media_type(*type)) return error_response(415, "HTTP 415 Unsupported Media Type");
    }
    if (has_body && budget_ != nullptr) {
        const auto length = parser_->content_length();
        const std::size_t bytes = length ? static_cast<std::size_t>(*length) : services_.limits.body_limit;
        if (bytes > services_.limits.body_limit) {
            return error_response(413, fmt::format("Request body is larger than the limit of {} bytes",
                                                   services_.limits.body_limit));
        }
        if (!budget_->reserve_body(bytes)) {
            log::warn("REST {} {} refused: the listener already holds {} bytes of request bodies", method_, target_,
                      budget_->max_body_bytes());
            return error_response(503, "Too many request bytes in flight; retry later")
                .with_header("Retry-After", "1");
        }
        reserved_body_ = bytes;
    }
    return std::nullopt;
}

template <class Stream>
void basic_http_session<Stream>::release_body_budget() {
    if (reserved_body_ != 0 && budget_ != nullptr) budget_->release_body(reserved_body_);
    reserved_body_ = 0;
}

template <class Stream>
void basic_http_session<Stream>::read_body() {
    http::async_read(stream_, buffer_, *parser_,
                     [self = this->shared_from_this()](error_code ec, std::size_t) { self->on_body(ec); });
}

template <class Stream>
void basic_http_session<Stream>::on_body(error_code ec) {
    if (phase_ == phase::closed) return;
    if (ec) return on_read_error(ec);
    handle_request();
}

template <class Stream>
void basic_http_session<Stream>::on_read_error(error_code ec) {
    if (ec == http::error::end_of_stream || ec == http::error::partial_message) return close();  // client left
    if (ec == beast::error::timeout) {
        log::debug("REST connection idle or too slow for {} ms; dropping it", services_.limits.read_timeout.count());
        return close();
    }
    if (ec.category() != http::make_error_code(http::error::bad_method).category()) return close();  // I/O error

    // The bytes received are not a request we accept: answer once and close.
    started_ = std::chrono::steady_clock::now();
    if (parser_ && parser_->is_header_done()) {
        method_ = std::string(parser_->get().method_string());
        target_ = std::string(parser_->get().target());
    } else {
        method_ = "-";
        target_ = "-";
    }
    if (ec == http::error::body_limit) {
        return write(error_response(413, fmt::format("Request body is larger than the limit of {} bytes",
                                                     services_.limits.body_limit)),
                     true);
    }
    if (ec == http::error::header_limit) return write(error_response(431, "Request header fields are too large"), true);
    write(error_response(400, fmt::format("Malformed HTTP request: {}", ec.message())), true);
}

template <class Stream>
void basic_http_session<Stream>::handle_request() {
    phase_ = phase::handling;
    tcp().expires_never();
    auto msg = parser_->release();
    parser_.reset();
    keep_alive_ = msg.keep_alive();

    request req = std::move(pending_);
    req.body = std::move(msg.body());

    const std::uint64_t seq = ++seq_;
    std::weak_ptr<basic_http_session> weak = this->shared_from_this();
    responder respond([weak, gate = services_.gate, seq](response r) {
        gate->run_if_open([&] {
            if (auto self = weak.lock()) {
                auto exec = self->stream_.get_executor();
                asio::post(exec, [self = std::move(self), seq, r = std::move(r)]() mutable {
                    self->deliver(seq, std::move(r));
                });
            }
        });
    });
    responder forwarding = forwarding_responder(req, std::move(respond), forward_timeout, stream_.get_executor());
    services_.routes->dispatch(std::move(match_), std::move(req), std::move(forwarding));
}

template <class Stream>
void basic_http_session<Stream>::deliver(std::uint64_t seq, response r) {
    if (phase_ != phase::handling || seq != seq_) return;
    write(std::move(r), !keep_alive_ || stopping_);
}

template <class Stream>
void basic_http_session<Stream>::write(response r, bool close_after) {
    phase_ = phase::writing;
    release_body_budget();
    if (r.status < 200 || r.status > 999) {
        log::error("REST handler for {} {} answered with invalid status {}", method_, target_, r.status);
        r = error_response(500, fmt::format("Request handler produced an invalid HTTP status {}", r.status));
    }
    const int status = r.status;
    const auto elapsed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_);
    if (!method_.empty()) log::debug("REST {} {} {} {}ms", method_, target_, status, elapsed.count());

    out_ = {};
    out_.version(11);
    out_.result(static_cast<unsigned>(status));
    for (auto& [name, value] : r.headers) out_.insert(name, value);
    for (auto& [name, value] : policy_headers_) {
        if (out_.find(name) == out_.end()) out_.insert(name, value);
    }
    out_.keep_alive(!close_after);
    if (status == 204 || status == 304) {
        out_.body() = nullptr;  // these responses carry neither a body nor a Content-Length
    } else {
        if (!r.content_type.empty()) out_.set(http::field::content_type, r.content_type);
        out_.body() = r.shared_body ? std::move(r.shared_body) : std::make_shared<const std::string>(std::move(r.body));
        out_.prepare_payload();
        if (method_ == "HEAD") out_.body() = nullptr;  // the GET's headers, Content-Length included, no body
    }
    tcp().expires_after(services_.limits.read_timeout);
    http::async_write(stream_, out_, [self = this->shared_from_this(), close_after](error_code ec, std::size_t) {
        self->on_write(close_after, ec);
    });
}

template <class Stream>
void basic_http_session<Stream>::on_write(bool close_after, error_code ec) {
    if (phase_ == phase::closed) return;
    method_.clear();
    if (ec) return close();
    if (close_after || stopping_) return linger();
    read_header();
}

template <class Stream>
void basic_http_session<Stream>::linger() {
    phase_ = phase::lingering;
    if (stopping_) return close();
    tcp().expires_after(std::min(services_.limits.read_timeout, max_linger));
    if constexpr (is_tls) {
        // close_notify, then wait (bounded) for the client's; the connection closes either way.
        stream_.async_shutdown([self = this->shared_from_this()](error_code) { self->close(); });
    } else {
        error_code ignored;
        stream_.socket().shutdown(asio::ip::tcp::socket::shutdown_send, ignored);
        buffer_.clear();
        stream_.async_read_some(buffer_.prepare(4096), [self = this->shared_from_this()](error_code rec, std::size_t) {
            self->on_drain(rec);
        });
    }
}

template <class Stream>
void basic_http_session<Stream>::on_drain(error_code ec) {
    if (phase_ == phase::closed) return;
    if (ec) return close();
    buffer_.clear();
    stream_.async_read_some(buffer_.prepare(4096),
                            [self = this->shared_from_this()](error_code rec, std::size_t) { self->on_drain(rec); });
}

template <class Stream>
void basic_http_session<Stream>::close() {
    if (phase_ == phase::closed) return;
    phase_ = phase::closed;
    release_body_budget();
    error_code ignored;
    tcp().socket().shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    tcp().close();
    if (on_closed_) {
        auto notify = std::move(on_closed_);
        on_closed_ = nullptr;
        notify(this);
    }
}

template class basic_http_session<plain_stream>;
template class basic_http_session<tls_stream>;

}  // namespace copycat::rest
