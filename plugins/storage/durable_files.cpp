#include "storage/durable_files.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <thread>
#include <vector>

#include "copycat/errors.hpp"

namespace copycat::storage {
namespace {

namespace fs = std::filesystem;

[[noreturn]] void fail(std::string_view what, const fs::path& path, int error) {
    throw connect_error(std::string(what) + " " + path.string() + ": " + std::strerror(error));
}

void write_all(int fd, std::string_view data, const fs::path& path) {
    while (!data.empty()) {
        const ssize_t n = ::write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR) continue;
            fail("Cannot write", path, errno);
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
}

void sync_fd(int fd, const fs::path& path) {
    if (::fsync(fd) != 0) fail("Cannot fsync", path, errno);
}

// Larger buffers gain little: the page cache merges the writes.
constexpr std::size_t write_threshold = 256 * 1024;

}  // namespace

void sync_directory(const fs::path& dir) {
    const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) fail("Cannot open directory", dir, errno);
    const int rc = ::fsync(fd);
    const int error = errno;
    ::close(fd);
    if (rc != 0) fail("Cannot fsync directory", dir, error);
}

void create_directories_durably(const fs::path& dir) {
    std::vector<fs::path> missing;
    for (fs::path p = dir; !p.empty() && !fs::exists(p); p = p.parent_path()) {
        missing.push_back(p);
        if (p == p.parent_path()) break;
    }
    for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
        if (::mkdir(it->c_str(), 0755) != 0 && errno != EEXIST) fail("Cannot create directory", *it, errno);
        sync_directory(it->has_parent_path() ? it->parent_path() : fs::path("."));
    }
}

void rename_durably(const fs::path& from, const fs::path& to) {
    if (::rename(from.c_str(), to.c_str()) != 0) fail("Cannot rename " + from.string() + " to", to, errno);
    sync_directory(to.parent_path());
    if (from.parent_path() != to.parent_path()) sync_directory(from.parent_path());
}

void write_file_synced(const fs::path& path, std::string_view contents) {
    buffered_file file(path);
    file.buffer() = contents;
    file.sync_and_close();
}

std::string read_whole_file(const fs::path& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) fail("Cannot open", path, errno);
    std::string out;
    char chunk[8192];
    for (;;) {
        const ssize_t n = ::read(fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const int error = errno;
            ::close(fd);
            fail("Cannot read", path, error);
        }
        if (n == 0) break;
        out.append(chunk, static_cast<std::size_t>(n));
    }
    ::close(fd);
    return out;
}

buffered_file::buffered_file(fs::path path) : path_(std::move(path)) {
    fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) fail("Cannot create", path_, errno);
}

buffered_file::~buffered_file() {
    if (fd_ >= 0) ::close(fd_);
}

void buffered_file::written() {
    if (buffer_.size() >= write_threshold) write_out();
}

void buffered_file::write_out() {
    write_all(fd_, buffer_, path_);
    buffer_.clear();
}

void buffered_file::sync_and_close() {
    write_out();
    sync_fd(fd_, path_);
    const int rc = ::close(fd_);
    fd_ = -1;
    if (rc != 0) fail("Cannot close", path_, errno);
}

file_lock::file_lock(const fs::path& path, std::chrono::milliseconds wait) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0) fail("Cannot open lock file", path, errno);
    const auto deadline = std::chrono::steady_clock::now() + wait;
    // flock has no timed wait: try, and look again shortly while the holder finishes.
    while (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        const int error = errno;
        if (error == EINTR) continue;
        if (error != EWOULDBLOCK || std::chrono::steady_clock::now() >= deadline) {
            ::close(fd_);
            fd_ = -1;
            if (error == EWOULDBLOCK)
                throw connect_error("Another writer still holds " + path.string() + " after " +
                                    std::to_string(wait.count()) + " ms; refusing to write the same partition twice");
            fail("Cannot lock", path, error);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

file_lock::~file_lock() {
    if (fd_ >= 0) ::close(fd_);  // releases the lock
}

}  // namespace copycat::storage
