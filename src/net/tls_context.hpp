#pragma once
// tls_context: builds the Asio (OpenSSL) contexts of the REST layer from tls_settings — a server
// context for https listeners (certificate chain and key, client authentication against the
// truststore) and a client context for https calls to other workers (the truststore, host name
// verification, and the keystore when the other side asks for a client certificate).
//
//   auto server_ctx = net::make_server_tls_context(settings);   // result<shared_ptr<ssl::context>>
//   auto client_ctx = net::make_client_tls_context(settings);
//
// Errors are invalid_argument naming the setting (unsupported store type, unreadable file, a key
// that does not match the certificate, an unknown protocol or cipher suite). A built context is
// immutable and shared by every connection; Asio contexts are thread-safe for that use.

#include <memory>

#include "common/result.hpp"
#include "net/tls_settings.hpp"

namespace boost::asio::ssl {
class context;
}

namespace copycat::net {

using tls_context_ptr = std::shared_ptr<boost::asio::ssl::context>;

result<tls_context_ptr> make_server_tls_context(const tls_settings& settings);
result<tls_context_ptr> make_client_tls_context(const tls_settings& settings);

// Whether the client context verifies host names (ssl.endpoint.identification.algorithm=https).
bool verifies_host_name(const tls_settings& settings);

}  // namespace copycat::net
