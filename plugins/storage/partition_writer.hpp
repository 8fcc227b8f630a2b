// The files of one Kafka partition: recovery of its committed offset from file names, the open
// (temporary) files records are written to, and their atomic commit.
//
// Layout below <topics.dir> (see docs/connectors/partitioned-file-sink.md):
//
//   <topic>/<encoded partition>/<topic>+<partition>+<start>+<end>.<ext>   committed files
//   +tmp/<topic>/<partition>/lock                                        the writer's flock
//   +tmp/<topic>/<partition>/<batch start>-<n>.tmp                       open files
//   +tmp/<topic>/<partition>/commit                                      a commit in progress
//
// A commit makes every open file of the partition visible at once. Each file is fsync'ed; a
// single file is then renamed into place (rename is atomic). Several files (one per encoded
// partition) are first listed in the "commit" manifest, itself written under another name,
// fsync'ed and renamed: from that rename on, the commit has happened, and recovery finishes the
// renames a crash interrupted. So a partition's committed files always hold every record from
// the first offset up to the highest end offset in their names, each exactly once; recovery
// resumes after that offset and drops everything temporary.
//
// Threads: the task's thread only.
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "copycat/connector/topic_partition.hpp"
#include "copycat/data/records.hpp"
#include "storage/durable_files.hpp"
#include "storage/file_names.hpp"
#include "storage/partitioner.hpp"
#include "storage/storage_configs.hpp"

namespace copycat::storage {

class partition_writer {
public:
    /// Takes the partition's lock (waiting up to `lock_wait` for a previous writer), finishes
    /// an interrupted commit, removes temporary files and reads the committed offset from the
    /// file names. Throws connect_error when the file system refuses.
    partition_writer(const storage_settings& settings, const partitioner& partitioner, topic_partition tp,
                     std::chrono::milliseconds lock_wait);
    partition_writer(const partition_writer&) = delete;
    partition_writer& operator=(const partition_writer&) = delete;
    /// Drops the open files (their records were not committed) and releases the lock; after a
    /// commit that failed past its commit point, leaves its files to the next recovery.
    ~partition_writer();

    /// The offset after the last committed record; nullopt when no file is committed.
    std::optional<std::int64_t> committed_offset() const { return committed_; }

    /// Adds a record. Records at or below an offset already written are skipped (they were
    /// delivered again). Commits first when the record's time ends the batch (rotate.interval.ms),
    /// and after it when the batch holds flush.size records.
    void write(const sink_record& record, std::int64_t now_ms);

    /// How many records write() skipped as delivered again since the last call. The worker
    /// seeks where open() asked, so this stays 0 unless a seek was not honoured.
    std::int64_t take_skipped() { return std::exchange(skipped_, 0); }

    /// Commits the open files when the wall clock says they are old enough (rotate.interval.ms
    /// measured by the wall clock); called on every put(), so idle partitions commit too.
    void rotate_if_due(std::int64_t now_ms);

private:
    struct open_file {
        std::unique_ptr<buffered_file> file;
        offset_range offsets;
    };

    void recover();
    void finish_interrupted_commit();
    void commit();
    bool wall_clock_rotation() const;

    const storage_settings& settings_;
    const partitioner& partitioner_;
    const topic_partition tp_;
    const std::filesystem::path topic_dir_;  // <topics.dir>/<topic>
    const std::filesystem::path temp_dir_;   // <topics.dir>/+tmp/<topic>/<partition>
    std::unique_ptr<file_lock> lock_;
    std::optional<std::int64_t> committed_;
    std::optional<std::int64_t> last_written_;
    std::map<std::string, open_file> open_;  // by encoded partition
    std::int64_t batch_records_ = 0;
    std::int64_t skipped_ = 0;
    bool committing_ = false;  // a manifest names the open files: only recovery may touch them
    std::int64_t batch_start_offset_ = 0;
    std::int64_t batch_time_ = 0;  // the time of the batch's first record (rotate.interval.ms)
};

}  // namespace copycat::storage
