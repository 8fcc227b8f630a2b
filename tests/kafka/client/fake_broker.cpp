#include "fake_broker.hpp"

#include <array>
#include <deque>
#include <mutex>
#include <thread>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>

namespace copycat::kafka_client::testing {

namespace asio = boost::asio;
using asio::ip::tcp;

struct fake_broker::impl : std::enable_shared_from_this<fake_broker::impl> {
    struct peer : std::enable_shared_from_this<peer> {
        peer(std::shared_ptr<impl> owner, tcp::socket s, std::size_t index)
            : broker(std::move(owner)), socket(std::move(s)), id(index) {}
        std::shared_ptr<impl> broker;
        tcp::socket socket;
        std::size_t id;
        std::array<std::byte, 8192> buffer{};
        kp::frame_decoder decoder;
        std::deque<kp::bytes> out;
        bool writing = false;
        bool close_after_write = false;

        void read() {
            socket.async_read_some(asio::buffer(buffer.data(), buffer.size()),
                                   [self = shared_from_this()](const boost::system::error_code& ec, std::size_t n) {
                                       if (ec) return;
                                       self->decoder.feed(kp::bytes_view(self->buffer.data(), n));
                                       while (true) {
                                           auto next = self->decoder.next();
                                           if (!next || !*next) break;
                                           if (!self->handle(**next)) return;
                                       }
                                       self->read();
                                   });
        }

        bool handle(const kp::bytes& payload) {
            auto parsed = kp::parse_request(payload);
            if (!parsed) {
                close();
                return false;
            }
            fake_request request{parsed->header, kp::bytes(parsed->body.begin(), parsed->body.end()), id};
            const fake_reply reply = broker->dispatch(request);
            for (const auto& frame : reply.frames) send(frame);
            if (reply.close) {
                if (writing || !out.empty()) {
                    close_after_write = true;
                } else {
                    close();
                }
                return false;
            }
            return true;
        }

        void send(kp::bytes frame) {
            out.push_back(std::move(frame));
            if (!writing) write();
        }

        void write() {
            writing = true;
            asio::async_write(socket, asio::buffer(out.front().data(), out.front().size()),
                              [self = shared_from_this()](const boost::system::error_code& ec, std::size_t) {
                                  self->writing = false;
                                  if (ec) return;
                                  self->out.pop_front();
                                  if (!self->out.empty()) {
                                      self->write();
                                  } else if (self->close_after_write) {
                                      self->close();
                                  }
                              });
        }

        void close() {
            boost::system::error_code ignored;
            socket.shutdown(tcp::socket::shutdown_both, ignored);
            socket.close(ignored);
        }
    };

    asio::io_context io;
    asio::executor_work_guard<asio::io_context::executor_type> guard{io.get_executor()};
    tcp::acceptor acceptor{io, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0)};
    const std::uint16_t port = acceptor.local_endpoint().port();  // read before the thread starts
    std::thread thread;

    mutable std::mutex mutex;
    responder handler;
    std::vector<kp::api_version_entry> versions = all_api_versions();
    bool api_versions_on = true;
    std::vector<fake_request> seen;
    std::size_t accepted = 0;
    std::vector<std::weak_ptr<peer>> peers;

    void accept() {
        acceptor.async_accept([self = shared_from_this()](const boost::system::error_code& ec, tcp::socket socket) {
            if (ec) return;
            std::shared_ptr<peer> s;
            {
                std::lock_guard lock(self->mutex);
                s = std::make_shared<peer>(self, std::move(socket), ++self->accepted);
                self->peers.push_back(s);
            }
            s->read();
            self->accept();
        });
    }

    fake_reply dispatch(const fake_request& request) {
        responder r;
        {
            std::lock_guard lock(mutex);
            seen.push_back(request);
            if (request.header.key == kp::api_key::api_versions && api_versions_on) {
                return answer_versions(request);
            }
            r = handler;
        }
        return r ? r(request) : fake_reply{};
    }

    // Called with the mutex held.
    fake_reply answer_versions(const fake_request& request) {
        kp::api_versions_response response;
        if (request.header.api_version > 4) {
            // What a broker does with a version it does not know: a v0 body naming its range.
            response.error = kp::error_code::unsupported_version;
            response.api_keys = {{kp::api_key::api_versions, 0, 4}};
            auto frame = kp::encode_response_frame(response, 0, request.header.correlation_id);
            return {{frame ? std::move(*frame) : kp::bytes{}}, false};
        }
        response.api_keys = versions;
        return {{response_frame(response, request)}, false};
    }
};

fake_broker::fake_broker() : impl_(std::make_shared<impl>()) {
    impl_->accept();
    impl_->thread = std::thread([i = impl_] { i->io.run(); });
}

fake_broker::~fake_broker() {
    asio::post(impl_->io, [i = impl_] {
        boost::system::error_code ignored;
        i->acceptor.close(ignored);
        std::lock_guard lock(i->mutex);
        for (auto& weak : i->peers) {
            if (auto s = weak.lock()) s->close();
        }
    });
    // Once every socket is closed no handler re-arms, so run() returns by itself.
    impl_->guard.reset();
    impl_->thread.join();
}

broker_address fake_broker::address() const { return {"127.0.0.1", impl_->port}; }

void fake_broker::set_responder(responder r) {
    std::lock_guard lock(impl_->mutex);
    impl_->handler = std::move(r);
}

void fake_broker::set_api_versions(std::vector<kp::api_version_entry> entries) {
    std::lock_guard lock(impl_->mutex);
    impl_->versions = std::move(entries);
}

void fake_broker::answer_api_versions(bool on) {
    std::lock_guard lock(impl_->mutex);
    impl_->api_versions_on = on;
}

std::vector<fake_request> fake_broker::requests() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->seen;
}

std::size_t fake_broker::count(kp::api_key key) const {
    std::lock_guard lock(impl_->mutex);
    std::size_t n = 0;
    for (const auto& r : impl_->seen) n += r.header.key == key ? 1 : 0;
    return n;
}

std::size_t fake_broker::connections_accepted() const {
    std::lock_guard lock(impl_->mutex);
    return impl_->accepted;
}

void fake_broker::drop_connections() {
    asio::post(impl_->io, [i = impl_] {
        std::vector<std::shared_ptr<impl::peer>> open;
        {
            std::lock_guard lock(i->mutex);
            for (auto& weak : i->peers) {
                if (auto s = weak.lock()) open.push_back(std::move(s));
            }
        }
        for (auto& s : open) s->close();
    });
}

std::vector<kp::api_version_entry> fake_broker::all_api_versions() {
    std::vector<kp::api_version_entry> out;
    for (const auto& api : kp::api_table()) {
        out.push_back({api.key, api.versions.min, api.versions.max});
    }
    return out;
}

}  // namespace copycat::kafka_client::testing
