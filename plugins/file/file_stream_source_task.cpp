#include "file/file_stream_source_task.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>
#include <chrono>
#include <cstring>

#include "copycat/config/abstract_config.hpp"
#include "copycat/errors.hpp"
#include "copycat/plugin_log.hpp"

namespace copycat::file {
namespace {

constexpr std::string_view logger = "org.apache.kafka.connect.file.FileStreamSourceTask";

std::int64_t now_millis() {
    using namespace std::chrono;
    return duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
}

// The position in a committed offset: 0 when there is none. Any integer is accepted.
std::int64_t stored_position(const std::optional<source_map>& offset) {
    if (!offset) return 0;
    const auto it = offset->find(std::string(position_field));
    if (it == offset->end() || it->second.is_null()) return 0;
    if (!it->second.is_integer()) throw connect_error("Offset position is the incorrect type");
    return it->second.to_int64();
}

}  // namespace

std::string file_stream_source_task::version() const { return plugin_version; }

// Kafka's FileStreamSourceTask waits 1 s for more data at the end of the file; this task returns
// at once and the worker's back-off (up to 1 s) does the waiting, without a thread per task.
bool file_stream_source_task::nonblocking_poll() const { return true; }

void file_stream_source_task::start(const std::map<std::string, std::string>& props) {
    const abstract_config config(source_config_def(), props);
    topic_ = config.get_string(topic_config);
    batch_size_ = static_cast<std::size_t>(std::max(1, config.get_int(batch_size_config)));
    value filename_value;  // Kafka's partition for standard input is {"filename": null}
    filename_.reset();
    if (!config.is_null(file_config)) {
        filename_value = config.get_string(file_config);
        if (!config.get_string(file_config).empty()) filename_ = config.get_string(file_config);
    }
    partition_ = source_map{{std::string(filename_field), filename_value}};
    stopping_ = false;
    draining_ = missing_logged_ = gone_logged_ = false;
    buffer_.clear();
    position_ = 0;
    file_.reset();
    if (!filename_) return;
    file_.emplace(*filename_);
    next_open_position_ = stored_position(context().offset_storage_reader().offset(partition_));
    if (next_open_position_ < 0) {
        plugin_log::warn(logger, "Ignoring the negative stored position " + std::to_string(next_open_position_) + " of " +
                              *filename_ + "; reading it from the start");
        next_open_position_ = 0;
    }
}

std::vector<source_record> file_stream_source_task::poll() {
    std::vector<source_record> records;
    if (stopping_) return records;
    if (file_ && !file_->is_open() && !open_file()) return records;
    const std::int64_t now_ms = now_millis();
    for (;;) {
        while (records.size() < batch_size_) {
            const auto line = buffer_.next_line();
            if (!line) break;
            emit(records, *line, now_ms);
        }
        if (records.size() >= batch_size_ || stopping_) return records;
        const read_result result = read_more();
        if (result == read_result::data) continue;
        if (!records.empty()) return records;
        if (result == read_result::end_of_data && follow_file_change(records, now_ms)) continue;
        return records;
    }
}

void file_stream_source_task::stop() { stopping_ = true; }

bool file_stream_source_task::open_file() {
    const auto position = file_->open(next_open_position_);
    if (!position) {
        if (!missing_logged_) {
            std::error_code ignored;
            if (std::filesystem::is_directory(file_->path(), ignored)) {
                plugin_log::warn(logger, "File " + file_->path() +
                                      " for FileStreamSourceTask is a directory, waiting for a file to replace it");
            } else {
                plugin_log::warn(logger, "Couldn't find file " + file_->path() +
                                      " for FileStreamSourceTask, waiting for it to be created");
            }
            missing_logged_ = true;
        }
        return false;
    }
    if (*position != next_open_position_) {
        plugin_log::warn(logger, "File " + file_->path() + " is shorter than the stored position " +
                              std::to_string(next_open_position_) +
                              "; it was truncated or replaced meanwhile, reading it from the start");
    }
    position_ = *position;
    next_open_position_ = 0;
    missing_logged_ = false;
    return true;
}

file_stream_source_task::read_result file_stream_source_task::read_more() {
    const std::span<char> space = buffer_.free_space();
    if (!file_) return read_stdin(space.data(), space.size());
    const std::size_t n = file_->read(space.data(), space.size());
    if (n == 0) return read_result::end_of_data;
    buffer_.fill(n);
    return read_result::data;
}

file_stream_source_task::read_result file_stream_source_task::read_stdin(char* into, std::size_t size) {
    pollfd ready{STDIN_FILENO, POLLIN, 0};
    if (::poll(&ready, 1, 0) <= 0) return read_result::nothing_yet;
    const ssize_t n = ::read(STDIN_FILENO, into, size);
    if (n > 0) {
        buffer_.fill(static_cast<std::size_t>(n));
        return read_result::data;
    }
    if (n == 0) return read_result::end_of_data;
    const int error = errno;
    if (error == EINTR || error == EAGAIN || error == EWOULDBLOCK) return read_result::nothing_yet;
    throw connect_error(std::string("Error while reading standard input: ") + std::strerror(error));
}

// At the end of the file's data: restarts after a truncation and moves on to a new file after
// a rotation. True when there may be more to read right away.
bool file_stream_source_task::follow_file_change(std::vector<source_record>& records, std::int64_t now_ms) {
    if (!file_) return false;
    const std::int64_t read_position = position_ + static_cast<std::int64_t>(buffer_.buffered());
    switch (file_->check(read_position)) {
        case file_change::none:
            return false;
        case file_change::missing:
            if (!gone_logged_) {
                plugin_log::info(logger, "File " + file_->path() +
                                      " was moved or deleted; reading on from the open file until a new one appears");
                gone_logged_ = true;
            }
            return false;
        case file_change::truncated:
            plugin_log::warn(logger, "File " + file_->path() + " was truncated below position " +
                                  std::to_string(read_position) + "; reading it again from the start");
            file_->rewind();
            buffer_.clear();
            position_ = 0;
            return true;
        case file_change::replaced:
            break;
    }
    if (!draining_) {
        draining_ = true;  // read what was written to the old file before it was replaced
        return true;
    }
    while (const auto rest = buffer_.take_rest()) emit(records, *rest, now_ms);
    plugin_log::info(logger, "File " + file_->path() + " was replaced; finished the previous file at position " +
                          std::to_string(position_) + ", reading the new one from the start");
    file_->close();
    buffer_.clear();
    position_ = 0;
    draining_ = gone_logged_ = false;
    return open_file();
}

void file_stream_source_task::emit(std::vector<source_record>& records, const buffered_line& line,
                                   std::int64_t now_ms) {
    value offset;  // Kafka's offset for standard input is {"position": null}
    if (file_) {
        position_ += static_cast<std::int64_t>(line.length);
        offset = position_;
    }
    if (records.empty()) records.reserve(std::min<std::size_t>(batch_size_, 1024));
    records.emplace_back(partition_, source_map{{std::string(position_field), std::move(offset)}}, topic_, std::nullopt,
                         nullptr, value(), schema::string(), value(std::string(line.text)), now_ms);
}

}  // namespace copycat::file
