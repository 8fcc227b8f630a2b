#include "kafka/client/broker_connection.hpp"

#include <algorithm>

#include <boost/asio/error.hpp>
#include <boost/asio/post.hpp>

#include "common/logging.hpp"
#include "kafka/client/kafka_error.hpp"
#include "kafka/client/sasl_authenticator.hpp"
#include "kafka/client/tcp_transport.hpp"
#include "kafka/client/tls_transport.hpp"

namespace copycat::kafka_client {

namespace asio = boost::asio;
namespace kp = kafka_protocol;

namespace {

constexpr std::size_t kReadChunk = 64 * 1024;
constexpr std::int16_t kApiVersionsMax = 4;

}  // namespace

std::shared_ptr<broker_connection> broker_connection::create(executor_type strand, connection_options options) {
    if (options.security == security_protocol::plaintext || options.security == security_protocol::sasl_plaintext) {
        auto transport = std::make_unique<tcp_transport>(strand);
        return create(std::move(strand), std::move(options), std::move(transport));
    }
    auto context = make_tls_context(options.tls);
    if (!context) {
        // The connection reports the bad TLS setting from connect().
        auto transport = std::make_unique<tcp_transport>(strand);
        auto conn = create(std::move(strand), std::move(options), std::move(transport));
        conn->transport_unavailable_ = context.err();
        return conn;
    }
    auto transport = std::make_unique<tls_transport>(strand, std::move(*context), options.tls.verify_hostname);
    return create(std::move(strand), std::move(options), std::move(transport));
}

std::shared_ptr<broker_connection> broker_connection::create(executor_type strand, connection_options options,
                                                             std::unique_ptr<transport> transport) {
    return std::shared_ptr<broker_connection>(
        new broker_connection(std::move(strand), std::move(options), std::move(transport)));
}

broker_connection::broker_connection(executor_type strand, connection_options options,
                                     std::unique_ptr<transport> transport)
    : strand_(std::move(strand)),
      options_(std::move(options)),
      transport_(std::move(transport)),
      connect_timer_(strand_),
      read_buffer_(kReadChunk),
      decoder_(options_.max_frame_size) {}

broker_connection::~broker_connection() {
    if (state_ != state::closed) transport_->close();
}

void broker_connection::connect(broker_address address, std::function<void(result<void>)> handler) {
    if (state_ != state::idle) {
        asio::post(strand_, [handler = std::move(handler)] {
            handler(make_error(errc::invalid_argument, "broker_connection::connect called twice"));
        });
        return;
    }
    address_ = std::move(address);
    connect_handler_ = std::move(handler);
    state_ = state::connecting;
    if (transport_unavailable_) {
        asio::post(strand_, [self = shared_from_this()] { self->shutdown(*self->transport_unavailable_, false); });
        return;
    }
    // One deadline for the whole setup: resolution, TCP connect and the ApiVersions exchange.
    connect_timer_.expires_after(options_.connect_timeout);
    connect_timer_.async_wait([self = shared_from_this()](const boost::system::error_code& ec) {
        if (ec || self->state_ != state::connecting) return;
        self->shutdown(make_error(errc::timeout, "connection to " + self->describe_peer() + " not ready within " +
                                                     std::to_string(self->options_.connect_timeout.count()) + " ms"),
                       false);
    });
    transport_->async_connect(address_, [self = shared_from_this()](std::error_code ec) { self->on_connected(ec); });
}

void broker_connection::on_connected(std::error_code ec) {
    if (state_ != state::connecting) return;
    if (ec) {
        // A TLS refusal keeps its code: it is an authentication failure, not a network one.
        if (is_tls_refusal(ec)) {
            shutdown(error(ec, "TLS handshake with " + describe_peer() + " failed: " + ec.message() +
                                   " (check the trusted CA and that the broker's certificate names the host)"),
                     false);
            return;
        }
        shutdown(make_error(errc::io_error, "connect to " + describe_peer() + " failed: " + ec.message()), false);
        return;
    }
    start_read();
    send_api_versions(kApiVersionsMax);
}

void broker_connection::send_api_versions(std::int16_t version) {
    kp::api_versions_request request{options_.client_software_name, options_.client_software_version};
    auto body = request.encode(version);
    if (!body) {
        shutdown(body.err(), false);
        return;
    }
    enqueue(kp::api_key::api_versions, version, *body, options_.request_timeout,
            [self = shared_from_this(), version](result<kp::bytes> response) {
                self->on_api_versions(std::move(response), version);
            });
}

void broker_connection::on_api_versions(result<kp::bytes> body, std::int16_t version) {
    if (!body || state_ != state::connecting) return;  // the failure already closed the connection
    auto response = kp::api_versions_response::decode(*body, version);
    if (!response) {
        shutdown(make_error(errc::protocol_error, response.err().describe()), false);
        return;
    }
    if (response->error == kp::error_code::unsupported_version) {
        // The broker names its own ApiVersions range; retry at its maximum (v0 when missing).
        const auto range = response->find(kp::api_key::api_versions);
        const std::int16_t retry = range ? std::min<std::int16_t>(range->max, kApiVersionsMax) : 0;
        if (retry < version) {
            send_api_versions(retry);
            return;
        }
    }
    if (response->error != kp::error_code::none) {
        shutdown(kafka_error(response->error, "ApiVersions from " + describe_peer()), false);
        return;
    }
    broker_api_versions_ = std::move(response->api_keys);
    log::debug("connected to broker {} (ApiVersions v{})", describe_peer(), version);
    if (options_.security == security_protocol::sasl_plaintext || options_.security == security_protocol::sasl_ssl) {
        authenticate();
        return;
    }
    become_ready();
}

void broker_connection::authenticate() {
    auto client = make_sasl_client(options_.sasl);
    if (!client) {
        shutdown(client.err(), false);
        return;
    }
    sasl_authenticator::run(shared_from_this(), std::move(*client),
                            [self = shared_from_this()](result<void> authenticated) {
                                if (self->state_ != state::connecting) return;
                                if (!authenticated) {
                                    self->shutdown(authenticated.err(), false);
                                    return;
                                }
                                self->become_ready();
                            });
}

void broker_connection::become_ready() {
    connect_timer_.cancel();
    state_ = state::ready;
    auto handler = std::exchange(connect_handler_, nullptr);
    if (handler) handler(result<void>{});
}

void broker_connection::send_encoded(kp::api_key key, const request_options& options, bool during_setup,
                                     const std::function<result<kp::bytes>(std::int16_t)>& encode,
                                     std::function<void(result<kp::bytes>, std::int16_t)> handler) {
    if (state_ != state::ready && !(during_setup && state_ == state::connecting)) {
        asio::post(strand_, [handler = std::move(handler), peer = describe_peer(), s = state_] {
            handler(make_error(s == state::closed ? errc::io_error : errc::unavailable,
                               "connection to " + peer + (s == state::closed ? " is closed" : " is not ready")),
                    0);
        });
        return;
    }
    const auto version = negotiated_version(key, options.versions);
    if (!version) {
        asio::post(strand_, [handler = std::move(handler), key, peer = describe_peer()] {
            handler(
                make_error(errc::unsupported, "broker " + peer + " supports no usable version of " + kp::api_name(key)),
                0);
        });
        return;
    }
    auto body = encode(*version);
    if (!body) {
        asio::post(strand_, [handler = std::move(handler), why = body.err(), v = *version] { handler(why, v); });
        return;
    }
    enqueue(
        key, *version, *body, options.timeout.value_or(options_.request_timeout),
        [handler = std::move(handler), v = *version](result<kp::bytes> response) { handler(std::move(response), v); });
}

void broker_connection::enqueue(kp::api_key key, std::int16_t version, const kp::bytes& body,
                                std::chrono::milliseconds timeout, raw_handler handler) {
    const std::int32_t id = next_correlation_id_;
    next_correlation_id_ =
        next_correlation_id_ == std::numeric_limits<std::int32_t>::max() ? 0 : next_correlation_id_ + 1;
    auto frame = kp::encode_request_frame(kp::request_header{key, version, id, options_.client_id}, body);
    if (!frame) {
        fail_soon(std::move(handler), frame.err());
        return;
    }
    auto timer = std::make_unique<asio::steady_timer>(strand_, timeout);
    timer->async_wait([self = shared_from_this(), id](const boost::system::error_code& ec) {
        if (!ec) self->on_request_timeout(id);
    });
    pending_.push_back(pending_request{id, key, version, std::move(handler), std::move(timer)});
    write_queue_.push_back(std::move(*frame));
    if (!writing_) start_write();
}

void broker_connection::fail_soon(raw_handler handler, error why) {
    asio::post(strand_, [handler = std::move(handler), why = std::move(why)] { handler(why); });
}

void broker_connection::start_write() {
    writing_ = true;
    const kp::bytes& frame = write_queue_.front();
    transport_->async_write(frame,
                            [self = shared_from_this()](std::error_code ec, std::size_t) { self->on_write(ec); });
}

void broker_connection::on_write(std::error_code ec) {
    writing_ = false;
    if (state_ == state::closed) {
        write_queue_.clear();
        return;
    }
    if (ec) {
        shutdown(make_error(errc::io_error, "write to " + describe_peer() + " failed: " + ec.message()), true);
        return;
    }
    write_queue_.pop_front();
    if (!write_queue_.empty()) start_write();
}

void broker_connection::start_read() {
    transport_->async_read_some(
        read_buffer_, [self = shared_from_this()](std::error_code ec, std::size_t n) { self->on_read(ec, n); });
}

void broker_connection::on_read(std::error_code ec, std::size_t n) {
    if (state_ == state::closed) return;
    if (ec) {
        const bool eof = ec == std::error_code(boost::system::error_code(asio::error::eof));
        shutdown(make_error(errc::io_error, "connection to " + describe_peer() +
                                                " lost: " + (eof ? std::string("closed by the broker") : ec.message())),
                 true);
        return;
    }
    decoder_.feed(kp::bytes_view(read_buffer_.data(), n));
    while (state_ != state::closed) {
        auto next = decoder_.next();
        if (!next) {
            shutdown(
                make_error(errc::protocol_error, "bad frame from " + describe_peer() + ": " + next.err().describe()),
                true);
            return;
        }
        if (!*next) break;
        if (!handle_frame(**next)) return;
    }
    if (state_ != state::closed) start_read();
}

bool broker_connection::handle_frame(const kp::bytes& payload) {
    auto id = kp::peek_correlation_id(payload);
    if (!id || pending_.empty() || pending_.front().correlation_id != *id) {
        shutdown(make_error(errc::protocol_error,
                            "response from " + describe_peer() + " with correlation id " +
                                (id ? std::to_string(*id) : std::string("?")) + " does not answer " +
                                (pending_.empty() ? std::string("any request")
                                                  : "request " + std::to_string(pending_.front().correlation_id))),
                 true);
        return false;
    }
    pending_request request = std::move(pending_.front());
    pending_.pop_front();
    request.timer->cancel();
    auto frame = kp::parse_response(payload, request.key, request.version);
    if (!frame) {
        shutdown(make_error(errc::protocol_error, frame.err().describe()), true);
        request.handler(make_error(errc::protocol_error, frame.err().describe()));
        return false;
    }
    request.handler(kp::bytes(frame->body.begin(), frame->body.end()));
    return true;
}

void broker_connection::on_request_timeout(std::int32_t correlation_id) {
    const auto it = std::find_if(pending_.begin(), pending_.end(),
                                 [&](const pending_request& p) { return p.correlation_id == correlation_id; });
    if (it == pending_.end()) return;
    pending_request request = std::move(*it);
    pending_.erase(it);
    const std::string what = kp::api_name(request.key) + " request to " + describe_peer() + " timed out";
    log::debug("{}; closing the connection", what);
    fail_soon(std::move(request.handler), make_error(errc::timeout, what));
    shutdown(make_error(errc::io_error, "connection to " + describe_peer() + " closed after a request timed out"),
             true);
}

void broker_connection::close() {
    shutdown(make_error(errc::io_error, "connection to " + describe_peer() + " closed"), false);
}

void broker_connection::set_close_handler(std::function<void(const error&)> handler) {
    close_handler_ = std::move(handler);
}

void broker_connection::shutdown(const error& why, bool notify) {
    if (state_ == state::closed) return;
    const state previous = state_;
    state_ = state::closed;
    transport_->close();
    connect_timer_.cancel();
    if (!writing_) write_queue_.clear();
    auto pending = std::move(pending_);
    pending_.clear();
    for (auto& request : pending) {
        request.timer->cancel();
        fail_soon(std::move(request.handler), why);
    }
    if (auto handler = std::exchange(connect_handler_, nullptr)) {
        asio::post(strand_, [handler = std::move(handler), why] { handler(why); });
    }
    if (auto handler = std::exchange(close_handler_, nullptr); handler && notify && previous == state::ready) {
        asio::post(strand_, [handler = std::move(handler), why] { handler(why); });
    }
}

std::optional<kp::version_range> broker_connection::broker_versions(kp::api_key key) const {
    for (const auto& entry : broker_api_versions_) {
        if (entry.key == key) return entry.range();
    }
    return std::nullopt;
}

std::optional<std::int16_t> broker_connection::negotiated_version(kp::api_key key, kp::version_range allowed) const {
    const kp::api_info* ours = kp::find_api(key);
    const auto theirs = broker_versions(key);
    if (ours == nullptr || !theirs) return std::nullopt;
    const kp::version_range usable{std::max(ours->versions.min, allowed.min),
                                   std::min(ours->versions.max, allowed.max)};
    return kp::pick_version(usable, *theirs);
}

std::string broker_connection::describe_peer() const { return address_.to_string(); }

}  // namespace copycat::kafka_client
