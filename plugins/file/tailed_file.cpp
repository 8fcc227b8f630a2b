#include "file/tailed_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include "copycat/errors.hpp"

namespace copycat::file {
namespace {

std::string describe_errno(int error) { return std::strerror(error); }

}  // namespace

tailed_file::tailed_file(std::string path) : path_(std::move(path)) {}

tailed_file::~tailed_file() { close(); }

std::optional<std::int64_t> tailed_file::open(std::int64_t position) {
    close();
    const int fd = ::open(path_.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) {
        const int error = errno;
        if (error == ENOENT) return std::nullopt;
        throw connect_error("Error while trying to open file " + path_ + ": " + describe_errno(error));
    }
    struct stat st {};
    if (::fstat(fd, &st) != 0) {
        const int error = errno;
        ::close(fd);
        throw connect_error("Error while trying to open file " + path_ + ": " + describe_errno(error));
    }
    if (S_ISDIR(st.st_mode)) {
        ::close(fd);
        return std::nullopt;
    }
    fd_ = fd;
    regular_ = S_ISREG(st.st_mode);
    device_ = st.st_dev;
    inode_ = st.st_ino;
    if (!regular_) return 0;  // a FIFO or device: no positions
    if (position < 0 || position > st.st_size) position = 0;
    if (::lseek(fd_, position, SEEK_SET) < 0) {
        const int error = errno;
        close();
        throw connect_error("Error while trying to seek to position " + std::to_string(position) + " in file " + path_ +
                            ": " + describe_errno(error));
    }
    return position;
}

std::size_t tailed_file::read(char* into, std::size_t size) {
    for (;;) {
        const ssize_t n = ::read(fd_, into, size);
        if (n >= 0) return static_cast<std::size_t>(n);
        const int error = errno;
        if (error == EINTR) continue;
        if (error == EAGAIN || error == EWOULDBLOCK) return 0;
        throw connect_error("Error while reading file " + path_ + ": " + describe_errno(error));
    }
}

file_change tailed_file::check(std::int64_t read_position) const {
    if (fd_ < 0) return file_change::missing;
    struct stat open_file {};
    if (regular_ && ::fstat(fd_, &open_file) == 0 && open_file.st_size < read_position) {
        return file_change::truncated;
    }
    struct stat at_path {};
    if (::stat(path_.c_str(), &at_path) != 0) {
        return errno == ENOENT || errno == ENOTDIR ? file_change::missing : file_change::none;
    }
    if (at_path.st_dev != device_ || at_path.st_ino != inode_) return file_change::replaced;
    return file_change::none;
}

void tailed_file::rewind() {
    if (fd_ >= 0 && regular_ && ::lseek(fd_, 0, SEEK_SET) < 0) {
        const int error = errno;
        throw connect_error("Error while trying to seek to the start of file " + path_ + ": " + describe_errno(error));
    }
}

void tailed_file::close() noexcept {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

}  // namespace copycat::file
