#include "net/http_client.hpp"

#include <openssl/ssl.h>

#include <cctype>
#include <memory>
#include <mutex>
#include <optional>
#include <type_traits>
#include <utility>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/error.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>

#include "net/tls_context.hpp"

namespace copycat::net {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace ssl = boost::asio::ssl;
using tcp = boost::asio::ip::tcp;

struct url_parts {
    bool https = false;
    std::string host;
    std::string port;
    std::string target;
};

result<url_parts> split_url(std::string_view url) {
    url_parts out;
    std::string_view rest;
    if (url.starts_with("http://")) {
        rest = url.substr(7);
    } else if (url.starts_with("https://")) {
        out.https = true;
        rest = url.substr(8);
    } else {
        return make_error(errc::invalid_argument, "Not an http(s) URL: " + std::string(url));
    }
    const std::string default_port = out.https ? "443" : "80";
    const auto slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    out.target = slash == std::string_view::npos ? "/" : std::string(rest.substr(slash));
    if (authority.starts_with('[')) {  // [v6]:port
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return make_error(errc::invalid_argument, "Bad URL: " + std::string(url));
        out.host = std::string(authority.substr(1, close - 1));
        authority = authority.substr(close + 1);
        out.port = authority.starts_with(':') ? std::string(authority.substr(1)) : default_port;
    } else {
        const auto colon = authority.rfind(':');
        out.host = std::string(authority.substr(0, colon));
        out.port = colon == std::string_view::npos ? default_port : std::string(authority.substr(colon + 1));
    }
    if (out.host.empty() || out.port.empty()) return make_error(errc::invalid_argument, "Bad URL: " + std::string(url));
    return out;
}

// The client TLS context of https calls (configure_https_client), built on first use otherwise.
struct client_tls {
    std::mutex mutex;  // guards context, verify_host
    tls_context_ptr context;
    bool verify_host = true;
};

client_tls& shared_client_tls() {
    static client_tls tls;
    return tls;
}

result<std::pair<tls_context_ptr, bool>> client_context() {
    auto& tls = shared_client_tls();
    std::lock_guard lock(tls.mutex);
    if (!tls.context) {
        tls_settings defaults;
        COPYCAT_TRY(tls.context, make_client_tls_context(defaults));
        tls.verify_host = verifies_host_name(defaults);
    }
    return std::pair{tls.context, tls.verify_host};
}

// Takes the call's body: it may be large (a forwarded REST request) and is sent once.
http::request<http::string_body> make_request(http_call& call, const url_parts& parts) {
    http::request<http::string_body> req{http::string_to_verb(call.method), parts.target, 11};
    const bool v6 = parts.host.find(':') != std::string::npos;
    req.set(http::field::host, (v6 ? "[" + parts.host + "]" : parts.host) + ":" + parts.port);
    req.set(http::field::user_agent, "copycat");
    req.set(http::field::accept, "application/json");
    for (const auto& [name, value] : call.headers) req.set(name, value);
    if (!call.body.empty() && req.find(http::field::content_type) == req.end())
        req.set(http::field::content_type, "application/json");
    req.body() = std::move(call.body);
    req.prepare_payload();
    return req;
}

// One HTTP exchange, asynchronous on the caller's executor: resolve, connect, (TLS handshake),
// write, read. `timeout` bounds the connect (and handshake), then the write and read; `done` is
// called once, from the executor. The operation keeps itself alive through its handlers.
template <class Stream>
class http_exchange : public std::enable_shared_from_this<http_exchange<Stream>> {
public:
    static constexpr bool is_tls = !std::is_same_v<Stream, beast::tcp_stream>;

    http_exchange(boost::asio::any_io_executor executor, http_call call, url_parts parts, http_done done)
        requires(!is_tls)
        : call_(std::move(call)),
          parts_(std::move(parts)),
          done_(std::move(done)),
          resolver_(executor),
          stream_(executor) {}

    // `verify_host`: check the server's certificate against the host name.
    http_exchange(boost::asio::any_io_executor executor, http_call call, url_parts parts, http_done done,
                  tls_context_ptr tls, bool verify_host)
        requires(is_tls)
        : call_(std::move(call)),
          parts_(std::move(parts)),
          done_(std::move(done)),
          tls_(std::move(tls)),
          verify_host_(verify_host),
          resolver_(executor),
          stream_(executor, *tls_) {}

    void start() {
        if (auto prepared = prepare_tls(); !prepared) {
            boost::asio::post(resolver_.get_executor(),
                              [self = this->shared_from_this(), e = prepared.err()] { self->finish(e); });
            return;
        }
        auto self = this->shared_from_this();
        resolver_.async_resolve(parts_.host, parts_.port, [self](beast::error_code ec, tcp::resolver::results_type at) {
            self->on_resolve(ec, at);
        });
    }

private:
    // TLS: the server name to present and the host name check.
    result<void> prepare_tls() {
        if constexpr (is_tls) {
            beast::error_code ec;
            boost::asio::ip::make_address(parts_.host, ec);
            const bool is_address = !ec;
            if (!is_address && !SSL_set_tlsext_host_name(stream_.native_handle(), parts_.host.c_str()))
                return make_error(errc::invalid_argument, "Cannot use " + parts_.host + " as the TLS server name");
            if (verify_host_) stream_.set_verify_callback(ssl::host_name_verification(parts_.host));
        }
        return {};
    }

