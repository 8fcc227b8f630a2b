#pragma once
// tls_proxy: terminates TLS on 127.0.0.1 (port 0) with a test certificate and relays the bytes
// to a plaintext upstream (a fake_broker), so broker_connection's TLS transport can be tested
// against the same fake as everything else.
//
// Threading: its own io_context and thread; public methods are thread-safe.

#include <cstddef>
#include <memory>

#include "kafka/client/broker_address.hpp"
#include "test_certificate.hpp"

namespace copycat::kafka_client::testing {

class tls_proxy {
public:
    tls_proxy(const test_certificate& certificate, broker_address upstream);
    ~tls_proxy();
    tls_proxy(const tls_proxy&) = delete;
    tls_proxy& operator=(const tls_proxy&) = delete;

    broker_address address() const;
    // TLS handshakes that completed.
    std::size_t handshakes() const;

private:
    struct impl;
    std::shared_ptr<impl> impl_;
};

}  // namespace copycat::kafka_client::testing
