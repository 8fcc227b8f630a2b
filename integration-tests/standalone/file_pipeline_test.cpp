// Black-box durability tests of the file pipeline
//
//   input file -> FileStreamSource -> topic -> FileStreamSink -> output file
//
// run by the real `copycat standalone` binary against the real broker: a large file arrives
// whole and in order, a SIGKILLed worker restarted on the same offsets file loses no line (it
// may deliver some twice), and the source follows a growing file and a rotated one.
//
// The topic is created by the broker on first use with one partition (deploy/kafka sets
// num.partitions=1), which is what makes the order of lines a property of the pipeline.
// Each test has its own temp dir, topic and connector names (hence its own sink group).
#include <catch2/catch.hpp>

#include <signal.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "standalone/copycat_process.hpp"
#include "support/cluster_env.hpp"

using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using clock_type = std::chrono::steady_clock;

constexpr auto start_deadline = 60s;
constexpr auto data_deadline = 120s;  // an upper bound for failing, never a measure of speed
constexpr std::size_t large_count = 100'000;

// `count` distinct lines of 65 to 70 bytes: "line 0000042 of <tag>: the quick brown fox ...".
std::vector<std::string> make_lines(const std::string& tag, std::size_t first, std::size_t count) {
    std::vector<std::string> lines;
    lines.reserve(count);
    for (std::size_t i = first; i < first + count; ++i) {
        std::string number = std::to_string(i);
        number.insert(0, number.size() < 7 ? 7 - number.size() : 0, '0');
        lines.push_back("line " + number + " of " + tag + ": the quick brown fox jumps over the lazy dog");
    }
    return lines;
}

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const auto& line : lines) text.append(line).push_back('\n');
    return text;
}

void append_text(const fs::path& file, const std::string& text) {
    std::ofstream out(file, std::ios::binary | std::ios::app);
    out << text;
    out.flush();
    REQUIRE(out.good());
}

std::uintmax_t size_of(const fs::path& file) {
    std::error_code ec;
    const auto size = fs::file_size(file, ec);
    return ec ? 0 : size;
}

// The last `count` lines of a worker log, to show with a failure.
std::string log_tail(const copycat_process& worker, std::size_t count = 40) {
    const std::string text = worker.log();
    std::size_t from = text.size();
    for (std::size_t seen = 0; from > 0 && seen <= count; --from) {
        if (text[from - 1] == '\n') ++seen;
    }
    return text.substr(from);
}

// The complete lines of a file that grows, read incrementally: each refresh() reads only what
// was appended since the last one. Bytes after the last '\n' wait for the rest of their line.
class line_reader {
public:
    explicit line_reader(fs::path file) : file_(std::move(file)) {}

