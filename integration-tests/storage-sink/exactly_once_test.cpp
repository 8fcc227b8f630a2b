// PartitionedFileSink's exactly-once promise under SIGKILL: three `copycat distributed` workers
// run a 3-task sink over a 6-partition topic while records are produced in chunks; after each
// chunk, once the sink is committing it, a random worker is killed with SIGKILL and started
// again. At the end every offset of every partition is in exactly one committed file: the file
// names tile [0, end) of each partition without overlap or gap, each file holds as many lines as
// its name says, and the lines are exactly the produced values, once each. The group's offsets
// (from pre_commit) reach the end offsets too. The scenario runs twice: with the
// DefaultPartitioner (one file per commit) and with a FieldPartitioner that makes every commit
// write two files (through the commit manifest).
//
// Quick by default (CI): 50,000 records, 3 kills. deploy/storage-sink-exactly-once.sh runs the
// full scenario: COPYCAT_STORAGE_SINK_RECORDS=500000 COPYCAT_STORAGE_SINK_KILLS=<n>;
// COPYCAT_STORAGE_SINK_SEED repeats a run's choice of workers.
#include <catch2/catch.hpp>

#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "distributed/distributed_workers.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/producer.hpp"
#include "support/broker_client.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::itest;
using namespace std::chrono_literals;
namespace fs = std::filesystem;

namespace {

using clock_type = std::chrono::steady_clock;

constexpr int workers = 3;
constexpr int partitions = 6;

long env_or(const char* name, long fallback) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0' ? std::strtol(v, nullptr, 10) : fallback;
}

// The value of record i: {"id":<i>,"half":<0 or 1>}, as text. Records go round-robin over the
// partitions, so "half" alternates from one record of a partition to the next.
std::string value_of(long i) {
    return R"({"id":)" + std::to_string(i) + R"(,"half":)" + std::to_string(i / partitions % 2) + "}";
}

// Writes the values of records first..first+count-1, round-robin over the partitions, and waits
// for the broker's acknowledgements.
void produce(rdkafka::producer& p, const std::string& topic, long first, long count) {
    long failed = 0;
    for (long i = first; i < first + count; ++i) {
        const std::string v = value_of(i);
        const rdkafka::outgoing_record r{
            .topic = topic, .partition = static_cast<std::int32_t>(i % partitions), .value = v};
        const auto on_delivery = [&failed](const rdkafka::delivery_report& d) { failed += d.status.ok() ? 0 : 1; };
        auto sent = p.produce(r, on_delivery);
        while (!sent.ok()) {  // the local queue is full: let deliveries drain it
            REQUIRE(p.flush(30s).ok());
            sent = p.produce(r, on_delivery);
        }
    }
    REQUIRE(p.flush(60s).ok());
    REQUIRE(failed == 0);
}

struct committed_file {
    fs::path path;
    std::int64_t start = 0;
    std::int64_t end = 0;  // included
};

// "<topic>+<partition>+<start>+<end>.<ext>" -> partition and offsets.
std::optional<std::pair<int, committed_file>> parse_name(const fs::path& path, const std::string& topic) {
    const std::string name = path.filename().string();
    const auto dot = name.rfind('.');
    if (!name.starts_with(topic + "+") || dot == std::string::npos) return std::nullopt;
    std::vector<long long> numbers;
    const char* at = name.data() + topic.size() + 1;
    const char* stop = name.data() + dot;
    while (at < stop) {
        long long n = 0;
        const auto [next, error] = std::from_chars(at, stop, n);
        if (error != std::errc()) return std::nullopt;
        numbers.push_back(n);
        at = next < stop && *next == '+' ? next + 1 : next;
        if (next == stop) break;
    }
    if (numbers.size() != 3) return std::nullopt;
    return std::pair<int, committed_file>{static_cast<int>(numbers[0]), {path, numbers[1], numbers[2]}};
}

// The committed files of each partition, by start offset. Temporary files (under +tmp) are not
// committed and are skipped.
std::map<int, std::vector<committed_file>> committed_files(const fs::path& topic_dir, const std::string& topic) {
    std::map<int, std::vector<committed_file>> out;
    std::error_code error;
    for (auto it = fs::recursive_directory_iterator(topic_dir, error); !error && it != fs::end(it);
         it.increment(error)) {
        if (!it->is_regular_file()) continue;
        if (auto parsed = parse_name(it->path(), topic)) out[parsed->first].push_back(parsed->second);
    }
    for (auto& [p, files] : out)
        std::sort(files.begin(), files.end(), [](const auto& a, const auto& b) { return a.start < b.start; });
    return out;
}

// The offsets committed over all partitions: each partition's highest end offset + 1.
std::int64_t committed_offsets(const fs::path& topic_dir, const std::string& topic) {
    std::int64_t n = 0;
    for (const auto& [p, files] : committed_files(topic_dir, topic)) {
        std::int64_t end = 0;
        for (const auto& f : files) end = std::max(end, f.end + 1);
        n += end;
    }
    return n;
}

