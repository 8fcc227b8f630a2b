#pragma once
// tcp_transport: transport over a plain TCP socket (security.protocol=PLAINTEXT), with
// TCP_NODELAY as Kafka's clients set it.
//
// Ownership and threading: see transport.hpp; the socket and resolver use the executor given
// to the constructor (the owning connection's strand).

#include <memory>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/tcp.hpp>

#include "kafka/client/transport.hpp"

namespace copycat::kafka_client {

class tcp_transport final : public transport {
public:
    explicit tcp_transport(boost::asio::any_io_executor executor);

    void async_connect(const broker_address& address, connect_handler handler) override;
    void async_write(std::span<const std::byte> data, io_handler handler) override;
    void async_read_some(std::span<std::byte> buffer, io_handler handler) override;
    void close() noexcept override;

private:
    boost::asio::ip::tcp::resolver resolver_;
    boost::asio::ip::tcp::socket socket_;
};

}  // namespace copycat::kafka_client
