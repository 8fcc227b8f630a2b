#pragma once
// cluster_member: one group member for the cluster tests, on an io_context and thread of its
// own (so a test can freeze it without freezing the others), with a listener that records what
// it sees.
//
// The leader's listener assigns each member the text "gen=<g>;to=<member>;members=<n>;
// leader=<leader>", so every member can check it got what the leader chose for it in that
// generation. Each member offers "sessioned" (metadata "meta-<name>") then "default".
//
// Threading: the member and its listener run on the member's thread; every public method here
// is called from the test's thread and is thread-safe.

#include <chrono>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include "kafka/client/group_member.hpp"

namespace copycat::itest {

// What one member saw of one completed rebalance.
struct seen_assignment {
    std::int32_t generation = -1;
    std::string member_id;
    std::string leader_id;
    std::string protocol_name;
    std::string text;  // the assignment bytes as text

    bool is_leader() const { return member_id == leader_id; }
};

// What a leader saw when asked to assign.
struct seen_leader_call {
    std::int32_t generation = -1;
    std::string protocol_name;
    std::vector<std::string> member_ids;
    std::vector<std::string> metadata;  // as text
};

// The assignment text the leader gives `member_id`.
std::string expected_assignment(std::int32_t generation, const std::string& member_id, std::size_t members,
                                const std::string& leader_id);

class recording_group_listener : public kafka_client::group_listener {
public:
    explicit recording_group_listener(std::string name, std::vector<std::string> protocol_names);

    std::vector<kafka_client::group_protocol> protocols() override;
    result<std::vector<kafka_client::member_assignment>> assign(const kafka_client::leader_context& context) override;
    void on_assigned(const kafka_client::group_assignment& assignment) override;
    void on_rejoin_started(const kafka_client::rejoin_info& info) override;
    void on_membership_lost(const std::string& reason) override;
    void on_fatal_error(const error& failure) override;

    std::optional<seen_assignment> last_assignment() const;
    std::optional<seen_leader_call> leader_call(std::int32_t generation) const;
    std::size_t lost_count() const;
    std::size_t rejoin_count() const;
    std::optional<error> fatal() const;

private:
    std::string name_;
    std::vector<std::string> protocol_names_;
    mutable std::mutex mutex_;
    std::vector<seen_assignment> assignments_;
    std::vector<seen_leader_call> leader_calls_;
    std::size_t lost_ = 0;
    std::size_t rejoins_ = 0;
    std::optional<error> fatal_;
};

class cluster_member {
public:
    cluster_member(std::string name, kafka_client::group_member_config config,
                   std::vector<std::string> protocol_names = {"sessioned", "default"});
    ~cluster_member();
    cluster_member(const cluster_member&) = delete;
    cluster_member& operator=(const cluster_member&) = delete;

    const std::string& name() const { return name_; }
    recording_group_listener& listener() { return listener_; }

    // Leaves the group (LeaveGroup for dynamic members) and waits for it; false on a time-out.
    bool stop(const std::string& reason, std::chrono::milliseconds limit = std::chrono::seconds(30));
    // Blocks the member's thread: no timer, heartbeat or answer is handled until thaw().
    void freeze();
    void thaw();

private:
    std::string name_;
    recording_group_listener listener_;
    boost::asio::io_context io_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> guard_;
    std::shared_ptr<kafka_client::group_member> member_;
    std::optional<std::promise<void>> frozen_;
    bool stopped_ = false;
    std::thread thread_;
};

}  // namespace copycat::itest
