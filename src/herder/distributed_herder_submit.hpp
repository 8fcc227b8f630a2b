#pragma once
// The distributed herder's job helpers (see distributed_herder.hpp): submit() runs a job on the
// loop; submit_to_leader() runs a write on the leader, parks it while a rebalance is under way, or
// answers forward_to{the leader's URL}. A job either returns its result or takes the callback
// and answers through it (later, on the loop). Included only by the herder's own .cpp
// files (distributed_herder_requests.cpp, distributed_herder_admin.cpp).

#include <chrono>
#include <memory>
#include <type_traits>
#include <utility>

#include "herder/distributed_herder.hpp"

namespace copycat::herder {

inline error rebalance_conflict() {
    return make_error(errc::conflict,
                      "Cannot complete request because of a conflicting operation (e.g. worker rebalance)");
}

template <class T, class F>
void distributed_herder::submit(callback<T> cb, F&& job) {
    auto shared_cb = std::make_shared<callback<T>>(std::move(cb));
    const bool posted = loop_.post([shared_cb, job = std::forward<F>(job)]() mutable { (*shared_cb)(job()); });
    if (!posted) (*shared_cb)(make_error(errc::unavailable, "The herder is stopping"));
}

template <class T, class F>
void distributed_herder::submit_to_leader(callback<T> cb, F&& job) {
    auto shared_cb = std::make_shared<callback<T>>(std::move(cb));
    auto shared_job = std::make_shared<std::decay_t<F>>(std::forward<F>(job));
    const auto deadline = std::chrono::steady_clock::now() + options_.write_wait;
    const bool posted =
        loop_.post([this, shared_cb, shared_job, deadline] { try_leader_write<T>(shared_cb, shared_job, deadline); });
    if (!posted) (*shared_cb)(make_error(errc::unavailable, "The herder is stopping"));
}

template <class T, class J>
void distributed_herder::try_leader_write(std::shared_ptr<callback<T>> cb, std::shared_ptr<J> job,
                                          std::chrono::steady_clock::time_point deadline) {
    const auto now = std::chrono::steady_clock::now();
    // The leader of the last generation goes on writing while a rebalance is under way (it stays
    // leader unless it leaves the group, which ends its membership first); a follower parks the
    // write until the rebalance names the leader (docs/scale.md "Creating connectors at scale").
    if (leader_url_.empty() || (rebalancing_ && !leader_)) {
        if (now >= deadline) {
            (*cb)(rebalance_conflict());
            return;
        }
        waiting_writes_.push_back({deadline, [this, cb, job, deadline] { try_leader_write<T>(cb, job, deadline); },
                                   [cb] { (*cb)(rebalance_conflict()); }});
        loop_.post_after(
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - now) + std::chrono::milliseconds(1),
            [this] { expire_waiting_writes(); });
        return;
    }
    if (!leader_) {
        (*cb)(forward_to{leader_url_});
        return;
    }
    if constexpr (std::is_invocable_v<J&, callback<T>>) {
        (*job)(*cb);  // answers later, through the callback
    } else {
        (*cb)((*job)());
    }
}

}  // namespace copycat::herder
