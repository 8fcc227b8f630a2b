#include "net/http_client.hpp"

#include <cctype>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>

namespace copycat::net {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
using tcp = boost::asio::ip::tcp;

struct url_parts {
    std::string host;
    std::string port;
    std::string target;
};

result<url_parts> split_url(std::string_view url) {
    constexpr std::string_view scheme = "http://";
    if (!url.starts_with(scheme)) return make_error(errc::invalid_argument, "Not an http URL: " + std::string(url));
    std::string_view rest = url.substr(scheme.size());
    const auto slash = rest.find('/');
    std::string_view authority = rest.substr(0, slash);
    url_parts out;
    out.target = slash == std::string_view::npos ? "/" : std::string(rest.substr(slash));
    if (authority.starts_with('[')) {  // [v6]:port
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return make_error(errc::invalid_argument, "Bad URL: " + std::string(url));
        out.host = std::string(authority.substr(1, close - 1));
        authority = authority.substr(close + 1);
        out.port = authority.starts_with(':') ? std::string(authority.substr(1)) : "80";
    } else {
        const auto colon = authority.rfind(':');
        out.host = std::string(authority.substr(0, colon));
        out.port = colon == std::string_view::npos ? "80" : std::string(authority.substr(colon + 1));
    }
    if (out.host.empty() || out.port.empty())
        return make_error(errc::invalid_argument, "Bad URL: " + std::string(url));
    return out;
}

}  // namespace

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
    beast::tcp_stream stream(io);
    beast::error_code ec;
    tcp::resolver resolver(io);
    const auto endpoints = resolver.resolve(parts->host, parts->port, ec);
    if (ec) return make_error(errc::unavailable, "Cannot resolve " + parts->host + ": " + ec.message());
    stream.expires_after(call.timeout);
    stream.connect(endpoints, ec);
    if (ec) return make_error(errc::unavailable, "Cannot connect to " + call.url + ": " + ec.message());

    http::request<http::string_body> req{http::string_to_verb(call.method), parts->target, 11};
    req.set(http::field::host, parts->host + ":" + parts->port);
    req.set(http::field::user_agent, "copycat");
    req.set(http::field::accept, "application/json");
    for (const auto& [name, value] : call.headers) req.set(name, value);
    if (!call.body.empty() && req.find(http::field::content_type) == req.end())
        req.set(http::field::content_type, "application/json");
    req.body() = call.body;
    req.prepare_payload();

    stream.expires_after(call.timeout);
    http::write(stream, req, ec);
    if (ec) return make_error(errc::unavailable, "Cannot send to " + call.url + ": " + ec.message());
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res, ec);
    if (ec == beast::error::timeout) return make_error(errc::timeout, "No answer from " + call.url + " in time");
    if (ec) return make_error(errc::unavailable, "Cannot read the answer of " + call.url + ": " + ec.message());
    stream.socket().shutdown(tcp::socket::shutdown_both, ec);

    http_reply reply;
    reply.status = static_cast<int>(res.result_int());
    reply.body = std::move(res.body());
    for (const auto& field : res) reply.headers.emplace_back(std::string(field.name_string()), std::string(field.value()));
    return reply;
}

}  // namespace copycat::net
