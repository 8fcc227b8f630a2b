// Test doubles and helpers for the PartitionedFileSink tests: a temporary store directory, a
// fake sink task context that records seeks, records, and a listing of committed files.
#pragma once

#include <stdlib.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "copycat/connector/sink_task_context.hpp"
#include "copycat/data/records.hpp"
#include "copycat/data/schema.hpp"

namespace copycat::storage::test {

/// A fresh directory under the system's temporary directory, removed with its contents.
class temp_store {
public:
    temp_store() {
        std::string pattern = (std::filesystem::temp_directory_path() / "copycat-storage-test-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
        path_ = pattern;
    }
    ~temp_store() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    temp_store(const temp_store&) = delete;
    temp_store& operator=(const temp_store&) = delete;

    const std::filesystem::path& path() const { return path_; }
    /// <store>/topics
    std::filesystem::path topics() const { return path_ / "topics"; }

private:
    std::filesystem::path path_;
};

/// Records what a task asks of its context.
class fake_sink_context final : public sink_task_context {
public:
    std::map<std::string, std::string> props;
    std::map<topic_partition, std::int64_t> seeks;

    const std::map<std::string, std::string>& configs() const override { return props; }
    void offset(const std::map<topic_partition, std::int64_t>& offsets) override {
        for (const auto& [tp, o] : offsets) seeks[tp] = o;
    }
    void offset(const topic_partition& partition, std::int64_t o) override { seeks[partition] = o; }
    void timeout(std::chrono::milliseconds) override {}
    std::set<topic_partition> assignment() const override { return {}; }
    void pause(const std::vector<topic_partition>&) override {}
    void resume(const std::vector<topic_partition>&) override {}
    void request_commit() override {}
};

/// A string record of partition `partition` of `topic` at `offset`.
inline sink_record text_record(const std::string& topic, std::int32_t partition, std::int64_t offset,
                               std::string text) {
    return sink_record(topic, partition, nullptr, value(), schema::string(), value(std::move(text)), offset);
}

/// Every regular file below `root`, as paths relative to it, sorted.
inline std::vector<std::string> files_below(const std::filesystem::path& root) {
    std::vector<std::string> out;
    if (!std::filesystem::exists(root)) return out;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root))
        if (e.is_regular_file()) out.push_back(std::filesystem::relative(e.path(), root).string());
    std::sort(out.begin(), out.end());
    return out;
}

/// The whole contents of a file.
inline std::string contents(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

/// Creates `file` (and its directories) with `text`.
inline void put_file(const std::filesystem::path& file, const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << text;
}

}  // namespace copycat::storage::test
