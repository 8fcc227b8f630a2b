#include "file/file_stream_sink_task.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string_view>

#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"
#include "file/file_configs.hpp"
#include "support/java_text.hpp"
#include "copycat/plugin_log.hpp"

namespace copycat::file {

file_stream_sink_task::~file_stream_sink_task() { close_output(); }

std::string file_stream_sink_task::version() const { return plugin_version; }

bool file_stream_sink_task::nonblocking_put() const { return true; }

void file_stream_sink_task::start(const std::map<std::string, std::string>& props) {
    const abstract_config config(sink_config_def(), props);
    close_output();
    pending_.clear();
    filename_ = config.is_null(file_config) ? std::string() : config.get_string(file_config);
    if (filename_.empty()) {
        fd_ = STDOUT_FILENO;
        return;
    }
    fd_ = ::open(filename_.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) {
        const int error = errno;
        throw connect_error("Couldn't find or create file '" + filename_ +
                            "' for FileStreamSinkTask: " + std::strerror(error));
    }
    owns_fd_ = true;
    pending_.reserve(flush_threshold + 4096);
    end_unterminated_line();
}

// A file that ends in the middle of a line was cut short: a write the kernel stopped at a page
// boundary because the worker was killed (SIGKILL ends even a single write(2) early). Those
// records were never committed, so they come again; they start on a line of their own instead of
// being glued to the torn bytes. A user's file without a final newline gets one too.
void file_stream_sink_task::end_unterminated_line() {
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0) return;
    const int reader = ::open(filename_.c_str(), O_RDONLY | O_CLOEXEC);  // fd_ is write-only
    if (reader < 0) return;
    char last = '\n';
    const ssize_t read = ::pread(reader, &last, 1, st.st_size - 1);
    ::close(reader);
    if (read != 1 || last == '\n') return;
    plugin_log::warn("org.apache.kafka.connect.file.FileStreamSinkTask",
                              "'" + filename_ + "' ends in an unterminated line, a write cut short; ending it "
                                  "before the records that follow");
    pending_ = "\n";
    write_out();
}

void file_stream_sink_task::put(std::vector<sink_record>& records) {
    for (const auto& record : records) {
        plugin_support::append_java_text(pending_, record.val);
        pending_ += '\n';
        if (pending_.size() >= flush_threshold) write_out();
    }
    write_out();  // lines show up at once, as with Kafka's unbuffered stream
}

void file_stream_sink_task::flush(const topic_partition_offsets& /*current_offsets*/) { write_out(); }

void file_stream_sink_task::stop() {
    write_out();
    close_output();
}

void file_stream_sink_task::write_out() {
    if (pending_.empty()) return;
    if (fd_ < 0) throw connect_error("FileStreamSinkTask is not started");
    std::string_view rest = pending_;
    while (!rest.empty()) {
        const ssize_t n = ::write(fd_, rest.data(), rest.size());
        if (n < 0) {
            const int error = errno;
            if (error == EINTR) continue;
            throw connect_error("Error while writing to " + (filename_.empty() ? std::string("stdout") : filename_) +
                                ": " + std::strerror(error));
        }
        rest.remove_prefix(static_cast<std::size_t>(n));
    }
    pending_.clear();
}

void file_stream_sink_task::close_output() noexcept {
    if (owns_fd_ && fd_ >= 0) ::close(fd_);
    fd_ = -1;
    owns_fd_ = false;
}

}  // namespace copycat::file
