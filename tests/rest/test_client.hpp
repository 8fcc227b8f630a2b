#pragma once
// A small blocking HTTP/1.1 client for the REST tests: one connection to 127.0.0.1:<port>, every
// operation bounded by a deadline so a broken server fails a test instead of hanging it.

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include "common/json.hpp"

namespace copycat::rest::testing {

struct http_reply {
    int status = 0;  // 0 when no response arrived
    std::string body;
    std::map<std::string, std::string> headers;  // names in lower case
    bool keep_alive = false;
    std::string error;  // transport error, empty on success

    json::value json() const;
    std::string header(const std::string& lower_name) const;
};

class test_client {
public:
    explicit test_client(std::uint16_t port, std::chrono::milliseconds deadline = std::chrono::seconds(10));

    http_reply request(std::string_view method, std::string_view target, std::string body = {},
                       std::vector<std::pair<std::string, std::string>> headers = {});
    // Writes bytes as they are (a hand-made or partial request).
    bool send_raw(std::string_view bytes);
    // Reads one response (e.g. after send_raw).
    http_reply read_reply(bool head = false);
    // Reads until the server closes the connection; false if it is still open at the deadline.
    bool wait_closed(std::chrono::milliseconds deadline);

private:
    bool run(std::chrono::milliseconds deadline);

    boost::asio::io_context ioc_;
    boost::beast::tcp_stream stream_;
    boost::beast::flat_buffer buffer_;
    std::chrono::milliseconds deadline_;
};

}  // namespace copycat::rest::testing
