#include "kafka/client/cluster_connector.hpp"

#include <algorithm>
#include <optional>
#include <utility>

#include <boost/asio/post.hpp>

#include "common/logging.hpp"

namespace copycat::kafka_client {

namespace asio = boost::asio;

struct cluster_connector::any_attempt {
    connection_handler handler;
    std::size_t tried = 0;
    std::uint64_t epoch = 0;
    std::optional<error> last;
};

namespace {

error cancelled() { return make_error(errc::io_error, "connection attempt cancelled"); }

// Kafka's ClusterConnectionStates: reconnect.backoff.ms, doubling per consecutive failure up to
// reconnect.backoff.max.ms (never below the first delay), with +-20% jitter.
backoff_policy reconnect_policy(const connection_options& options) {
    const auto first = std::max(options.reconnect_backoff, std::chrono::milliseconds(0));
    return {first, std::max(options.reconnect_backoff_max, first), 2, 0.2};
}

}  // namespace

std::shared_ptr<cluster_connector> cluster_connector::create(executor_type strand,
                                                             std::vector<broker_address> bootstrap,
                                                             connection_options options) {
    return std::shared_ptr<cluster_connector>(
        new cluster_connector(std::move(strand), std::move(bootstrap), std::move(options)));
}

cluster_connector::cluster_connector(executor_type strand, std::vector<broker_address> bootstrap,
                                     connection_options options)
    : strand_(std::move(strand)),
      bootstrap_(std::move(bootstrap)),
      options_(std::move(options)),
      reconnect_backoff_(reconnect_policy(options_)) {}

void cluster_connector::connect_any(connection_handler handler) {
    auto attempt = std::make_shared<any_attempt>();
    attempt->handler = std::move(handler);
    attempt->epoch = epoch_;
    if (bootstrap_.empty()) {
        asio::post(strand_,
                   [attempt] { attempt->handler(make_error(errc::invalid_argument, "no bootstrap servers")); });
        return;
    }
    asio::post(strand_, [self = shared_from_this(), attempt] { self->try_next(attempt); });
}

void cluster_connector::try_next(const std::shared_ptr<any_attempt>& attempt) {
    if (attempt->epoch != epoch_) {
        attempt->handler(cancelled());
        return;
    }
    if (attempt->tried == bootstrap_.size()) {
        attempt->handler(
            error(attempt->last->code, "no bootstrap server is reachable; last error: " + attempt->last->describe()));
        return;
    }
    const broker_address address = bootstrap_[next_bootstrap_ % bootstrap_.size()];
    next_bootstrap_ = (next_bootstrap_ + 1) % bootstrap_.size();
    ++attempt->tried;
    connect_to(address, [self = shared_from_this(), attempt](result<std::shared_ptr<broker_connection>> connection) {
        if (connection || attempt->epoch != self->epoch_) {
            attempt->handler(std::move(connection));
            return;
        }
        log::debug("bootstrap connection failed: {}", connection.err().describe());
        attempt->last = connection.err();
        self->try_next(attempt);
    });
}

void cluster_connector::connect_to(const broker_address& address, connection_handler handler) {
    const std::uint64_t epoch = epoch_;
    after_backoff(address, [self = shared_from_this(), address, epoch, handler = std::move(handler)]() mutable {
        if (epoch != self->epoch_) {
            handler(cancelled());
            return;
        }
        auto connection = broker_connection::create(self->strand_, self->options_);
        self->connecting_.push_back(connection);
        connection->connect(address,
                            [self, connection, address, epoch, handler = std::move(handler)](result<void> ready) {
                                std::erase_if(self->connecting_, [&](const std::weak_ptr<broker_connection>& w) {
                                    auto p = w.lock();
                                    return !p || p == connection;
                                });
                                if (epoch != self->epoch_) {
                                    connection->close();
                                    handler(cancelled());
                                    return;
                                }
                                if (!ready) {
                                    self->record_failure(address);
                                    handler(ready.err());
                                    return;
                                }
                                self->backoff_.erase(address.to_string());
                                handler(connection);
                            });
    });
}

void cluster_connector::after_backoff(const broker_address& address, std::function<void()> then) {
    const auto it = backoff_.find(address.to_string());
    const auto now = std::chrono::steady_clock::now();
    if (it == backoff_.end() || it->second.retry_at <= now) {
        asio::post(strand_, std::move(then));
        return;
    }
    const std::uint64_t id = next_wait_id_++;
    auto timer = std::make_shared<asio::steady_timer>(strand_, it->second.retry_at);
    waits_.emplace(id, timer);
    timer->async_wait([self = shared_from_this(), id, then = std::move(then)](const boost::system::error_code&) {
        self->waits_.erase(id);
        then();  // checks the epoch itself
    });
}

void cluster_connector::record_failure(const broker_address& address) {
    auto& state = backoff_[address.to_string()];
    ++state.failures;
    state.retry_at = std::chrono::steady_clock::now() + reconnect_backoff_.delay_after(state.failures);
}

void cluster_connector::cancel() {
    ++epoch_;
    auto waits = std::move(waits_);
    waits_.clear();
    for (auto& [id, timer] : waits) timer->cancel();
    auto connecting = std::move(connecting_);
    connecting_.clear();
    for (auto& weak : connecting) {
        if (auto connection = weak.lock()) connection->close();
    }
}

}  // namespace copycat::kafka_client
