#pragma once
// coordinated_worker: one worker_coordinator for the cluster tests, on an io_context and thread
// of its own, with a listener that plays the herder's part of the protocol: it keeps every
// assignment it is told, "runs" the full set, rejoins at once after honouring revocations and
// after CONFIG_MISMATCH, and rejoins when a scheduled delay expires.
//
// Threading: the coordinator and the listener run on the worker's thread; the public methods are
// called from the test's thread and are thread-safe.

#include <chrono>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include "coordination/worker_coordinator.hpp"

namespace copycat::itest {

struct seen_rebalance {
    coordination::connect_assignment assignment;
    coordination::work_set full;
    std::int32_t generation = -1;
    std::string member_id;

    bool is_leader() const { return assignment.leader == member_id; }
};

class coordinated_worker : public coordination::coordinator_listener {
public:
    coordinated_worker(std::string name, kafka_client::group_member_config member, coordination::config_view config,
                       std::chrono::milliseconds max_delay);
    ~coordinated_worker() override;
    coordinated_worker(const coordinated_worker&) = delete;
    coordinated_worker& operator=(const coordinated_worker&) = delete;

    const std::string& name() const { return name_; }
    const std::string& url() const { return url_; }
    coordination::worker_coordinator& coordinator() { return *coordinator_; }

    // Leaves the group (LeaveGroup) and waits for it; false on a time-out.
    bool stop(const std::string& reason, std::chrono::milliseconds limit = std::chrono::seconds(30));

    std::optional<seen_rebalance> last() const;
    std::vector<seen_rebalance> history() const;
    std::size_t lost_count() const;
    std::optional<error> fatal() const;

    void on_assignment(const coordination::connect_assignment& assignment, const coordination::work_set& full,
                       std::int32_t generation, const std::string& member_id,
                       coordination::connect_protocol chosen) override;
    void on_revoke_all(const coordination::work_set& previous) override;
    void on_membership_lost(const std::string& reason) override;
    void on_fatal_error(const error& failure) override;

private:
    std::string name_;
    std::string url_;
    mutable std::mutex mutex_;
    std::vector<seen_rebalance> history_;
    std::size_t lost_ = 0;
    std::optional<error> fatal_;
    bool stopped_ = false;

    boost::asio::io_context io_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_;
    boost::asio::steady_timer delay_timer_;
    std::shared_ptr<coordination::worker_coordinator> coordinator_;
    std::thread thread_;
};

}  // namespace copycat::itest
