#include "tls_proxy.hpp"

#include <array>
#include <atomic>
#include <mutex>
#include <thread>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/ssl/context.hpp>
#include <boost/asio/ssl/stream.hpp>
#include <boost/asio/write.hpp>

namespace copycat::kafka_client::testing {

namespace asio = boost::asio;
namespace ssl = boost::asio::ssl;
using asio::ip::tcp;

struct tls_proxy::impl : std::enable_shared_from_this<tls_proxy::impl> {
    // One client connection: TLS on the outside, plain TCP to the upstream.
    struct relay : std::enable_shared_from_this<relay> {
        relay(tcp::socket client, ssl::context& context, asio::io_context& io)
            : outside(std::move(client), context), inside(io) {}
        ssl::stream<tcp::socket> outside;
        tcp::socket inside;
        std::array<char, 8192> from_client{};
        std::array<char, 8192> from_upstream{};

        void pump_client() {
            outside.async_read_some(asio::buffer(from_client),
                                    [self = shared_from_this()](boost::system::error_code ec, std::size_t n) {
                                        if (ec) return self->close();
                                        asio::async_write(self->inside, asio::buffer(self->from_client.data(), n),
                                                          [self](boost::system::error_code wec, std::size_t) {
                                                              if (wec) return self->close();
                                                              self->pump_client();
                                                          });
                                    });
        }
        void pump_upstream() {
            inside.async_read_some(asio::buffer(from_upstream),
                                   [self = shared_from_this()](boost::system::error_code ec, std::size_t n) {
                                       if (ec) return self->close();
                                       asio::async_write(self->outside, asio::buffer(self->from_upstream.data(), n),
                                                         [self](boost::system::error_code wec, std::size_t) {
                                                             if (wec) return self->close();
                                                             self->pump_upstream();
                                                         });
                                   });
        }
        void close() {
            boost::system::error_code ignored;
            outside.lowest_layer().close(ignored);
            inside.close(ignored);
        }
    };

    asio::io_context io;
    asio::executor_work_guard<asio::io_context::executor_type> guard{io.get_executor()};
    ssl::context context{ssl::context::tls_server};
    tcp::acceptor acceptor{io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)};
    const std::uint16_t port = acceptor.local_endpoint().port();  // read before the thread starts
    broker_address upstream;
    std::thread thread;
    std::atomic<std::size_t> handshakes{0};
    std::mutex mutex;
    std::vector<std::weak_ptr<relay>> relays;

    void accept() {
        acceptor.async_accept([self = shared_from_this()](boost::system::error_code ec, tcp::socket socket) {
            if (ec) return;
            auto r = std::make_shared<relay>(std::move(socket), self->context, self->io);
            {
                std::lock_guard lock(self->mutex);
                self->relays.push_back(r);
            }
            r->outside.async_handshake(ssl::stream_base::server, [self, r](boost::system::error_code hec) {
                if (hec) return r->close();
                ++self->handshakes;
                const tcp::endpoint target(asio::ip::make_address(self->upstream.host), self->upstream.port);
                r->inside.async_connect(target, [r](boost::system::error_code cec) {
                    if (cec) return r->close();
                    r->pump_client();
                    r->pump_upstream();
                });
            });
            self->accept();
        });
    }
};

tls_proxy::tls_proxy(const test_certificate& certificate, broker_address upstream) : impl_(std::make_shared<impl>()) {
    impl_->upstream = std::move(upstream);
    impl_->context.use_certificate_chain_file(certificate.cert_file);
    impl_->context.use_private_key_file(certificate.key_file, ssl::context::pem);
    impl_->accept();
    impl_->thread = std::thread([i = impl_] { i->io.run(); });
}

tls_proxy::~tls_proxy() {
    asio::post(impl_->io, [i = impl_] {
        boost::system::error_code ignored;
        i->acceptor.close(ignored);
        std::lock_guard lock(i->mutex);
        for (auto& weak : i->relays) {
            if (auto r = weak.lock()) r->close();
        }
    });
    impl_->guard.reset();
    impl_->thread.join();
}

broker_address tls_proxy::address() const { return {"127.0.0.1", impl_->port}; }

std::size_t tls_proxy::handshakes() const { return impl_->handshakes.load(); }

}  // namespace copycat::kafka_client::testing
