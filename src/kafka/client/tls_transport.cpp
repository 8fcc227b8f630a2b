#include "kafka/client/tls_transport.hpp"

#include <openssl/ssl.h>

#include <string>
#include <utility>

#include <boost/asio/buffer.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/asio/write.hpp>

namespace copycat::kafka_client {

namespace asio = boost::asio;
namespace ssl = boost::asio::ssl;
using asio::ip::tcp;

result<std::shared_ptr<ssl::context>> make_tls_context(const tls_options& options) {
    auto context = std::make_shared<ssl::context>(ssl::context::tls_client);
    boost::system::error_code ec;
    const auto bad = [&](const std::string& what, const std::string& file) {
        return make_error(errc::invalid_argument, "TLS " + what + " '" + file + "': " + ec.message());
    };
    context->set_options(ssl::context::default_workarounds | ssl::context::no_sslv2 | ssl::context::no_sslv3 |
                             ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1,
                         ec);
    context->set_verify_mode(ssl::verify_peer, ec);
    if (!options.ca_pem.empty()) {
        if (context->add_certificate_authority(asio::buffer(options.ca_pem), ec); ec) return bad("CA", "ssl.ca.pem");
    } else if (options.ca_file.empty()) {
        context->set_default_verify_paths(ec);
        if (ec) return bad("default trust store", "");
    } else if (context->load_verify_file(options.ca_file, ec); ec) {
        return bad("CA file", options.ca_file);
    }
    if (!options.key_password.empty()) {
        context->set_password_callback(
            [password = options.key_password](std::size_t, ssl::context::password_purpose) { return password; }, ec);
    }
    if (!options.certificate_pem.empty()) {
        if (context->use_certificate_chain(asio::buffer(options.certificate_pem), ec); ec)
            return bad("certificate", "ssl.certificate.pem");
        if (context->use_private_key(asio::buffer(options.key_pem), ssl::context::pem, ec); ec)
            return bad("key", "ssl.key.pem");
    } else if (!options.cert_file.empty()) {
        if (context->use_certificate_chain_file(options.cert_file, ec); ec) {
            return bad("certificate file", options.cert_file);
        }
        const std::string& key = options.key_file.empty() ? options.cert_file : options.key_file;
        if (context->use_private_key_file(key, ssl::context::pem, ec); ec) {
            return bad("key file", key);
        }
    }
    return context;
}

tls_transport::tls_transport(asio::any_io_executor executor, std::shared_ptr<ssl::context> context,
                             bool verify_hostname)
    : context_(std::move(context)),
      verify_hostname_(verify_hostname),
      resolver_(executor),
      stream_(executor, *context_) {}

void tls_transport::async_connect(const broker_address& address, connect_handler handler) {
    boost::system::error_code not_ip;
    asio::ip::make_address(address.host, not_ip);
    if (not_ip) {  // SNI takes names only
        SSL_set_tlsext_host_name(stream_.native_handle(), address.host.c_str());
    }
    if (verify_hostname_) {
        stream_.set_verify_callback(ssl::host_name_verification(address.host));
    }
    resolver_.async_resolve(
        address.host, std::to_string(address.port),
        [this, handler = std::move(handler)](const boost::system::error_code& ec,
                                             tcp::resolver::results_type endpoints) mutable {
            if (ec) {
                handler(std::error_code(ec));
                return;
            }
            asio::async_connect(stream_.lowest_layer(), endpoints,
                                [this, handler = std::move(handler)](const boost::system::error_code& connect_ec,
                                                                     const tcp::endpoint&) mutable {
                                    if (connect_ec) {
                                        handler(std::error_code(connect_ec));
                                        return;
                                    }
                                    boost::system::error_code ignored;
                                    stream_.lowest_layer().set_option(tcp::no_delay(true), ignored);
                                    stream_.async_handshake(
                                        ssl::stream_base::client,
                                        [handler = std::move(handler)](const boost::system::error_code& handshake_ec) {
                                            handler(std::error_code(handshake_ec));
                                        });
                                });
        });
}

void tls_transport::async_write(std::span<const std::byte> data, io_handler handler) {
    asio::async_write(stream_, asio::buffer(data.data(), data.size()),
                      [handler = std::move(handler)](const boost::system::error_code& ec, std::size_t n) {
                          handler(std::error_code(ec), n);
                      });
}

void tls_transport::async_read_some(std::span<std::byte> buffer, io_handler handler) {
    stream_.async_read_some(asio::buffer(buffer.data(), buffer.size()),
                            [handler = std::move(handler)](const boost::system::error_code& ec, std::size_t n) {
                                handler(std::error_code(ec), n);
                            });
}

void tls_transport::close() noexcept {
    resolver_.cancel();
    boost::system::error_code ignored;
    stream_.lowest_layer().shutdown(tcp::socket::shutdown_both, ignored);
    stream_.lowest_layer().close(ignored);
}

}  // namespace copycat::kafka_client
