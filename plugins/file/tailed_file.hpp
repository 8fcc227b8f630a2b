// A file read from a position onwards while it grows, that notices truncation and replacement.
#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace copycat::file {

/// What has become of a tailed file, looked at when all of its data has been read.
enum class file_change {
    /// Nothing: wait for more data.
    none,
    /// The open file is now shorter than what was read from it (truncated in place, e.g. by
    /// logrotate's copytruncate).
    truncated,
    /// The path names another file now (rotated: renamed and recreated, or deleted and
    /// recreated).
    replaced,
    /// The path names no file at the moment (renamed or deleted, not yet recreated).
    missing,
};

/// The file at a path, opened for reading: reads, seeks, and tells whether the path still names
/// the open file. Opened non-blocking, so a FIFO never blocks a read. Owned and used by one
/// thread (the source task's).
class tailed_file {
public:
    explicit tailed_file(std::string path);
    ~tailed_file();
    tailed_file(const tailed_file&) = delete;
    tailed_file& operator=(const tailed_file&) = delete;

    const std::string& path() const noexcept { return path_; }
    bool is_open() const noexcept { return fd_ >= 0; }

    /// Opens the file the path names and moves to `position`, or to the start when the file is
    /// shorter than that. Returns the position used, or nullopt when there is no file to read at
    /// the path: nothing, or a directory (Kafka's task keeps running in both cases, waiting). Throws
    /// connect_error when the file exists but cannot be opened.
    std::optional<std::int64_t> open(std::int64_t position);

    /// Reads at most `size` bytes; 0 at the end of the data. Throws connect_error on an I/O
    /// error.
    std::size_t read(char* into, std::size_t size);

    /// What has become of the file, given that `read_position` bytes have been read from it.
    file_change check(std::int64_t read_position) const;

    /// Moves back to the start of the open file.
    void rewind();

    void close() noexcept;

private:
    std::string path_;
    int fd_ = -1;
    bool regular_ = false;
    dev_t device_ = 0;
    ino_t inode_ = 0;
};

}  // namespace copycat::file
