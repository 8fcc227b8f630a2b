#pragma once
// The consumer's group bookkeeping and its librdkafka rebalance callback logic. Internal to
// copycat::rdkafka (includes rdkafka.h); included by consumer.cpp only.

#include <librdkafka/rdkafka.h>

#include <exception>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "common/logging.hpp"
#include "common/result.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/detail/client_factory.hpp"
#include "kafka/rdkafka/detail/kafka_error.hpp"
#include "kafka/rdkafka/detail/partition_list.hpp"

namespace copycat::rdkafka::detail {

using partition_key = std::pair<std::string, std::int32_t>;

inline bool contains(const rd_kafka_topic_partition_list_t* list, const partition_key& key) {
    return list != nullptr && rd_kafka_topic_partition_list_find(list, key.first.c_str(), key.second) != nullptr;
}

// What the consumer keeps between its calls and librdkafka's rebalance callback (whose opaque
// it is). Heap-allocated so that it stays put when the consumer moves. Used only on the thread
// that polls: librdkafka runs the rebalance callback inside rd_kafka_consumer_poll(), and the
// consumer's close calls rebalance() for the final revocation (consumer::serve_close()).
struct consumer_group_state {
    rebalance_listener* listener = nullptr;
    // During on_partitions_assigned: librdkafka's list of the partitions being assigned, whose
    // offsets seek() sets; pause() of those partitions waits until they are assigned.
    rd_kafka_topic_partition_list_t* assigning = nullptr;
    std::vector<topic_partition> pause_after_assign;
    // Paused by pause(): resume() touches only these, and revocation resumes them so that a
    // later assignment of the partition starts unpaused (librdkafka keeps the flag otherwise).
    std::set<partition_key> paused;
    // Seeks of assigned partitions whose fetch had not started yet; retried by poll().
    std::map<partition_key, std::int64_t> pending_seeks;
    // A failed rebalance step, reported by the next poll().
    std::optional<error> failure;

    void note_failure(rd_kafka_t* handle, error e) {
        log::warn("rdkafka {}: {}", client_name(handle), e.describe());
        if (!failure) failure = std::move(e);
    }

    // Before the application replaces the assignment itself (consumer::assign/unassign): pending
    // seeks are void, and paused partitions are resumed so that they start unpaused if assigned
    // again.
    void reset_assignment(rd_kafka_t* handle) {
        pending_seeks.clear();
        if (paused.empty()) return;
        std::vector<topic_partition> unpause;
        for (const auto& [topic, partition] : paused) unpause.push_back({topic, partition});
        paused.clear();
        partition_list_ptr list = to_list(unpause);
        (void)rd_kafka_resume_partitions(handle, list.get());  // best effort: only clears the flag
    }

    // The rebalance callback: tells the listener, then (un)assigns as the protocol requires.
    void rebalance(rd_kafka_t* handle, rd_kafka_resp_err_t err, rd_kafka_topic_partition_list_t* partitions) {
        const char* protocol = rd_kafka_rebalance_protocol(handle);
        bool cooperative = protocol != nullptr && std::string_view(protocol) == "COOPERATIVE";
        if (err == RD_KAFKA_RESP_ERR__ASSIGN_PARTITIONS) {
            assign(handle, partitions, cooperative);
            return;
        }
        if (err != RD_KAFKA_RESP_ERR__REVOKE_PARTITIONS) {
            note_failure(handle, kafka_error(err, "rebalance"));
            cooperative = false;  // librdkafka asks for a full unassign after a rebalance error
        }
        revoke(handle, partitions, cooperative);
    }

private:
    template <class F>
    void call_listener(rd_kafka_t* handle, std::string_view what, F&& call) {
        if (listener == nullptr) return;
        try {
            call(*listener);
        } catch (const std::exception& e) {
            note_failure(handle, make_error(errc::internal,
                                            fmt::format("rebalance listener threw from {}: {}", what, e.what())));
        } catch (...) {
            note_failure(handle, make_error(errc::internal, fmt::format("rebalance listener threw from {}", what)));
        }
    }

    void assign(rd_kafka_t* handle, rd_kafka_topic_partition_list_t* partitions, bool cooperative) {
        const auto assigned = partitions_of(partitions);
        assigning = partitions;
        call_listener(handle, "on_partitions_assigned",
                      [&](rebalance_listener& l) { l.on_partitions_assigned(assigned); });
        assigning = nullptr;
        if (cooperative) {
            if (rd_kafka_error_t* e = rd_kafka_incremental_assign(handle, partitions)) {
                note_failure(handle, take_kafka_error(e, "assign partitions"));
            }
        } else if (rd_kafka_resp_err_t e = rd_kafka_assign(handle, partitions)) {
            note_failure(handle, kafka_error(e, "assign partitions"));
        }
        auto paused_now = std::exchange(pause_after_assign, {});
        if (paused_now.empty()) return;
        partition_list_ptr list = to_list(paused_now);
        rd_kafka_resp_err_t e = rd_kafka_pause_partitions(handle, list.get());
        auto checked =
            e ? result<void>(kafka_error(e, "pause partitions")) : first_partition_error(list.get(), "pause");
        if (!checked) {
            note_failure(handle, checked.err());
            return;
        }
        for (const auto& tp : paused_now) paused.emplace(tp.topic, tp.partition);
    }

    void revoke(rd_kafka_t* handle, rd_kafka_topic_partition_list_t* partitions, bool cooperative) {
        const auto revoked = partitions_of(partitions);
        if (rd_kafka_assignment_lost(handle)) {
            call_listener(handle, "on_partitions_lost", [&](rebalance_listener& l) { l.on_partitions_lost(revoked); });
        } else {
            call_listener(handle, "on_partitions_revoked",
                          [&](rebalance_listener& l) { l.on_partitions_revoked(revoked); });
        }
        const auto gone = [&](const partition_key& key) { return !cooperative || contains(partitions, key); };
        std::vector<topic_partition> unpause;
        for (const auto& key : paused) {
            if (gone(key)) unpause.push_back({key.first, key.second});
        }
        std::erase_if(paused, gone);
        std::erase_if(pending_seeks, [&](const auto& entry) { return gone(entry.first); });
        if (!unpause.empty()) {
            partition_list_ptr list = to_list(unpause);
            (void)rd_kafka_resume_partitions(handle, list.get());  // best effort: only clears the flag
        }
        if (cooperative) {
            if (rd_kafka_error_t* e = rd_kafka_incremental_unassign(handle, partitions)) {
                note_failure(handle, take_kafka_error(e, "unassign partitions"));
            }
        } else if (rd_kafka_resp_err_t e = rd_kafka_assign(handle, nullptr)) {
            note_failure(handle, kafka_error(e, "unassign partitions"));
        }
    }
};

}  // namespace copycat::rdkafka::detail
