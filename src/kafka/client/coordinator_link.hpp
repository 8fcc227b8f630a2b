#pragma once
// coordinator_link: a group member's connection to its group coordinator.
//
// find() looks the coordinator up (coordinator_locator: FindCoordinator to a bootstrap broker,
// then a connection of its own to the coordinator) and keeps that connection; mark_unknown()
// drops it (Kafka's markCoordinatorUnknown). When the kept connection closes unexpectedly (the
// broker went away, a request timed out) the on_lost handler is called with the reason.
// When no coordinator has been known for heartbeat.interval.ms since one was lost, the
// on_unreachable handler is called (Connect's rule: the member's work must stop). leave() sends
// LeaveGroup and closes.
//
// Ownership and threading: shared; owned by one group_member. Methods are called on the
// member's strand; handlers run on it, never inside the call. After close(), handlers of
// operations in progress are not called (except leave()'s).

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/steady_timer.hpp>

#include "common/result.hpp"
#include "kafka/client/broker_connection.hpp"
#include "kafka/client/cluster_connector.hpp"
#include "kafka/client/coordinator_locator.hpp"
#include "kafka/client/group_member_config.hpp"
#include "kafka/protocol/leave_group.hpp"

namespace copycat::kafka_client {

class coordinator_link : public std::enable_shared_from_this<coordinator_link> {
public:
    using executor_type = boost::asio::any_io_executor;
    using lost_handler = std::function<void(const std::string& reason)>;
    using leave_request_factory = std::function<kafka_protocol::leave_group_request(std::int16_t)>;

    static std::shared_ptr<coordinator_link> create(executor_type strand, const group_member_config& config,
                                                    lost_handler on_lost, std::function<void()> on_unreachable);

    // One lookup; ok once the coordinator connection is ready. Errors as coordinator_locator's.
    void find(std::function<void(result<void>)> handler);
    bool finding() const noexcept { return finding_; }
    bool known() const noexcept { return connection_ != nullptr; }
    // The ready coordinator connection; only while known().
    broker_connection& connection() const noexcept { return *connection_; }
    const std::shared_ptr<broker_connection>& shared_connection() const noexcept { return connection_; }
    const located_coordinator& coordinator() const noexcept { return coordinator_; }
    // Changes whenever the connection is replaced or dropped: answers captured with an older
    // epoch came over a connection that is gone.
    std::uint64_t epoch() const noexcept { return epoch_; }
    // Drops the connection; false if none was known.
    bool mark_unknown();

    // Sends the LeaveGroup that `make_request` builds for the negotiated version, over the
    // coordinator connection, or over a new one when `fresh_connection` (a JoinGroup or SyncGroup
    // parked at the coordinator would hold it up); then closes. `done` runs once answered, failed
    // or when no coordinator is known.
    void leave(leave_request_factory make_request, bool fresh_connection, std::function<void()> done);

    // Cancels lookups and connection attempts and closes the connection.
    void close();

private:
    coordinator_link(executor_type strand, const group_member_config& config, lost_handler on_lost,
                     std::function<void()> on_unreachable);

    void adopt(located_coordinator located);
    void send_leave(const std::shared_ptr<broker_connection>& connection, const leave_request_factory& make_request,
                    std::function<void()> done);

    executor_type strand_;
    std::string group_id_;
    std::shared_ptr<cluster_connector> connector_;
    std::shared_ptr<coordinator_locator> locator_;
    lost_handler on_lost_;
    std::function<void()> on_unreachable_;
    std::chrono::milliseconds unreachable_after_;
    boost::asio::steady_timer unreachable_timer_;
    std::shared_ptr<broker_connection> connection_;
    located_coordinator coordinator_;
    std::uint64_t epoch_ = 0;
    bool finding_ = false;
};

}  // namespace copycat::kafka_client
