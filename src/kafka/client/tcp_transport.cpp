#include "kafka/client/tcp_transport.hpp"

#include <string>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/write.hpp>

namespace copycat::kafka_client {

namespace asio = boost::asio;
using asio::ip::tcp;

tcp_transport::tcp_transport(asio::any_io_executor executor) : resolver_(executor), socket_(executor) {}

void tcp_transport::async_connect(const broker_address& address, connect_handler handler) {
    resolver_.async_resolve(address.host, std::to_string(address.port),
                            [this, handler = std::move(handler)](const boost::system::error_code& ec,
                                                                 tcp::resolver::results_type endpoints) mutable {
                                if (ec) {
                                    handler(std::error_code(ec));
                                    return;
                                }
                                asio::async_connect(
                                    socket_, endpoints,
                                    [this, handler = std::move(handler)](const boost::system::error_code& connect_ec,
                                                                         const tcp::endpoint&) {
                                        if (!connect_ec) {
                                            boost::system::error_code ignored;
                                            socket_.set_option(tcp::no_delay(true), ignored);
                                        }
                                        handler(std::error_code(connect_ec));
                                    });
                            });
}

void tcp_transport::async_write(std::span<const std::byte> data, io_handler handler) {
    asio::async_write(socket_, asio::buffer(data.data(), data.size()),
                      [handler = std::move(handler)](const boost::system::error_code& ec, std::size_t n) {
                          handler(std::error_code(ec), n);
                      });
}

void tcp_transport::async_read_some(std::span<std::byte> buffer, io_handler handler) {
    socket_.async_read_some(asio::buffer(buffer.data(), buffer.size()),
                            [handler = std::move(handler)](const boost::system::error_code& ec, std::size_t n) {
                                handler(std::error_code(ec), n);
                            });
}

void tcp_transport::close() noexcept {
    resolver_.cancel();
    boost::system::error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
}

}  // namespace copycat::kafka_client
