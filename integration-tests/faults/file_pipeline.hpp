#pragma once
// The pipeline every fault scenario runs: FileStreamSource -> topic -> FileStreamSink, fed from an
// owned thread that appends numbered lines to the source file at a steady rate ("load"), and
// finished by counting the sink file's lines against those appended: missing (never allowed)
// and duplicated (at-least-once delivery).

#include <atomic>
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "rest/test_client.hpp"

namespace copycat::itest::faults {

// An HTTP request to some worker: (method, target, body).
using rest_call = std::function<rest::testing::http_reply(std::string_view, std::string_view, std::string)>;

struct line_counts {
    std::size_t produced = 0;
    std::size_t delivered = 0;  // sink lines, duplicates included
    std::size_t missing = 0;
    std::size_t duplicated = 0;
    std::string first_missing;
};

class file_pipeline {
public:
    // The files input.txt and output.txt in `dir`; connectors "<name>-source" and "<name>-sink".
    file_pipeline(const std::filesystem::path& dir, const std::string& name);
    ~file_pipeline();
    file_pipeline(const file_pipeline&) = delete;
    file_pipeline& operator=(const file_pipeline&) = delete;

    const std::string& source() const { return source_; }
    const std::string& sink() const { return sink_; }
    std::vector<std::string> connectors() const { return {source_, sink_}; }
    const std::filesystem::path& output() const { return output_; }

    // Creates both connectors with PUT /connectors/{c}/config (REQUIRE 201) and waits until the
    // first line has gone through.
    void create(const rest_call& call);
    // Appends `lines_per_second` lines, in ten chunks a second, until stop_load().
    void start_load(int lines_per_second);
    void stop_load();
    std::size_t produced() const { return produced_; }
    std::size_t delivered() const;
    // Stops the load, waits up to `deadline` until every produced line is in the sink, and counts.
    line_counts finish(std::chrono::seconds deadline);

private:
    void append(int count);

    std::string source_;
    std::string sink_;
    std::string topic_;
    std::filesystem::path input_;
    std::filesystem::path output_;
    std::atomic<std::size_t> produced_{0};
    std::jthread load_;
};

}  // namespace copycat::itest::faults
