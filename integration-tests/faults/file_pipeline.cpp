#include "faults/file_pipeline.hpp"

#include <catch2/catch.hpp>

#include <fstream>
#include <unordered_map>
#include <unordered_set>

#include "distributed/distributed_workers.hpp"
#include "support/cluster_env.hpp"

namespace copycat::itest::faults {

using namespace std::chrono_literals;

namespace {
constexpr const char* tag = "fault";
}

file_pipeline::file_pipeline(const std::filesystem::path& dir, const std::string& name)
    : source_(name + "-source"),
      sink_(name + "-sink"),
      topic_(unique_name(name + "-lines")),
      input_(dir / "input.txt"),
      output_(dir / "output.txt") {}

file_pipeline::~file_pipeline() { stop_load(); }

void file_pipeline::append(int count) {
    const auto first = static_cast<int>(produced_.load()) + 1;
    // Not append_to_file: its REQUIRE must not run on the load thread.
    std::ofstream out(input_, std::ios::binary | std::ios::app);
    out << numbered_lines(tag, first, count);
    out.flush();
    if (out.good()) produced_ += static_cast<std::size_t>(count);
}

void file_pipeline::create(const rest_call& call) {
    append(1);
    REQUIRE(produced_ == 1);
    const auto source_reply = call("PUT", "/connectors/" + source_ + "/config",
                                   R"({"connector.class":"FileStreamSource","tasks.max":"1","file":")" +
                                       input_.string() + R"(","topic":")" + topic_ + R"("})");
    INFO(source_reply.status << " " << source_reply.body);
    REQUIRE(source_reply.status == 201);
    const auto sink_reply = call("PUT", "/connectors/" + sink_ + "/config",
                                 R"({"connector.class":"FileStreamSink","tasks.max":"1","file":")" +
                                     output_.string() + R"(","topics":")" + topic_ + R"("})");
    INFO(sink_reply.status << " " << sink_reply.body);
    REQUIRE(sink_reply.status == 201);
    INFO("the first line through the new pipeline");
    REQUIRE(poll_until(90s, [&] { return delivered() >= 1; }));
}

void file_pipeline::start_load(int lines_per_second) {
    const int chunk = std::max(1, lines_per_second / 10);
    load_ = std::jthread([this, chunk](std::stop_token stop) {
        // Pacing the load, not synchronising with anything: a chunk every 100 ms.
        while (!stop.stop_requested()) {
            append(chunk);
            std::this_thread::sleep_for(100ms);
        }
    });
}

void file_pipeline::stop_load() {
    if (!load_.joinable()) return;
    load_.request_stop();
    load_.join();
}

std::size_t file_pipeline::delivered() const { return count_lines(output_); }

line_counts file_pipeline::finish(std::chrono::seconds deadline) {
    stop_load();
    const auto expected = file_lines(input_);
    line_counts counts;
    counts.produced = expected.size();
    std::unordered_map<std::string, std::size_t> copies;
    std::vector<std::string> lines;
    const auto all_there = [&] {
        if (delivered() < expected.size()) return false;
        lines = file_lines(output_);
        copies.clear();
        for (const auto& line : lines) ++copies[line];
        for (const auto& line : expected)
            if (!copies.contains(line)) return false;
        return true;
    };
    if (!poll_until(deadline, all_there)) {
        lines = file_lines(output_);
        copies.clear();
        for (const auto& line : lines) ++copies[line];
    }
    counts.delivered = lines.size();
    for (const auto& line : expected)
        if (!copies.contains(line) && counts.missing++ == 0) counts.first_missing = line;
    for (const auto& [line, n] : copies) counts.duplicated += n - 1;
    const std::unordered_set<std::string> input_lines(expected.begin(), expected.end());
    std::size_t foreign = 0;
    std::string first_foreign;
    for (const auto& [line, n] : copies)
        if (!input_lines.contains(line) && foreign++ == 0) first_foreign = line;
    INFO("sink lines that were never produced, the first: '" << first_foreign << "'");
    CHECK(foreign == 0);
    return counts;
}

}  // namespace copycat::itest::faults
