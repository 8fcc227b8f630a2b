// net::async_http_request against a minimal server on 127.0.0.1 port 0: the answer arrives on the
// caller's executor; a server that never answers gives errc::timeout after the call's timeout.
#include <catch2/catch.hpp>

#include <chrono>
#include <future>
#include <string>
#include <thread>

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/read_until.hpp>
#include <boost/asio/streambuf.hpp>
#include <boost/asio/write.hpp>

#include "net/http_client.hpp"
#include "net/io_thread.hpp"

using namespace copycat;
using namespace std::chrono_literals;
using tcp = boost::asio::ip::tcp;

namespace {

constexpr auto deadline = 10s;

// Accepts one connection on its own thread, reads the request head and, unless `silent`, answers
// 201 with a JSON body; a silent server holds the connection open until it is destroyed.
class one_shot_server {
public:
    explicit one_shot_server(bool silent)
        : acceptor_(io_, tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), 0)),
          thread_([this, silent] { serve(silent); }) {}
    ~one_shot_server() {
        release_.set_value();
        thread_.join();
    }
    std::string url() const { return "http://127.0.0.1:" + std::to_string(acceptor_.local_endpoint().port()) + "/x"; }
    std::string request_head() { return head_.get_future().get(); }

private:
    void serve(bool silent) {
        tcp::socket socket(io_);
        acceptor_.accept(socket);
        boost::asio::streambuf buffer;
        boost::asio::read_until(socket, buffer, "\r\n\r\n");
        head_.set_value(std::string(boost::asio::buffers_begin(buffer.data()), boost::asio::buffers_end(buffer.data())));
        if (!silent) {
            const std::string answer =
                "HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nContent-Length: 11\r\n"
                "Connection: close\r\n\r\n{\"ok\":true}";
            boost::asio::write(socket, boost::asio::buffer(answer));
        }
        release_.get_future().wait();
    }

    boost::asio::io_context io_;
    tcp::acceptor acceptor_;
    std::promise<std::string> head_;
    std::promise<void> release_;
    std::thread thread_;
};

}  // namespace

TEST_CASE("async_http_request: the answer arrives on the caller's executor") {
    one_shot_server server(false);
    net::io_thread io;
    std::promise<std::pair<result<net::http_reply>, bool>> answered;
    net::async_http_request(io.executor(), {.method = "POST", .url = server.url(), .body = "{}"},
                            [&](result<net::http_reply> r) {
                                answered.set_value({std::move(r), io.executor().running_in_this_thread()});
                            });
    auto f = answered.get_future();
    REQUIRE(f.wait_for(deadline) == std::future_status::ready);
    auto [reply, on_executor] = f.get();
    CHECK(on_executor);
    REQUIRE(reply.ok());
    CHECK(reply->status == 201);
    CHECK(reply->body == R"({"ok":true})");
    CHECK(server.request_head().starts_with("POST /x HTTP/1.1\r\n"));
}

TEST_CASE("async_http_request: a server that does not answer in time gives errc::timeout") {
    one_shot_server server(true);
    net::io_thread io;
    std::promise<result<net::http_reply>> answered;
    net::async_http_request(io.executor(), {.url = server.url(), .timeout = 200ms},
                            [&](result<net::http_reply> r) { answered.set_value(std::move(r)); });
    auto f = answered.get_future();
    REQUIRE(f.wait_for(deadline) == std::future_status::ready);
    auto reply = f.get();
    REQUIRE_FALSE(reply.ok());
    CHECK(reply.err().code == make_error_code(errc::timeout));
}

TEST_CASE("async_http_request: a bad URL is answered on the executor too") {
    net::io_thread io;
    std::promise<result<net::http_reply>> answered;
    net::async_http_request(io.executor(), {.url = "ftp://x/"},
                            [&](result<net::http_reply> r) { answered.set_value(std::move(r)); });
    auto f = answered.get_future();
    REQUIRE(f.wait_for(deadline) == std::future_status::ready);
    CHECK(f.get().err().code == make_error_code(errc::invalid_argument));
}
