#pragma once
// transport: the byte stream under a broker_connection. tcp_transport is plain TCP; a TLS
// transport (asio::ssl::stream over the same socket) implements the same four operations, doing
// its handshake inside async_connect.
//
// Ownership and threading: owned by one broker_connection and used only on that connection's
// strand; completion handlers run on the executor the transport was created with (that strand).
// At most one read and one write are outstanding at a time.

#include <cstddef>
#include <functional>
#include <span>
#include <system_error>

#include "kafka/client/broker_address.hpp"

namespace copycat::kafka_client {

class transport {
public:
    using connect_handler = std::function<void(std::error_code)>;
    using io_handler = std::function<void(std::error_code, std::size_t)>;

    virtual ~transport() = default;

    // Resolves `address` and connects to the first endpoint that accepts (and, for TLS,
    // completes the handshake). No timeout of its own: the caller closes the transport.
    virtual void async_connect(const broker_address& address, connect_handler handler) = 0;
    // Writes all of `data`, which must stay valid until the handler runs.
    virtual void async_write(std::span<const std::byte> data, io_handler handler) = 0;
    // Reads at least one byte into `buffer` (valid until the handler runs).
    virtual void async_read_some(std::span<std::byte> buffer, io_handler handler) = 0;
    // Cancels outstanding operations (their handlers get an error) and closes. Idempotent.
    virtual void close() noexcept = 0;
};

}  // namespace copycat::kafka_client
