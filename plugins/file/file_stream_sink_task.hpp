// The task of FileStreamSink: writes record values to a file or standard output (Kafka:
// org.apache.kafka.connect.file.FileStreamSinkTask).
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <vector>

#include "copycat/connector/sink_task.hpp"

namespace copycat::file {

/// Appends each record's value as one line — the text Java's println(record.value()) gives,
/// see append_java_text() — to the configured file (opened for appending, created when
/// missing) or to standard output when "file" is absent or empty.
///
/// Lines are collected in a buffer and written with few large writes: when the buffer is full,
/// at the end of every put(), in flush() and in stop(). A failed write throws connect_error
/// (the task fails) rather than losing lines silently.
///
/// put() only appends to a local file (or standard output), so it says nonblocking_put(): the
/// worker runs the task in turns on its task pool.
///
/// Threads: one call at a time, from the worker's task thread or task pool.
class file_stream_sink_task final : public sink_task {
public:
    file_stream_sink_task() = default;
    ~file_stream_sink_task() override;
    file_stream_sink_task(const file_stream_sink_task&) = delete;
    file_stream_sink_task& operator=(const file_stream_sink_task&) = delete;

    std::string version() const override;

    /// Opens the output; throws connect_error when the file cannot be opened or created.
    void start(const std::map<std::string, std::string>& props) override;

    bool nonblocking_put() const override;
    void put(std::vector<sink_record>& records) override;
    void flush(const topic_partition_offsets& current_offsets) override;

    /// Writes what is buffered and closes the file.
    void stop() override;

private:
    void write_out();
    void end_unterminated_line();
    void close_output() noexcept;

    static constexpr std::size_t flush_threshold = 256 * 1024;

    std::string filename_;  // empty: standard output
    int fd_ = -1;
    bool owns_fd_ = false;
    std::string pending_;  // text not written yet
};

}  // namespace copycat::file
