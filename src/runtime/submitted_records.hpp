#pragma once
// The source records a task handed to the producer, per source partition in send order
// (Kafka: SubmittedRecords). A record's source offset becomes committable only when Kafka
// acknowledged it AND every earlier record of the same source partition; acknowledgements may
// arrive in any order (different topic partitions, retries).
//
// Memory: an acknowledged record is kept only while an earlier record of its partition waits for
// its acknowledgement; the acknowledged prefix is folded into the partition's newest committable
// offset at once, not at the next offset commit (which at 50,000 records a second and the
// default 60 s flush interval would otherwise hold millions of records).
//
// Threading: submit(), drop() and committable() are called by the task thread; ack() may come
// from any thread (a delivery callback). One mutex guards the state.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

#include "copycat/data/records.hpp"

namespace copycat::runtime {

class submitted_records {
public:
    // One submitted record; keep it to ack() or drop() it. Copyable, cheap.
    class handle {
    public:
        handle() = default;
        bool valid() const { return node_ != nullptr; }

    private:
        friend class submitted_records;
        struct node;
        handle(std::shared_ptr<node> n, std::string key) : node_(std::move(n)), partition_key_(std::move(key)) {}
        std::shared_ptr<node> node_;
        std::string partition_key_;  // empty: a record without a source partition (not tracked per partition)
    };

    struct partition_offset {
        source_map partition;
        source_map offset;
    };

    // What committable() found: the newest committable offset of each source partition (keyed by
    // the partition's serialized key), and counts for logging.
    struct committable_offsets {
        std::map<std::string, partition_offset> offsets;
        std::size_t committable_records = 0;
        std::size_t pending_records = 0;  // acked or not, but behind an unacked record
        std::size_t largest_partition_backlog = 0;
        bool empty() const { return offsets.empty(); }
    };

    // Records a record about to be produced. `partition_key` identifies the source partition
    // (its serialized offsets key); an empty key means the record has no source partition: it
    // counts as unacked until acked, but no offset is ever committed for it.
    handle submit(std::string partition_key, const source_map& partition, source_map offset);

    // Kafka acknowledged the record (or errors.tolerance=all skipped it). Idempotent.
    void ack(const handle& record);

    // Forgets a record that was never handed to the producer (produce() refused it). Only the
    // most recent submission of its partition may be dropped; returns false otherwise.
    bool drop(const handle& record);

    // The newest committable offset of each partition since the last call, which forgets them.
    committable_offsets committable();

    // Records submitted and not yet acked.
    std::size_t unacked() const;
    // Records kept: unacked ones, and acked ones behind an unacked one of their partition.
    std::size_t held() const;

private:
    struct partition_queue {
        source_map partition;
        std::deque<std::shared_ptr<handle::node>> records;  // from the oldest unacked one on
        std::optional<source_map> committable;               // the newest offset of the acked prefix
        std::size_t committable_records = 0;                 // records folded into it
    };

    // Moves the acknowledged records at the front of `queue` into its committable offset.
    static void fold_acked_prefix(partition_queue& queue);

    mutable std::mutex mutex_;  // guards partitions_ (and the nodes they hold), unacked_
    std::map<std::string, partition_queue> partitions_;
    std::size_t unacked_ = 0;
};

}  // namespace copycat::runtime
