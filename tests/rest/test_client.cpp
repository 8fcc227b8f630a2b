#include "rest/test_client.hpp"

#include <algorithm>
#include <cctype>
#include <functional>

#include <boost/asio/buffer.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>

namespace copycat::rest::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

json::value http_reply::json() const {
    auto parsed = json::parse(body);
    return parsed ? *parsed : json::value("<not JSON: " + body + ">");
}

std::string http_reply::header(const std::string& lower_name) const {
    const auto it = headers.find(lower_name);
    return it == headers.end() ? std::string{} : it->second;
}

test_client::test_client(std::uint16_t port, std::chrono::milliseconds deadline) : stream_(ioc_), deadline_(deadline) {
    stream_.expires_after(deadline_);
    stream_.async_connect(asio::ip::tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), [](beast::error_code) {});
    run(deadline_);
}

bool test_client::run(std::chrono::milliseconds deadline) {
    ioc_.restart();
    ioc_.run_for(deadline + std::chrono::seconds(1));  // the stream's own timer fires first
    return ioc_.stopped();
}

http_reply test_client::request(std::string_view method, std::string_view target, std::string body,
                                std::vector<std::pair<std::string, std::string>> headers) {
    http::request<http::string_body> req;
    req.method_string(method);
    req.target(target);
    req.version(11);
    req.set(http::field::host, "127.0.0.1");
    for (const auto& [name, value] : headers) req.set(name, value);
    if (!body.empty() && req[http::field::content_type].empty()) req.set(http::field::content_type, "application/json");
    req.body() = std::move(body);
    req.prepare_payload();

    beast::error_code ec;
    stream_.expires_after(deadline_);
    http::async_write(stream_, req, [&](beast::error_code e, std::size_t) { ec = e; });
    run(deadline_);
    if (ec) return http_reply{0, {}, {}, false, "write: " + ec.message()};
    return read_reply(method == "HEAD");
}

bool test_client::send_raw(std::string_view bytes) {
    beast::error_code ec;
    stream_.expires_after(deadline_);
    asio::async_write(stream_, asio::buffer(bytes.data(), bytes.size()),
                      [&](beast::error_code e, std::size_t) { ec = e; });
    run(deadline_);
    return !ec;
}

http_reply test_client::read_reply(bool head) {
    http::response_parser<http::string_body> parser;
    parser.body_limit(boost::none);
    parser.skip(head);  // the answer to HEAD has the GET's Content-Length and no body
    beast::error_code ec;
    stream_.expires_after(deadline_);
    http::async_read(stream_, buffer_, parser, [&](beast::error_code e, std::size_t) { ec = e; });
    run(deadline_);
    auto res = parser.release();
    http_reply out;
    if (ec) {
        out.error = "read: " + ec.message();
        return out;
    }
    out.status = static_cast<int>(res.result_int());
    out.keep_alive = res.keep_alive();
    for (const auto& field : res) {
        std::string name(field.name_string());
        std::transform(name.begin(), name.end(), name.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        out.headers[name] = std::string(field.value());
    }
    out.body = std::move(res.body());
    return out;
}

bool test_client::wait_closed(std::chrono::milliseconds deadline) {
    bool closed = false;
    bool done = false;
    char scratch[512];
    stream_.expires_after(deadline);
    std::function<void(beast::error_code, std::size_t)> on_read = [&](beast::error_code ec, std::size_t) {
        if (ec) {
            closed = ec != beast::error::timeout;
            done = true;
            return;
        }
        stream_.async_read_some(asio::buffer(scratch), on_read);
    };
    stream_.async_read_some(asio::buffer(scratch), on_read);
    run(deadline);
    return done && closed;
}

}  // namespace copycat::rest::testing
