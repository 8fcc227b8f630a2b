#include "storage/file_offset_store.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <utility>

#include "common/logging.hpp"
#include "storage/offset_file_format.hpp"

namespace copycat::storage {
namespace {

error io_failure(const std::string& what, const std::string& path, int code) {
    return make_error(errc::io_error, what + " " + path + ": " + std::strerror(code));
}

// Writes all of `text` to `fd`.
bool write_all(int fd, const std::string& text) {
    std::size_t done = 0;
    while (done < text.size()) {
        ssize_t n = ::write(fd, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// fsync of the directory holding `path`, so that a rename survives a crash.
result<void> sync_directory(const std::string& path) {
    std::filesystem::path dir = std::filesystem::path(path).parent_path();
    if (dir.empty()) dir = ".";
    int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return io_failure("cannot open directory", dir.string(), errno);
    int rc = ::fsync(fd);
    int code = errno;
    ::close(fd);
    if (rc != 0) return io_failure("cannot sync directory", dir.string(), code);
    return {};
}

result<void> write_atomically(const std::string& path, const std::string& text) {
    const std::string temp = path + ".tmp";
    int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return io_failure("cannot create", temp, errno);
    bool written = write_all(fd, text);
    int code = errno;
    if (written && ::fsync(fd) != 0) {
        written = false;
        code = errno;
    }
    if (::close(fd) != 0 && written) {
        written = false;
        code = errno;
    }
    if (!written) {
        ::unlink(temp.c_str());
        return io_failure("cannot write", temp, code);
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        code = errno;
        ::unlink(temp.c_str());
        return io_failure("cannot rename " + temp + " to", path, code);
    }
    return sync_directory(path);
}

}  // namespace

file_offset_store::file_offset_store(std::string path) : path_(std::move(path)) {}

result<void> file_offset_store::start() {
    std::ifstream in(path_, std::ios::binary);
    if (!in) {
        if (!std::filesystem::exists(path_)) {
            log::info("offset file {} does not exist yet; starting with no offsets", path_);
            replace({});
            return {};
        }
        return make_error(errc::io_error, "cannot read offset file " + path_);
    }
    std::ostringstream text;
    text << in.rdbuf();
    if (text.str().empty()) {
        replace({});
        return {};
    }
    auto entries = decode_offset_file(text.str());
    if (!entries) return make_error(errc::protocol_error, entries.err().message + " (" + path_ + ")");
    log::info("loaded {} source offsets from {}", entries->size(), path_);
    replace(std::move(*entries));
    return {};
}

result<void> file_offset_store::persist(const std::map<offset_bytes, offset_bytes>& data) {
    auto written = write_atomically(path_, encode_offset_file(data));
    if (!written) log::error("cannot store source offsets: {}", written.err().describe());
    return written;
}

}  // namespace copycat::storage
