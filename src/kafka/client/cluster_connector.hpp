#pragma once
// cluster_connector: opens broker connections for one client, with Kafka's reconnect backoff.
//
//   auto connector = cluster_connector::create(strand, bootstrap, options);
//   connector->connect_any([](result<std::shared_ptr<broker_connection>> c) { ... });
//   connector->connect_to({"broker-2", 9092}, ...);   // e.g. the group coordinator
//
// Each broker address has its own backoff: after a failed attempt the next one waits
// reconnect_backoff, doubling per consecutive failure up to reconnect_backoff_max, with +-20%
// jitter (Kafka's ClusterConnectionStates); a success resets it. connect_any tries the bootstrap
// servers in turn, starting after the one it tried last, each at most once per call, and answers
// with the first connection that becomes ready or, when all fail, the last error.
//
// Ownership and threading: shared; the connections it hands out belong to the caller (and use
// the same strand). Every method is called on the strand given to create(), and every handler
// runs on it, never inside the call. cancel() ends the attempts in progress: their handlers get
// errc::io_error "cancelled" and connections they opened are closed.

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "common/backoff.hpp"
#include "common/result.hpp"
#include "kafka/client/broker_address.hpp"
#include "kafka/client/broker_connection.hpp"
#include "kafka/client/connection_options.hpp"

namespace copycat::kafka_client {

class cluster_connector : public std::enable_shared_from_this<cluster_connector> {
public:
    using executor_type = boost::asio::any_io_executor;
    using connection_handler = std::function<void(result<std::shared_ptr<broker_connection>>)>;

    static std::shared_ptr<cluster_connector> create(executor_type strand, std::vector<broker_address> bootstrap,
                                                     connection_options options);

    void connect_any(connection_handler handler);
    void connect_to(const broker_address& address, connection_handler handler);
    void cancel();

    const connection_options& options() const noexcept { return options_; }
    const std::vector<broker_address>& bootstrap_servers() const noexcept { return bootstrap_; }
    const executor_type& executor() const noexcept { return strand_; }

private:
    struct backoff_state {
        unsigned failures = 0;
        std::chrono::steady_clock::time_point retry_at{};
    };
    struct any_attempt;

    cluster_connector(executor_type strand, std::vector<broker_address> bootstrap, connection_options options);

    void try_next(const std::shared_ptr<any_attempt>& attempt);
    // Runs `then` once the address's backoff has passed (at once if it has), unless cancelled.
    void after_backoff(const broker_address& address, std::function<void()> then);
    void record_failure(const broker_address& address);

    executor_type strand_;
    std::vector<broker_address> bootstrap_;
    connection_options options_;
    exponential_backoff reconnect_backoff_;  // the delays; the failures are counted per address
    std::size_t next_bootstrap_ = 0;
    std::map<std::string, backoff_state> backoff_;
    std::uint64_t epoch_ = 0;  // bumped by cancel(); attempts from older epochs are abandoned
    std::uint64_t next_wait_id_ = 0;
    std::map<std::uint64_t, std::shared_ptr<boost::asio::steady_timer>> waits_;
    std::vector<std::weak_ptr<broker_connection>> connecting_;
};

}  // namespace copycat::kafka_client
