// Test doubles and helpers for the file connector tests: temporary directories, file writes,
// a fake source task context with a stored offset, and polling with a deadline.
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "copycat/connector/offset_storage_reader.hpp"
#include "copycat/connector/source_task.hpp"
#include "copycat/connector/source_task_context.hpp"

namespace copycat::file::test {

/// A fresh directory under the system's temporary directory, removed with its contents.
class temp_dir {
public:
    temp_dir() {
        std::string pattern = (std::filesystem::temp_directory_path() / "copycat-file-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~temp_dir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    temp_dir(const temp_dir&) = delete;
    temp_dir& operator=(const temp_dir&) = delete;

    /// The path of `name` inside the directory.
    std::string file(std::string_view name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

/// Writes `text` to the file with one write(2), appending (or replacing the contents when
/// `truncate`), creating the file when needed.
inline void write_file(const std::string& path, std::string_view text, bool truncate = false) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | (truncate ? O_TRUNC : O_APPEND), 0644);
    if (fd < 0) throw std::runtime_error("cannot open " + path);
    const ssize_t n = ::write(fd, text.data(), text.size());
    ::close(fd);
    if (n != static_cast<ssize_t>(text.size())) throw std::runtime_error("short write to " + path);
}

inline void append_file(const std::string& path, std::string_view text) { write_file(path, text, false); }

/// The whole contents of a file.
inline std::string read_file(const std::string& path) {
    std::string out;
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) return out;
    char chunk[4096];
    for (ssize_t n; (n = ::read(fd, chunk, sizeof chunk)) > 0;) out.append(chunk, static_cast<std::size_t>(n));
    ::close(fd);
    return out;
}

/// A source task context whose offset reader returns `stored` for every partition and
/// remembers the partitions asked for.
class fake_source_context final : public source_task_context, public offset_storage_reader {
public:
    std::map<std::string, std::string> props;
    std::optional<source_map> stored;
    std::vector<source_map> lookups;

    const std::map<std::string, std::string>& configs() const override { return props; }
    copycat::offset_storage_reader& offset_storage_reader() override { return *this; }

    std::optional<source_map> offset(const source_map& partition) override {
        lookups.push_back(partition);
        return stored;
    }
    std::vector<std::pair<source_map, source_map>> offsets(const std::vector<source_map>& partitions) override {
        std::vector<std::pair<source_map, source_map>> out;
        for (const auto& p : partitions) {
            if (auto o = offset(p)) out.emplace_back(p, *o);
        }
        return out;
    }
};

/// Polls until `count` records have arrived or the deadline passes; returns what arrived.
inline std::vector<source_record> poll_until(source_task& task, std::size_t count,
                                             std::chrono::milliseconds deadline = std::chrono::seconds(10)) {
    std::vector<source_record> all;
    const auto until = std::chrono::steady_clock::now() + deadline;
    while (all.size() < count && std::chrono::steady_clock::now() < until) {
        for (auto& r : task.poll()) all.push_back(std::move(r));
    }
    return all;
}

/// The values of records, as strings.
inline std::vector<std::string> values_of(const std::vector<source_record>& records) {
    std::vector<std::string> out;
    for (const auto& r : records) out.push_back(r.val.as_string());
    return out;
}

/// The "position" of each record's source offset.
inline std::vector<std::int64_t> positions_of(const std::vector<source_record>& records) {
    std::vector<std::int64_t> out;
    for (const auto& r : records) out.push_back(r.source_offset.at("position").as_int64());
    return out;
}

}  // namespace copycat::file::test
