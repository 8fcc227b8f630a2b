// The task of FileStreamSource: reads lines from a file or standard input (Kafka:
// org.apache.kafka.connect.file.FileStreamSourceTask).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "copycat/connector/source_task.hpp"
#include "copycat/data/records.hpp"
#include "file/file_configs.hpp"
#include "file/line_buffer.hpp"
#include "file/tailed_file.hpp"

namespace copycat::file {

/// Turns each line of a file (or of standard input) into a record with a STRING value: the
/// line without its terminator (LF, CR or CRLF). Records carry the source partition
/// {"filename": <file>} and the source offset {"position": <byte position after the line>};
/// on start the task resumes from the committed offset. For standard input both values are
/// null, as in Kafka, and nothing is resumed.
///
/// Unlike Kafka's task, it keeps following the file by its path: when the file is truncated
/// it starts again from the beginning, and when the path names a new file (rotation) it
/// finishes the old file — its last line even without a terminator — and then reads the new
/// one from the beginning. A file that does not exist yet is waited for.
///
/// poll() never waits (nonblocking_poll()): the worker runs the task on its task pool and polls
/// again after a back-off while there is nothing new (docs/scale.md). start() and poll() are
/// called one at a time; stop() may come from any thread at any time.
class file_stream_source_task final : public source_task {
public:
    file_stream_source_task() = default;

    std::string version() const override;

    /// Reads the configuration (config_error when invalid) and, for a file, the committed offset.
    void start(const std::map<std::string, std::string>& props) override;

    /// At most "batch.size" records; an empty vector at once when no complete line is available.
    std::vector<source_record> poll() override;
    bool nonblocking_poll() const override;

    void stop() override;

private:
    /// What one read brought.
    enum class read_result { data, end_of_data, nothing_yet };

    bool open_file();
    read_result read_more();
    read_result read_stdin(char* into, std::size_t size);
    bool follow_file_change(std::vector<source_record>& records, std::int64_t now_ms);
    void emit(std::vector<source_record>& records, const buffered_line& line, std::int64_t now_ms);

    std::optional<std::string> filename_;  // nullopt: standard input
    std::string topic_;
    std::size_t batch_size_ = default_batch_size;
    source_map partition_;
    std::optional<tailed_file> file_;
    std::int64_t next_open_position_ = 0;  // the committed offset, then 0 for later files
    line_buffer buffer_;
    std::int64_t position_ = 0;  // byte position after the last line returned
    bool draining_ = false;      // the path names a new file; reading the rest of the old one
    bool missing_logged_ = false;
    bool gone_logged_ = false;

    std::atomic<bool> stopping_{false};
};

}  // namespace copycat::file
