#include "coordination/incremental_cooperative_assignor.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "common/backoff.hpp"
#include "common/logging.hpp"

namespace copycat::coordination {

namespace {

using std::chrono::milliseconds;

work_set active_work(const std::map<std::string, member_state>& members) {
    work_set out;
    for (const auto& [id, m] : members) out = union_of(out, m.allocation);
    return out;
}

// Items held by more than one member.
work_set duplicated_work(const std::map<std::string, member_state>& members) {
    std::map<std::string, int> connectors;
    std::map<task_ref, int> tasks;
    for (const auto& [id, m] : members) {
        for (const auto& c : m.allocation.connectors) ++connectors[c];
        for (const auto& t : m.allocation.tasks) ++tasks[t];
    }
    work_set out;
    for (const auto& [c, n] : connectors) {
        if (n > 1) out.connectors.push_back(c);
    }
    for (const auto& [t, n] : tasks) {
        if (n > 1) out.tasks.push_back(t);
    }
    return out;
}

worker_load load_of(const std::string& worker, const work_set& work) { return {worker, work.connectors, work.tasks}; }

const worker_load* find_load(const worker_loads& loads, const std::string& worker) {
    auto it = std::find_if(loads.begin(), loads.end(), [&](const worker_load& l) { return l.worker == worker; });
    return it == loads.end() ? nullptr : &*it;
}

}  // namespace

work_set incremental_cooperative_assignor::owned_work::items() const {
    work_set out;
    for (const auto& [c, owner] : connectors) out.connectors.push_back(c);
    for (const auto& [t, owner] : tasks) out.tasks.push_back(t);
    return out;
}

incremental_cooperative_assignor::incremental_cooperative_assignor(milliseconds max_delay)
    : max_delay_(std::max(max_delay, milliseconds(0))) {}

std::map<std::string, connect_assignment> incremental_cooperative_assignor::assign(const assignor_input& input) {
    std::map<std::string, connect_assignment> out;
    if (input.members.empty()) return out;

    // 1. A memory from another generation (a new leader, or a round that never completed) is
    //    void: nothing counts as lost.
    if (previous_generation_ != input.last_completed_generation) {
        log::debug("assignor: forgetting the previous assignment of generation {} (last completed: {})",
                   previous_generation_, input.last_completed_generation);
        previous_ = {};
    }
    // 2-3. Configured and active work.
    const work_set configured = configured_work(input.config);
    const work_set active = active_work(input.members);
    // 4. Revocations that were not honoured: start again from what runs.
    if (!previous_revocation_.empty()) {
        if (!intersection(previous_revocation_, active).empty()) {
            previous_ = {};
            for (const auto& [id, m] : input.members) {
                for (const auto& c : m.allocation.connectors) previous_.connectors[c] = m.url;
                for (const auto& t : m.allocation.tasks) previous_.tasks[t] = m.url;
            }
        }
        previous_revocation_ = {};
    }
    // 5. Classify.
    const work_set previous = previous_.items();
    const work_set deleted = difference(union_of(previous, active), configured);
    const work_set duplicated = duplicated_work(input.members);
    const work_set lost = difference(difference(previous, active), deleted);
    const work_set created = difference(difference(configured, previous), active);

    // 6. Revoke deleted and duplicated work from whoever holds it.
    worker_loads current;
    worker_loads next;
    revocations to_revoke;
    for (const auto& [id, m] : input.members) {
        const work_set kept = difference(m.allocation, deleted);
        current.push_back(load_of(id, kept));
        next.push_back(load_of(id, difference(kept, duplicated)));
        work_set revoke = union_of(intersection(m.allocation, deleted), intersection(m.allocation, duplicated));
        if (!revoke.empty()) to_revoke[id] = std::move(revoke);
    }

    // 7. Lost work: a graceful leaver's at once, a vanished worker's by Kafka's rules.
    auto [graceful, vanished] = split_lost(lost, input);
    work_set to_reassign = graceful;
    handle_lost(vanished, to_reassign, next, input);

    // 8. Load-balancing revocations, unless a delay runs.
    if (delay_ == 0) {
        balance(configured, next, to_revoke, input.now);
    } else {
        revoked_in_previous_ = false;
    }

    // 9. New and reassigned work goes to the least loaded workers.
    const work_set to_assign = union_of(created, to_reassign);
    assign_connectors(next, to_assign.connectors);
    assign_tasks(next, to_assign.tasks);

    // 10. One delta per member.
    for (const auto& load : next) {
        auto& a = out[load.worker];
        a.version = input.version;
        a.leader = input.leader_id;
        a.leader_url = input.leader_url;
        a.config_offset = input.config.offset;
        a.assigned = difference(load.as_work_set(), find_load(current, load.worker)->as_work_set());
        if (auto it = to_revoke.find(load.worker); it != to_revoke.end()) a.revoked = it->second;
        a.delay_ms = delay_;
    }
    log::info(
        "assignor: generation {}: {} members, created {}, deleted {}, duplicated {}, lost {} ({} from graceful "
        "leavers), reassigned {}, revoking from {} members, delay {} ms",
        input.generation, input.members.size(), created.size(), deleted.size(), duplicated.size(), lost.size(),
        graceful.size(), to_reassign.size(), to_revoke.size(), delay_);

    // 11. Remember.
    remember(next, lost, to_revoke, input);
    return out;
}

std::pair<work_set, work_set> incremental_cooperative_assignor::split_lost(const work_set& lost,
                                                                           const assignor_input& input) const {
    std::pair<work_set, work_set> out;
    // A worker whose URL is in the group again (it rejoined under a new member id after losing its
    // membership, or restarted) is not gone: its former work need not wait for it.
    std::set<std::string> present_urls;
    for (const auto& [id, m] : input.members) present_urls.insert(m.url);
    auto departed = [&](const std::string& owner) {
        return input.departed_gracefully_urls.count(owner) > 0 || present_urls.count(owner) > 0;
    };
    for (const auto& c : lost.connectors) {
        auto it = previous_.connectors.find(c);
        (it != previous_.connectors.end() && departed(it->second) ? out.first : out.second).connectors.push_back(c);
    }
    for (const auto& t : lost.tasks) {
        auto it = previous_.tasks.find(t);
        (it != previous_.tasks.end() && departed(it->second) ? out.first : out.second).tasks.push_back(t);
    }
    return out;
}

bool incremental_cooperative_assignor::previous_members_present(const assignor_input& input) const {
    std::set<std::string> present_urls;
    for (const auto& [id, m] : input.members) present_urls.insert(m.url);
    for (const auto& [id, url] : previous_members_) {
        if (input.members.count(id) == 0 && input.departed_gracefully_urls.count(url) == 0 &&
            present_urls.count(url) == 0)
            return false;
    }
    return true;
}

void incremental_cooperative_assignor::handle_lost(const work_set& lost, work_set& to_reassign, worker_loads& next,
                                                   const assignor_input& input) {
    if (lost.empty() && !revoked_in_previous_) {
        reset_delay();
        return;
    }
    if (!lost.empty()) log::info("assignor: lost work (its worker vanished): {}", lost.to_string());
    if (!scheduled_ && previous_members_present(input)) {
        // No worker left: a member probably missed the last assignment. Reassign as new.
        to_reassign = union_of(to_reassign, lost);
        return;
    }
    if (max_delay_.count() == 0) {
        to_reassign = union_of(to_reassign, lost);
        return;
    }
    const auto now = input.now;
    if (scheduled_ && now >= *scheduled_) {
        log::info("assignor: the scheduled rebalance delay expired; reassigning lost work");
        give_to_candidates(lost, to_reassign, next);
        reset_delay();
        revoked_in_previous_ = false;
        return;
    }
    for (const auto& load : next) {
        if (load.empty() && std::find(candidates_.begin(), candidates_.end(), load.worker) == candidates_.end()) {
            candidates_.push_back(load.worker);
        }
    }
    if (scheduled_ && now < *scheduled_) {
        delay_ =
            static_cast<std::int32_t>(std::min(std::chrono::ceil<milliseconds>(*scheduled_ - now), max_delay_).count());
    } else {
        delay_ = static_cast<std::int32_t>(max_delay_.count());
    }
    scheduled_ = now + milliseconds(delay_);
    log::info("assignor: holding lost work for {} ms", delay_);
}

void incremental_cooperative_assignor::give_to_candidates(const work_set& lost, work_set& to_reassign,
                                                          worker_loads& next) {
    std::vector<worker_load*> chosen;
    for (const auto& id : candidates_) {
        auto it = std::find_if(next.begin(), next.end(), [&](const worker_load& l) { return l.worker == id; });
        if (it != next.end()) chosen.push_back(&*it);
    }
    if (chosen.empty()) {
        to_reassign = union_of(to_reassign, lost);
        return;
    }
    for (std::size_t i = 0; i < lost.connectors.size(); ++i) {
        chosen[i % chosen.size()]->connectors.push_back(lost.connectors[i]);
    }
    for (std::size_t i = 0; i < lost.tasks.size(); ++i) chosen[i % chosen.size()]->tasks.push_back(lost.tasks[i]);
}

void incremental_cooperative_assignor::balance(const work_set& configured, worker_loads& next, revocations& to_revoke,
                                               clock::time_point now) {
    const revocations balancing = balancing_revocations(configured, next);
    if (revoked_in_previous_ && !balancing.empty()) {
        ++successive_revoking_rounds_;
        delay_ = backoff(successive_revoking_rounds_);
        if (delay_ != 0) {
            scheduled_ = now + milliseconds(delay_);
            log::info("assignor: successive revoking rebalances; revoking after {} ms", delay_);
            return;
        }
        add_revocations(to_revoke, balancing);
        remove_revoked(next, balancing);
    } else if (!balancing.empty()) {
        add_revocations(to_revoke, balancing);
        remove_revoked(next, balancing);
        revoked_in_previous_ = true;
    } else if (revoked_in_previous_) {
        revoked_in_previous_ = false;
        successive_revoking_rounds_ = 0;
    }
}

void incremental_cooperative_assignor::reset_delay() {
    candidates_.clear();
    scheduled_.reset();
    delay_ = 0;
}

std::int32_t incremental_cooperative_assignor::backoff(int attempts) const {
    // Kafka's ExponentialBackoff(initial 1 ms, multiplier 40, max = max delay, no jitter): 40^attempts ms.
    const exponential_backoff delays({std::chrono::milliseconds(1), max_delay_, 40});
    const auto failures = static_cast<std::uint32_t>(std::max(attempts, 0)) + 1;
    return static_cast<std::int32_t>(delays.delay_after(failures).count());
}

void incremental_cooperative_assignor::remember(const worker_loads& next, const work_set& lost,
                                                const revocations& revoked, const assignor_input& input) {
    auto url_of = [&](const std::string& id) {
        auto it = input.members.find(id);
        return it == input.members.end() ? std::string() : it->second.url;
    };
    owned_work remembered;
    for (const auto& c : lost.connectors) remembered.connectors[c] = previous_.connectors[c];
    for (const auto& t : lost.tasks) remembered.tasks[t] = previous_.tasks[t];
    for (const auto& load : next) {
        const std::string url = url_of(load.worker);
        for (const auto& c : load.connectors) remembered.connectors[c] = url;
        for (const auto& t : load.tasks) remembered.tasks[t] = url;
    }
    previous_ = std::move(remembered);
    previous_revocation_ = {};
    for (const auto& [id, items] : revoked) previous_revocation_ = union_of(previous_revocation_, items);
    previous_generation_ = input.generation;
    previous_members_.clear();
    for (const auto& [id, m] : input.members) previous_members_[id] = m.url;
}

}  // namespace copycat::coordination
