// The file-system steps of an atomic, durable commit on a POSIX file system: data written and
// fsync'ed before a rename publishes it, directories fsync'ed after entries appear or go, and
// an advisory lock that keeps two writers off one Kafka partition. Errors throw connect_error
// with the path and the system's message.
#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <string_view>

namespace copycat::storage {

/// Creates `dir` and its missing parents; each directory created is made durable in its parent.
void create_directories_durably(const std::filesystem::path& dir);

/// fsync of a directory, so that entries created, renamed or removed in it survive a crash.
void sync_directory(const std::filesystem::path& dir);

/// Renames `from` to `to` (atomically replacing `to`) and makes the rename durable.
void rename_durably(const std::filesystem::path& from, const std::filesystem::path& to);

/// Writes `contents` to `path` (replacing it) and fsyncs it; not yet visible under another name.
void write_file_synced(const std::filesystem::path& path, std::string_view contents);

/// The whole file.
std::string read_whole_file(const std::filesystem::path& path);

/// A file being written: appends go to a buffer, written out when it grows large and by
/// sync(), which also fsyncs. Closes the descriptor when destroyed.
class buffered_file {
public:
    /// Creates (or truncates) `path`.
    explicit buffered_file(std::filesystem::path path);
    ~buffered_file();
    buffered_file(const buffered_file&) = delete;
    buffered_file& operator=(const buffered_file&) = delete;

    const std::filesystem::path& path() const { return path_; }
    /// The buffer to append to; call written() after appending.
    std::string& buffer() { return buffer_; }
    void written();
    /// Writes the buffer out, fsyncs and closes the file.
    void sync_and_close();

private:
    void write_out();

    std::filesystem::path path_;
    int fd_ = -1;
    std::string buffer_;
};

/// An exclusive flock(2) on a lock file, held until destruction. A process that dies loses its
/// locks, so a killed worker never blocks the next owner of its partitions.
class file_lock {
public:
    /// Takes the lock on `path` (created when missing), waiting up to `wait` while another
    /// holder (a task that still runs, in this process or another) has it; throws connect_error
    /// when it does not come free in time.
    file_lock(const std::filesystem::path& path, std::chrono::milliseconds wait);
    ~file_lock();
    file_lock(const file_lock&) = delete;
    file_lock& operator=(const file_lock&) = delete;

private:
    int fd_ = -1;
};

}  // namespace copycat::storage