    // Reads what was appended; returns the number of complete lines read so far.
    std::size_t refresh() {
        std::ifstream in(file_, std::ios::binary);
        if (!in) return lines_.size();
        in.seekg(static_cast<std::streamoff>(offset_));
        std::string chunk((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        offset_ += chunk.size();
        std::size_t start = 0;
        for (std::size_t end; (end = chunk.find('\n', start)) != std::string::npos; start = end + 1) {
            rest_.append(chunk, start, end - start);
            lines_.push_back(std::move(rest_));
            rest_.clear();
        }
        rest_.append(chunk, start);
        return lines_.size();
    }

    const std::vector<std::string>& lines() const { return lines_; }
    // Bytes after the last line terminator (a line being written, or a torn one).
    const std::string& unterminated() const { return rest_; }

private:
    fs::path file_;
    std::uintmax_t offset_ = 0;
    std::vector<std::string> lines_;
    std::string rest_;
};

// Checks a sink file against the input under at-least-once delivery, line by line as they
// arrive: every line is an input line; the first occurrences are the input in its order; any
// other line repeats an earlier one (a re-delivery).
class redelivery_check {
public:
    explicit redelivery_check(const std::vector<std::string>& input) : input_(input) {
        index_.reserve(input.size());
        for (std::size_t i = 0; i < input.size(); ++i) index_.emplace(input[i], i);
    }

    // The bytes of a line whose write the kill cut short: the restarted sink ends that line (and
    // writes its record again), so it appears once as a line of its own.
    void allow_torn(std::string torn) { torn_ = std::move(torn); }

    void add(const std::string& line) {
        ++seen_;
        if (!error_.empty()) return;
        if (!torn_.empty() && line == torn_) {
            torn_.clear();
            return;
        }
        const auto found = index_.find(line);
        if (found == index_.end()) {
            error_ = "sink line " + std::to_string(seen_) + " is no input line: '" + line + "'";
        } else if (found->second < next_) {
            ++duplicates_;
        } else if (found->second > next_) {
            error_ = "sink line " + std::to_string(seen_) + " is input line " + std::to_string(found->second + 1) +
                     " ('" + line + "') but input line " + std::to_string(next_ + 1) + " ('" + input_[next_] +
                     "') never appeared before it: lost or out of order";
        } else {
            ++next_;
        }
    }

    // Feeds the lines of `reader` not yet seen.
    void add_new(const line_reader& reader) {
        const auto& lines = reader.lines();
        for (std::size_t i = seen_; i < lines.size(); ++i) add(lines[i]);
    }

    bool complete() const { return next_ == input_.size(); }
    const std::string& error() const { return error_; }
    std::size_t duplicates() const { return duplicates_; }
    std::size_t distinct() const { return next_; }
    std::size_t seen() const { return seen_; }

private:
    const std::vector<std::string>& input_;
    std::unordered_map<std::string, std::size_t> index_;
    std::size_t next_ = 0;  // input lines before this one have appeared, in order
    std::size_t seen_ = 0;
    std::size_t duplicates_ = 0;
    std::string torn_;
    std::string error_;
};

// The lines of `lines` without repeats: the first occurrence of each, in order.
std::vector<std::string> first_occurrences(const std::vector<std::string>& lines) {
    std::unordered_set<std::string_view> seen;
    std::vector<std::string> firsts;
    for (const auto& line : lines) {
        if (seen.insert(line).second) firsts.push_back(line);
    }
    return firsts;
}

// Where `actual` first differs from `expected`; empty when they are equal.
std::string difference(const std::vector<std::string>& expected, const std::vector<std::string>& actual) {
    for (std::size_t i = 0; i < expected.size() && i < actual.size(); ++i) {
        if (expected[i] != actual[i]) {
            return "line " + std::to_string(i + 1) + " is '" + actual[i] + "', expected '" + expected[i] + "'";
        }
    }
    if (expected.size() == actual.size()) return {};
    const bool longer = actual.size() > expected.size();
    return "the sink file has " + std::to_string(actual.size()) + " lines, expected " +
           std::to_string(expected.size()) +
           (longer ? "; the first extra one is '" + actual[expected.size()] + "'"
                   : "; the first missing one is '" + expected[actual.size()] + "'");
}

double seconds_since(clock_type::time_point start) {
    return std::chrono::duration<double>(clock_type::now() - start).count();
}

// One pipeline's files and configs: worker.properties, source and sink connector configs, the
// input, output and offsets files, all in a fresh temp dir.
class file_pipeline {
public:
    // `worker_extra`: more lines for worker.properties.
    explicit file_pipeline(int offset_flush_interval_ms, const std::string& worker_extra = {}) {
        const std::string name = unique_name("pipeline");
        std::ostringstream worker;
        worker << "bootstrap.servers=" << bootstrap_servers() << "\n"
               << "key.converter=org.apache.kafka.connect.storage.StringConverter\n"
               << "value.converter=org.apache.kafka.connect.storage.StringConverter\n"
               << "offset.storage.file.filename=" << offsets.string() << "\n"
               << "offset.flush.interval.ms=" << offset_flush_interval_ms << "\n"
               << "plugin.path=" << COPYCAT_FILE_PLUGIN << "\n"
               << "listeners=http://127.0.0.1:0\n"
               << worker_extra;
        args_ = {"standalone", dir.write("worker.properties", worker.str()),
                 dir.write("source.properties", "name=" + name +
                                                    "-source\nconnector.class=FileStreamSource\ntasks.max=1\n"
                                                    "file=" +
                                                    input.string() + "\ntopic=" + topic + "\n"),
                 dir.write("sink.properties", "name=" + name +
                                                  "-sink\nconnector.class=FileStreamSink\ntasks.max=1\n"
                                                  "file=" +
                                                  output.string() + "\ntopics=" + topic + "\n")};
    }

    // Starts a worker on the same configs and offsets file as every earlier one; its log is
    // worker-<n>.log.
    std::unique_ptr<copycat_process> start_worker() {
        ++workers_;
        auto worker =
            std::make_unique<copycat_process>(args_, dir.path() / ("worker-" + std::to_string(workers_) + ".log"));
        const bool started = worker->wait_for_log("Copycat worker started", start_deadline);
        INFO(log_tail(*worker));
        REQUIRE(started);
        return worker;
    }

    temp_dir dir{"copycat-pipeline"};
    const std::string topic = unique_name("pipeline-lines");
    const fs::path input = dir.path() / "input.txt";
    const fs::path output = dir.path() / "output.txt";
    const fs::path offsets = dir.path() / "connect.offsets";

private:
    std::vector<std::string> args_;
    int workers_ = 0;
};

// Polls `done` until it holds, the deadline passes or the worker exits; true when it held.
bool wait_while_running(copycat_process& worker, std::chrono::milliseconds deadline,
                        const std::function<bool()>& done) {
    bool held = false;
    poll_until(deadline, [&] { return (held = done()) || !worker.running(); });
    return held;
}

// Waits until the sink file holds exactly `expected` (no more lines can be coming then), and
// checks it; the failure shows the first difference and the worker's log.
void require_output(copycat_process& worker, line_reader& output, const std::vector<std::string>& expected) {
    wait_while_running(worker, data_deadline, [&] { return output.refresh() >= expected.size(); });
    INFO("worker log:\n" << log_tail(worker));
    INFO("unterminated bytes at the end of the sink file: '" << output.unterminated() << "'");
    const std::string differs = difference(expected, output.lines());
    INFO(differs);
    REQUIRE(differs.empty());
}

}  // namespace

TEST_CASE("100,000 lines go file -> topic -> file whole and in order", "[cluster][pipeline]") {
    file_pipeline pipeline(1000);
    const auto input = make_lines("large", 1, large_count);
    const std::string text = joined(input);
    append_text(pipeline.input, text);

    const auto launched = clock_type::now();
    auto worker = pipeline.start_worker();
    const auto started = clock_type::now();
    wait_while_running(*worker, data_deadline, [&] { return size_of(pipeline.output) > 0; });
    const double first_line = seconds_since(started);  // mostly the sink joining its group
    const bool all_bytes =
        wait_while_running(*worker, data_deadline, [&] { return size_of(pipeline.output) >= text.size(); });
    const double transfer = seconds_since(started);
    WARN("file pipeline: " << large_count << " lines (" << text.size() / 1024 << " KiB) copied in " << transfer
                           << " s after the worker started (" << static_cast<std::uint64_t>(large_count / transfer)
                           << " lines/s; the first line arrived after " << first_line << " s); "
                           << seconds_since(launched) << " s including its start-up");
    INFO("worker log:\n" << log_tail(*worker));
    CHECK(all_bytes);

    line_reader output(pipeline.output);
    output.refresh();
    INFO("unterminated bytes at the end of the sink file: '" << output.unterminated() << "'");
    const std::string differs = difference(input, output.lines());
    INFO(differs);
    REQUIRE(differs.empty());
    CHECK(output.unterminated().empty());
    CHECK(worker->terminate(30s) == 0);
}

TEST_CASE("a worker killed with SIGKILL and restarted loses no line", "[cluster][pipeline]") {
    // Offsets are committed every 50 ms, so that both connectors have committed some (source
    // offsets to the file, sink offsets to the group) in the ~0.1 s before the kill, and the
    // restarted worker resumes both from the middle of the stream.
    // The sink group keeps the killed worker's consumer as a member until its session times
    // out, and only then gives the partition to the restarted one: 6 s (the broker's default
    // minimum) rather than the default 45 s keeps the wait short.
    file_pipeline pipeline(50, "consumer.session.timeout.ms=6000\nconsumer.heartbeat.interval.ms=2000\n");
    const auto input = make_lines("crash", 1, large_count);
    line_reader output(pipeline.output);
    redelivery_check check(input);

    // The first line goes through alone, so that the sink has joined its group before the other
    // 99,999 arrive: then both connectors are busy when the kill lands (otherwise the source has
    // long finished while the sink still joins).
    append_text(pipeline.input, input.front() + "\n");
    auto worker = pipeline.start_worker();
    const bool first_line = wait_while_running(*worker, data_deadline, [&] { return output.refresh() >= 1; });
    {
        INFO("first worker's log:\n" << log_tail(*worker));
        REQUIRE(first_line);
    }
    // The lines go in three parts, so that however fast this machine is the kill lands in the
    // middle of the stream: the first fifth is delivered whole; the kill comes as soon as the
    // second part (up to three fifths) starts arriving in the sink file; the rest is written
    // after the kill, for the restarted worker.
    const auto part = [&](std::size_t from, std::size_t to) {
        return joined(std::vector<std::string>(input.begin() + static_cast<std::ptrdiff_t>(from),
                                               input.begin() + static_cast<std::ptrdiff_t>(to)));
    };
    const std::size_t fifth = large_count / 5;
    const std::size_t before_kill_end = large_count * 3 / 5;
    const auto arrived = [&](std::size_t lines) {
        const auto until = clock_type::now() + data_deadline;
        while (output.refresh() < lines && worker->running() && clock_type::now() < until) {
            std::this_thread::sleep_for(2ms);
        }
    };
    append_text(pipeline.input, part(1, fifth));
    arrived(fifth);
    append_text(pipeline.input, part(fifth, before_kill_end));
    arrived(fifth + 1);  // small steps: the kill lands while lines are still on their way
    const int killed = worker->kill();
    const bool offsets_at_kill = fs::exists(pipeline.offsets);
    output.refresh();
    const std::size_t before_kill = output.lines().size();
    const std::string torn = output.unterminated();
    const std::size_t torn_bytes = torn.size();
    INFO("first worker's log:\n" << log_tail(*worker));
    REQUIRE(killed == 128 + SIGKILL);  // it was still running: it did not crash or stop by itself
    INFO("lines in the sink file when the worker was killed: " << before_kill);
    REQUIRE(before_kill >= large_count / 5);
    check.add_new(output);
    check.allow_torn(torn);
    append_text(pipeline.input, part(before_kill_end, large_count));

    const auto restart = clock_type::now();
    auto restarted = pipeline.start_worker();
    const bool complete = wait_while_running(*restarted, data_deadline, [&] {
        output.refresh();
        check.add_new(output);
        return check.complete() || !check.error().empty();
    });
    const double restart_seconds = seconds_since(restart);
    const int stopped = restarted->terminate(30s);
    output.refresh();
    check.add_new(output);
    WARN("crash test: killed the worker with "
         << before_kill << " of " << large_count << " lines (and " << torn_bytes
         << " bytes of an unfinished one) in the sink file; after the restart it holds " << check.seen() << " lines, "
         << check.duplicates() << " of them re-deliveries; the restarted worker took " << restart_seconds
         << " s; source offsets " << (offsets_at_kill ? "had" : "had not") << " been stored before the kill");
    INFO("restarted worker's log:\n" << log_tail(*restarted));
    INFO("unterminated bytes at the end of the sink file: '" << output.unterminated() << "'");
    INFO(check.error());
    CHECK(check.error().empty());
    INFO("distinct input lines in the sink file: "
         << check.distinct() << " of " << large_count << "; the first missing one: '"
         << (check.complete() ? std::string() : input[check.distinct()]) << "'");
    CHECK(complete);
    CHECK(check.complete());
    CHECK(output.unterminated().empty());
    CHECK(fs::exists(pipeline.offsets));

    // The same property read afresh from the final file: without repeats it is the input.
    line_reader final_output(pipeline.output);
    final_output.refresh();
    std::vector<std::string> final_lines = final_output.lines();
    if (!torn.empty() && final_lines.size() > before_kill && final_lines[before_kill] == torn)
        final_lines.erase(final_lines.begin() + static_cast<std::ptrdiff_t>(before_kill));
    const std::string differs = difference(input, first_occurrences(final_lines));
    INFO("the sink file without repeated lines differs from the input: " << differs);
    CHECK(differs.empty());
    CHECK(stopped == 0);
}

TEST_CASE("the file source follows a growing file", "[cluster][pipeline]") {
    file_pipeline pipeline(500);
    auto expected = make_lines("tail", 1, 2000);
    append_text(pipeline.input, joined(expected));
    line_reader output(pipeline.output);
    auto worker = pipeline.start_worker();
    require_output(*worker, output, expected);

    // Appended in pieces, one of them ending in the middle of a line.
    const auto more = make_lines("tail", 2001, 3000);
    const std::string text = joined(more);
    const std::size_t cut = text.size() / 3 + 17;
    append_text(pipeline.input, text.substr(0, cut));
    append_text(pipeline.input, text.substr(cut, cut));
    append_text(pipeline.input, text.substr(2 * cut));
    expected.insert(expected.end(), more.begin(), more.end());
    require_output(*worker, output, expected);
    CHECK(output.unterminated().empty());
    CHECK(worker->terminate(30s) == 0);
}

TEST_CASE("the file source reads a rotated file to its end, then the new file", "[cluster][pipeline]") {
    file_pipeline pipeline(500);
    auto expected = make_lines("rotate", 1, 2000);
    append_text(pipeline.input, joined(expected));
    line_reader output(pipeline.output);
    auto worker = pipeline.start_worker();
    require_output(*worker, output, expected);

    // Lines the source has most likely not read yet when the file is renamed away; the last one
    // has no terminator and still counts, as the old file is complete.
    const auto old_rest = make_lines("rotate", 2001, 1000);
    std::string old_text = joined(old_rest);
    old_text.pop_back();
    append_text(pipeline.input, old_text);
    fs::rename(pipeline.input, pipeline.dir.path() / "input.txt.1");
    const auto fresh = make_lines("rotated", 1, 1000);
    append_text(pipeline.input, joined(fresh));

    expected.insert(expected.end(), old_rest.begin(), old_rest.end());
    expected.insert(expected.end(), fresh.begin(), fresh.end());
    require_output(*worker, output, expected);
    CHECK(output.unterminated().empty());
    CHECK(worker->terminate(30s) == 0);
}