    void on_resolve(beast::error_code ec, const tcp::resolver::results_type& at) {
        if (ec) return finish(make_error(errc::unavailable, "Cannot resolve " + parts_.host + ": " + ec.message()));
        auto& lowest = beast::get_lowest_layer(stream_);
        lowest.expires_after(call_.timeout);
        lowest.async_connect(at, [self = this->shared_from_this()](beast::error_code cec, const tcp::endpoint&) {
            self->on_connect(cec);
        });
    }

    void on_connect(beast::error_code ec) {
        if (ec) return finish(make_error(errc::unavailable, "Cannot connect to " + call_.url + ": " + ec.message()));
        if constexpr (is_tls) {
            stream_.async_handshake(ssl::stream_base::client, [self = this->shared_from_this()](beast::error_code hec) {
                self->on_handshake(hec);
            });
        } else {
            send();
        }
    }

    void on_handshake(beast::error_code ec) {
        if (ec == beast::error::timeout)
            return finish(make_error(errc::timeout, "No TLS handshake with " + call_.url + " in time"));
        if (ec) {
            const std::string why = "TLS handshake with " + call_.url + " failed: " + ec.message();
            return finish(make_error(errc::unavailable, why));
        }
        send();
    }

    void send() {
        request_ = make_request(call_, parts_);
        beast::get_lowest_layer(stream_).expires_after(call_.timeout);
        http::async_write(stream_, request_, [self = this->shared_from_this()](beast::error_code ec, std::size_t) {
            self->on_write(ec);
        });
    }

    void on_write(beast::error_code ec) {
        if (ec) return finish(make_error(errc::unavailable, "Cannot send to " + call_.url + ": " + ec.message()));
        auto self = this->shared_from_this();
        http::async_read(stream_, buffer_, response_,
                         [self](beast::error_code rec, std::size_t) { self->on_read(rec); });
    }

    void on_read(beast::error_code ec) {
        if (ec == beast::error::timeout)
            return finish(make_error(errc::timeout, "No answer from " + call_.url + " in time"));
        if (ec)
            return finish(
                make_error(errc::unavailable, "Cannot read the answer of " + call_.url + ": " + ec.message()));
        http_reply reply;
        reply.status = static_cast<int>(response_.result_int());
        reply.body = std::move(response_.body());
        for (const auto& field : response_)
            reply.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
        finish(std::move(reply));
        close();
    }

    // The answer is delivered before the connection is closed: a TLS close_notify may take a while.
    void close() {
        beast::error_code ignored;
        if constexpr (is_tls) {
            beast::get_lowest_layer(stream_).expires_after(std::chrono::seconds(1));
            // A peer that just closes is fine.
            stream_.async_shutdown([self = this->shared_from_this()](beast::error_code) {});
        } else {
            stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        }
    }

    void finish(result<http_reply> r) {
        if (auto done = std::exchange(done_, nullptr)) done(std::move(r));
    }

    http_call call_;
    url_parts parts_;
    http_done done_;
    tls_context_ptr tls_;  // outlives the stream that uses it
    bool verify_host_ = false;
    tcp::resolver resolver_;
    Stream stream_;
    http::request<http::string_body> request_;
    beast::flat_buffer buffer_;
    http::response<http::string_body> response_;
};

}  // namespace

result<void> configure_https_client(const tls_settings& settings) {
    COPYCAT_TRY(auto built, make_client_tls_context(settings));
    auto& tls = shared_client_tls();
    std::lock_guard lock(tls.mutex);
    tls.context = std::move(built);
    tls.verify_host = verifies_host_name(settings);
    return {};
}

std::string encode_path_segment(std::string_view segment) {
    static constexpr char hex[] = "0123456789ABCDEF";
    std::string out;
    for (unsigned char c : segment) {
        if (std::isalnum(c) || c == '-' || c == '.' || c == '_' || c == '~') {
            out += static_cast<char>(c);
        } else {
            out += '%';
            out += hex[c >> 4];
            out += hex[c & 15];
        }
    }
    return out;
}

std::string join_url(std::string_view base, std::string_view path_and_query) {
    std::string out(base);
    while (!out.empty() && out.back() == '/') out.pop_back();
    out += path_and_query;
    return out;
}

void async_http_request(boost::asio::any_io_executor executor, http_call call, http_done done) {
    auto fail = [&](error e) {
        boost::asio::post(executor, [done = std::move(done), e = std::move(e)]() mutable { done(std::move(e)); });
    };
    auto parts = split_url(call.url);
    if (!parts) return fail(parts.err());
    if (!parts->https) {
        using plain_exchange = http_exchange<beast::tcp_stream>;
        std::make_shared<plain_exchange>(executor, std::move(call), std::move(*parts), std::move(done))
            ->start();
        return;
    }
    auto ctx = client_context();
    if (!ctx) return fail(ctx.err());
    std::make_shared<http_exchange<beast::ssl_stream<beast::tcp_stream>>>(
        executor, std::move(call), std::move(*parts), std::move(done), ctx->first, ctx->second)
        ->start();
}

result<http_reply> http_request(const http_call& call) {
    boost::asio::io_context io;
    std::optional<result<http_reply>> out;
    async_http_request(io.get_executor(), call, [&out](result<http_reply> r) { out = std::move(r); });
    io.run();  // until the answer and the connection's close
    return std::move(*out);
}

}  // namespace copycat::net
