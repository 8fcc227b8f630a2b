#pragma once
// worker_coordinator: a Connect worker's membership in its group (Kafka's WorkerCoordinator).
// It owns a kafka_client::group_member with protocol type "connect" and is its listener:
//  * metadata: before every JoinGroup it takes the worker's config snapshot and offers the
//    protocols of its connect.protocol (sessioned -> sessioned, compatible, default), each with
//    its URL, config offset and (V1+) the allocation it runs now;
//  * leader: connect_leader turns the members' metadata into assignments (the config-offset
//    check, then the eager or incremental cooperative assignor; one assignor kept across
//    rebalances, fed the last completed generation);
//  * every member: decodes its assignment, computes the full set of work (eager: assigned;
//    incremental: previous - revoked + assigned), advertises it as its allocation from then on
//    and tells the coordinator_listener. Under eager, all work is revoked when a rebalance
//    starts (on_revoke_all).
// Rejoins are the herder's to ask for (request_rejoin): after CONFIG_MISMATCH once it caught
// up, at once after honouring revocations, and assignment.delay_ms after a delayed assignment.
//
//   auto c = worker_coordinator::create(io.get_executor(), options, [&] { return store.view(); }, herder);
//   (*c)->start();
//   ...
//   (*c)->stop("shutting down", [] { /* left the group */ });
//
// Ownership and threading: shared (std::shared_ptr); everything runs on the group member's
// strand, and so do the coordinator_listener calls. start(), request_rejoin(), stop() post to
// it; set_current_allocation(), note_graceful_departure() and owner_url() are thread-safe. The
// caller keeps the coordinator (and the listener) alive until stop()'s handler has run.

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "common/result.hpp"
#include "coordination/assignor_input.hpp"
#include "coordination/connect_leader.hpp"
#include "coordination/connect_protocol.hpp"
#include "coordination/coordinator_listener.hpp"
#include "kafka/client/group_listener.hpp"
#include "kafka/client/group_member.hpp"
#include "kafka/client/group_member_config.hpp"

namespace copycat::coordination {

struct worker_coordinator_options {
    kafka_client::group_member_config member;  // group.id, bootstrap, timeouts, security
    connect_protocol protocol = connect_protocol::sessioned;
    std::string url;  // this worker's advertised REST URL, "http://host:port/"
    std::chrono::milliseconds scheduled_rebalance_max_delay{300'000};
    // The clock of scheduled rebalances; steady_clock::now when empty (tests inject one).
    std::function<std::chrono::steady_clock::time_point()> now;
};

class worker_coordinator : public kafka_client::group_listener,
                           public std::enable_shared_from_this<worker_coordinator> {
public:
    using executor_type = kafka_client::group_member::executor_type;

    // `config_snapshot` is called on the member's strand when building metadata and when this
    // worker leads and is behind: it must be thread-safe and return the worker's latest config
    // view. invalid_argument for an empty URL, a missing snapshot function or an invalid member
    // config.
    static result<std::shared_ptr<worker_coordinator>> create(executor_type executor,
                                                              worker_coordinator_options options,
                                                              std::function<config_view()> config_snapshot,
                                                              coordinator_listener& listener);

    worker_coordinator(const worker_coordinator&) = delete;
    worker_coordinator& operator=(const worker_coordinator&) = delete;

    void start();
    void request_rejoin(std::string reason);
    // Leaves the group (LeaveGroup) and calls `done` on the strand.
    void stop(std::string reason, std::function<void()> done = nullptr);

    // The work the herder actually runs now, advertised as the allocation at the next join. The
    // coordinator already tracks every assignment it delivers; the herder calls this when it
    // runs something else (e.g. it revoked everything after a failed config sync). Thread-safe.
    void set_current_allocation(work_set allocation);
    // Leader bookkeeping: the worker with this URL left the group gracefully, so the work it
    // held is reassigned at the next rebalance instead of being held for the delay (see
    // incremental_cooperative_assignor). A note is dropped after the first rebalance this
    // worker leads without that URL in the group. Thread-safe.
    void note_graceful_departure(const std::string& url);

    // While this worker leads a completed rebalance and no rejoin is pending: the URL of the
    // worker that owns a connector or task (Kafka's WorkerCoordinator.ownerUrl). Thread-safe.
    std::optional<std::string> owner_url(const std::string& connector) const;
    std::optional<std::string> owner_url(const task_ref& task) const;
    // The allocation advertised at the next join (nullopt before the first assignment and after
    // the membership was lost). Thread-safe.
    std::optional<work_set> current_allocation() const;

    // group_listener (called by the group member on its strand; public for tests).
    std::vector<kafka_client::group_protocol> protocols() override;
    result<std::vector<kafka_client::member_assignment>> assign(const kafka_client::leader_context& context) override;
    void on_assigned(const kafka_client::group_assignment& assignment) override;
    void on_rejoin_started(const kafka_client::rejoin_info& info) override;
    void on_membership_lost(const std::string& reason) override;
    void on_fatal_error(const error& failure) override;

private:
    worker_coordinator(worker_coordinator_options options, std::function<config_view()> config_snapshot,
                       coordinator_listener& listener);

    std::chrono::steady_clock::time_point now() const;
    void forget_work(const std::string& why);

    worker_coordinator_options options_;
    std::function<config_view()> config_snapshot_;
    coordinator_listener& listener_;
    std::string who_;
    std::shared_ptr<kafka_client::group_member> member_;

    // Strand only.
    connect_leader leader_;
    config_view metadata_snapshot_;
    std::int32_t last_completed_generation_ = -1;
    connect_protocol current_protocol_;
    std::optional<work_set> eager_running_;  // eager: the work to revoke when a rebalance starts

    // Shared with other threads.
    mutable std::mutex mutex_;  // guards allocation_, departed_, owners_, leading_, rejoin_pending_
    std::optional<work_set> allocation_;
    std::set<std::string> departed_;
    work_owners owners_;
    bool leading_ = false;
    bool rejoin_pending_ = true;
};

}  // namespace copycat::coordination
