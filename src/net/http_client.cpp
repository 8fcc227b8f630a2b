#include "net/http_client.hpp"

#include <openssl/ssl.h>

#include <cctype>
#include <mutex>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ip/tcp.hpp>
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
    std::mutex mutex;
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
        auto built = make_client_tls_context(defaults);
        if (!built) return built.err();
        tls.context = *built;
        tls.verify_host = verifies_host_name(defaults);
    }
    return std::pair{tls.context, tls.verify_host};
}

http::request<http::string_body> make_request(const http_call& call, const url_parts& parts) {
    http::request<http::string_body> req{http::string_to_verb(call.method), parts.target, 11};
    const bool v6 = parts.host.find(':') != std::string::npos;
    req.set(http::field::host, (v6 ? "[" + parts.host + "]" : parts.host) + ":" + parts.port);
    req.set(http::field::user_agent, "copycat");
    req.set(http::field::accept, "application/json");
    for (const auto& [name, value] : call.headers) req.set(name, value);
    if (!call.body.empty() && req.find(http::field::content_type) == req.end())
        req.set(http::field::content_type, "application/json");
    req.body() = call.body;
    req.prepare_payload();
    return req;
}

// Writes the request and reads the answer on a connected (and, for https, handshaken) stream.
template <class Stream>
result<http_reply> exchange(Stream& stream, const http_call& call, const url_parts& parts) {
    auto req = make_request(call, parts);
    beast::error_code ec;
    beast::get_lowest_layer(stream).expires_after(call.timeout);
    http::write(stream, req, ec);
    if (ec) return make_error(errc::unavailable, "Cannot send to " + call.url + ": " + ec.message());
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res, ec);
    if (ec == beast::error::timeout) return make_error(errc::timeout, "No answer from " + call.url + " in time");
    if (ec) return make_error(errc::unavailable, "Cannot read the answer of " + call.url + ": " + ec.message());
    http_reply reply;
    reply.status = static_cast<int>(res.result_int());
    reply.body = std::move(res.body());
    for (const auto& field : res)
        reply.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    return reply;
}

result<http_reply> plain_request(const http_call& call, const url_parts& parts, const tcp::resolver::results_type& at,
                                 boost::asio::io_context& io) {
    beast::tcp_stream stream(io);
    beast::error_code ec;
    stream.expires_after(call.timeout);
    stream.connect(at, ec);
    if (ec) return make_error(errc::unavailable, "Cannot connect to " + call.url + ": " + ec.message());
    auto reply = exchange(stream, call, parts);
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);
    return reply;
}

result<http_reply> tls_request(const http_call& call, const url_parts& parts, const tcp::resolver::results_type& at,
                               boost::asio::io_context& io) {
    auto ctx = client_context();
    if (!ctx) return ctx.err();
    beast::ssl_stream<beast::tcp_stream> stream(io, *ctx->first);
    beast::error_code ec;
    boost::asio::ip::make_address(parts.host, ec);
    const bool is_address = !ec;
    if (!is_address && !SSL_set_tlsext_host_name(stream.native_handle(), parts.host.c_str()))
        return make_error(errc::invalid_argument, "Cannot use " + parts.host + " as the TLS server name");
    if (ctx->second) stream.set_verify_callback(ssl::host_name_verification(parts.host));
    auto& lowest = beast::get_lowest_layer(stream);
    lowest.expires_after(call.timeout);
    lowest.connect(at, ec);
    if (ec) return make_error(errc::unavailable, "Cannot connect to " + call.url + ": " + ec.message());
    stream.handshake(ssl::stream_base::client, ec);
    if (ec == beast::error::timeout) return make_error(errc::timeout, "No TLS handshake with " + call.url + " in time");
    if (ec) return make_error(errc::unavailable, "TLS handshake with " + call.url + " failed: " + ec.message());
    auto reply = exchange(stream, call, parts);
    lowest.expires_after(std::chrono::seconds(1));
    stream.shutdown(ec);  // close_notify; a peer that just closes is fine
    return reply;
}

}  // namespace

result<void> configure_https_client(const tls_settings& settings) {
    auto built = make_client_tls_context(settings);
    if (!built) return built.err();
    auto& tls = shared_client_tls();
    std::lock_guard lock(tls.mutex);
    tls.context = *built;
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

result<http_reply> http_request(const http_call& call) {
    auto parts = split_url(call.url);
    if (!parts) return parts.err();
    boost::asio::io_context io;
    beast::error_code ec;
    tcp::resolver resolver(io);
    const auto endpoints = resolver.resolve(parts->host, parts->port, ec);
    if (ec) return make_error(errc::unavailable, "Cannot resolve " + parts->host + ": " + ec.message());
    return parts->https ? tls_request(call, *parts, endpoints, io) : plain_request(call, *parts, endpoints, io);
}

}  // namespace copycat::net
