#pragma once
// tls_transport: transport over TLS (security.protocol SSL and SASL_SSL), with Boost.Asio's
// OpenSSL stream: the broker's certificate is verified against tls_options::ca_file (or the
// system's CAs) and, unless turned off, must name the host connected to; SNI carries that host
// name; a client certificate is presented when configured.
//
// Ownership and threading: see transport.hpp; all I/O uses the executor given to the
// constructor (the owning connection's strand).

#include <memory>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>

#include "common/result.hpp"
#include "kafka/client/connection_options.hpp"
#include "kafka/client/transport.hpp"

namespace copycat::kafka_client {

// A client TLS context from `options`: invalid_argument naming the file that does not load.
result<std::shared_ptr<boost::asio::ssl::context>> make_tls_context(const tls_options& options);

class tls_transport final : public transport {
public:
    tls_transport(boost::asio::any_io_executor executor, std::shared_ptr<boost::asio::ssl::context> context,
                  bool verify_hostname);

    void async_connect(const broker_address& address, connect_handler handler) override;
    void async_write(std::span<const std::byte> data, io_handler handler) override;
    void async_read_some(std::span<std::byte> buffer, io_handler handler) override;
    void close() noexcept override;

private:
    std::shared_ptr<boost::asio::ssl::context> context_;  // outlives the stream
    bool verify_hostname_;
    boost::asio::ip::tcp::resolver resolver_;
    boost::asio::ssl::stream<boost::asio::ip::tcp::socket> stream_;
};

}  // namespace copycat::kafka_client