// How many lines of the worker logs (every run) contain `text`.
std::size_t log_lines_with(const fs::path& dir, const std::string& text) {
    std::size_t n = 0;
    for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() != ".log") continue;
        std::ifstream in(e.path());
        for (std::string line; std::getline(in, line);) n += line.find(text) != std::string::npos ? 1 : 0;
    }
    return n;
}

std::vector<std::string> lines_of(const fs::path& file) {
    std::vector<std::string> out;
    std::ifstream in(file);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
}

// One run: the connector settings beyond the common ones (JSON members after a comma), and
// whether each commit writes one file per partition, so that file ranges must tile the offsets.
struct scenario {
    std::string label;
    std::string settings;
    bool one_file_per_commit = true;
};

void run_scenario(const scenario& run) {
    const std::string& label = run.label;
    const long records = env_or("COPYCAT_STORAGE_SINK_RECORDS", 50'000);
    const long kills = env_or("COPYCAT_STORAGE_SINK_KILLS", 3);
    const auto seed = static_cast<unsigned>(env_or("COPYCAT_STORAGE_SINK_SEED", std::random_device{}()));
    std::mt19937 random(seed);
    INFO("records " << records << ", kills " << kills << ", seed " << seed);

    distributed_workers cluster({.workers = workers,
                                 .extra_properties =
                                     "scheduled.rebalance.max.delay.ms=0\n"
                                     "consumer.session.timeout.ms=6000\n"
                                     "consumer.heartbeat.interval.ms=1000\n"
                                     "plugin.path=" COPYCAT_FILE_PLUGIN "," COPYCAT_STORAGE_PLUGIN "\n"});
    logs_on_failure print_logs(cluster);
    const std::string topic = unique_name("exactly-once");
    const std::string connector = unique_name("exactly-once-sink");  // its group too
    const fs::path store = cluster.dir().path() / "store";
    const fs::path topic_dir = store / "topics" / topic;
    {
        auto admin = rdkafka::admin_client::create(broker_client_config());
        REQUIRE(admin.ok());
        REQUIRE(admin->create_topic({.name = topic, .partitions = partitions, .replication_factor = 1}, 30s).ok());
    }
    auto producer = rdkafka::producer::create(broker_client_config());
    REQUIRE(producer.ok());

    // The plugin is listed with its version, as every connector plugin.
    const auto plugins = cluster.call(0, "GET", "/connector-plugins");
    REQUIRE(plugins.status == 200);
    std::string listed_version;
    const json::value listed = plugins.json();
    for (const json::value& plugin : listed.as_array())
        if (plugin.find("class")->as_string() == "io.copycat.connect.storage.PartitionedFileSinkConnector")
            listed_version = plugin.find("version")->as_string();
    CHECK(listed_version == "1.0.0");

    const long flush_size = std::max(100L, records / 100);
    REQUIRE(cluster
                .call(0, "PUT", "/connectors/" + connector + "/config",
                      R"({"connector.class":"PartitionedFileSink","tasks.max":"3","topics":")" + topic +
                          R"(","store.url":")" + store.string() + R"(","flush.size":")" + std::to_string(flush_size) +
                          R"(","rotate.interval.ms":"1000")" + run.settings + "}")
                .status == 201);

    // One chunk per kill and one after the last: each kill comes once the sink is committing
    // the chunk just produced, so that it lands among open files, renames and offset commits.
    const auto started = clock_type::now();
    const long chunk = records / (kills + 1);
    long produced = 0;
    for (long k = 0; k <= kills; ++k) {
        const long count = k == kills ? records - produced : chunk;
        const std::int64_t before = committed_offsets(topic_dir, topic);
        produce(*producer, topic, produced, count);
        produced += count;
        if (k == kills) break;
        REQUIRE(poll_until(120s, [&] { return committed_offsets(topic_dir, topic) > before; }));
        const int victim = static_cast<int>(random() % workers);
        std::cout << "exactly-once sink (" << label << "): killing worker " << victim << " with "
                  << committed_offsets(topic_dir, topic) << " of " << produced << " records committed\n";
        cluster.kill(victim);
        cluster.start(victim);
    }

    // Every record committed: the files cover [0, end) of each partition.
    const bool all_committed = poll_until(std::chrono::seconds(120 + records / 2000),
                                          [&] { return committed_offsets(topic_dir, topic) >= records; });
    const double seconds = std::chrono::duration<double>(clock_type::now() - started).count();
    const auto files = committed_files(topic_dir, topic);
    std::size_t file_count = 0;
    std::int64_t lines_total = 0;
    std::unordered_set<std::string> seen;
    std::size_t repeated = 0;
    std::size_t overlaps = 0;
    std::size_t gaps = 0;
    std::size_t miscounted = 0;  // files whose line count differs from their name's range
    std::size_t short_partitions = 0;
    for (int p = 0; p < partitions; ++p) {
        std::int64_t next = 0;
        std::int64_t partition_lines = 0;
        const auto it = files.find(p);
        if (it == files.end()) continue;
        for (const auto& f : it->second) {
            ++file_count;
            if (run.one_file_per_commit && f.start < next) ++overlaps;
            if (run.one_file_per_commit && f.start > next) ++gaps;
            next = std::max(next, f.end + 1);
            const auto lines = lines_of(f.path);
            if (run.one_file_per_commit && static_cast<std::int64_t>(lines.size()) != f.end - f.start + 1) ++miscounted;
            partition_lines += static_cast<std::int64_t>(lines.size());
            for (const auto& line : lines)
                if (!seen.insert(line).second) ++repeated;
        }
        // Several files per commit interleave their ranges; the partition's files together still
        // hold exactly the offsets up to the highest end.
        if (partition_lines != next) ++short_partitions;
        lines_total += partition_lines;
    }
    std::size_t missing = 0;
    for (long i = 0; i < records; ++i)
        if (!seen.contains(value_of(i))) ++missing;

    std::cout << "exactly-once sink (" << label << "): " << records << " records, " << kills << " SIGKILLs (seed "
              << seed << "), " << file_count << " committed files, all committed " << seconds
              << " s after the first record; " << lines_total << " lines, " << repeated << " repeated, " << missing
              << " missing, " << overlaps << " overlapping and " << gaps << " missing offset ranges, " << miscounted
              << " files whose line count differs from their name; "
              << log_lines_with(cluster.dir().path(), "Removing the uncommitted file")
              << " uncommitted files of killed tasks removed by the partitions' next owners, "
              << log_lines_with(cluster.dir().path(), "Completing an interrupted commit")
              << " renames of interrupted commits completed\n";
    CHECK(all_committed);
    CHECK(lines_total == records);
    CHECK(repeated == 0);
    CHECK(missing == 0);
    CHECK(overlaps == 0);
    CHECK(gaps == 0);
    CHECK(miscounted == 0);
    CHECK(short_partitions == 0);
    CHECK(seen.size() == static_cast<std::size_t>(records));
    // The worker started each reassigned partition where open() sought (the committed files'
    // offset, often past the group's last commit): the task never saw a record a second time.
    CHECK(log_lines_with(cluster.dir().path(), "records that were delivered again") == 0);
    // Nothing temporary is left once the last records are committed: the owners removed what
    // killed tasks left, and their own open files were committed.
    std::vector<std::string> leftovers;
    for (const auto& e : fs::recursive_directory_iterator(store / "topics" / "+tmp"))
        if (e.is_regular_file() && e.path().filename() != "lock") leftovers.push_back(e.path().string());
    INFO("first leftover: " << (leftovers.empty() ? std::string() : leftovers.front()));
    CHECK(leftovers.empty());
    // pre_commit hands the committed offsets to the group: its offsets reach the end of the topic.
    auto admin = rdkafka::admin_client::create(broker_client_config());
    REQUIRE(admin.ok());
    std::vector<std::int32_t> all(partitions);
    for (int p = 0; p < partitions; ++p) all[static_cast<std::size_t>(p)] = p;
    const auto ends = admin->query_watermarks(topic, all, 30s);
    REQUIRE(ends.ok());
    const bool group_caught_up = poll_until(30s, [&] {
        const auto offsets = admin->list_group_offsets("connect-" + connector, 10s);
        if (!offsets.ok()) return false;
        int caught_up = 0;
        for (const auto& o : *offsets)
            caught_up += o.topic == topic && o.offset == (*ends)[static_cast<std::size_t>(o.partition)].high ? 1 : 0;
        return caught_up == partitions;
    });
    CHECK(group_caught_up);
}

}  // namespace

TEST_CASE("PartitionedFileSink, DefaultPartitioner: every offset in exactly one committed file through SIGKILLs",
          "[cluster]") {
    run_scenario({"DefaultPartitioner", R"(,"format.class":"io.copycat.connect.storage.format.string.StringFormat")"});
}

// The value's "half" alternates within each partition, so every commit writes two files (one
// per directory) through the commit manifest: kills also land between a commit's renames.
TEST_CASE("PartitionedFileSink, FieldPartitioner: every offset in exactly one committed file through SIGKILLs",
          "[cluster]") {
    run_scenario({"FieldPartitioner",
                  R"(,"format.class":"io.copycat.connect.storage.format.json.JsonFormat",)"
                  R"("value.converter":"org.apache.kafka.connect.json.JsonConverter",)"
                  R"("value.converter.schemas.enable":"false",)"
                  R"("partitioner.class":"io.copycat.connect.storage.partitioner.FieldPartitioner",)"
                  R"("partition.field.name":"half")",
                  false});
}
