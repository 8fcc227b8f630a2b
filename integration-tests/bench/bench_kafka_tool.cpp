// copycat-bench-kafka: the Kafka-side helper of the benchmark driver (run_bench.py), built on
// Copycat's librdkafka wrappers (src/kafka/rdkafka).
//
//   copycat-bench-kafka create-topic <bootstrap> <topic> <partitions>
//       creates the topic (replication factor 1); an existing topic is fine
//   copycat-bench-kafka end-offset <bootstrap> <topic>
//       prints the sum of the topic's high watermarks (its record count when nothing was deleted
//       or compacted); 0 while the topic does not exist
//   copycat-bench-kafka count <bootstrap> <topic> <records> <timeout-seconds>
//       reads the topic from its beginning with isolation.level=read_committed until it has seen
//       every line index 0 .. records-1 (the first run of 10 digits in a value, as the lines of
//       the benchmark's input file begin), or until the timeout; prints one JSON object: records
//       (values read), distinct (indexes seen), duplicates, seconds. Exit 0 when every index came.
//   copycat-bench-kafka produce <bootstrap> <topic> <file> [--json-envelope]
//       produces every line of <file> (without its '\n') as one record with a null key, using the
//       producer settings of a Copycat source task (acks=all, idempotence, 5 in flight), and
//       prints one JSON object: records, bytes, seconds, records_per_second, cpu_seconds,
//       peak_rss_kb, failed. The clock runs from the first produce() to the last delivery report;
//       the file is read (and, with --json-envelope, wrapped as JsonConverter with
//       schemas.enable=true writes a string) before it starts. This is the "physical limit": what
//       the client library alone achieves with the same records on the same broker.
//
// Single-threaded; exits 0 on success, 1 on a failure (message on stderr), 2 on bad usage.
#include <sys/resource.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "common/json.hpp"
#include "kafka/rdkafka/admin_client.hpp"
#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/producer.hpp"

using namespace copycat;
using namespace std::chrono_literals;

namespace {

constexpr auto admin_timeout = 60s;
constexpr auto flush_timeout = 600s;

int usage() {
    std::fputs(
        "usage: copycat-bench-kafka create-topic <bootstrap> <topic> <partitions>\n"
        "       copycat-bench-kafka end-offset <bootstrap> <topic>\n"
        "       copycat-bench-kafka count <bootstrap> <topic> <records> <timeout-seconds>\n"
        "       copycat-bench-kafka produce <bootstrap> <topic> <file> [--json-envelope]\n",
        stderr);
    return 2;
}

int fail(const std::string& what) {
    std::fprintf(stderr, "copycat-bench-kafka: %s\n", what.c_str());
    return 1;
}

double cpu_seconds() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    const auto seconds = [](const timeval& t) { return static_cast<double>(t.tv_sec) + t.tv_usec / 1e6; };
    return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

long peak_rss_kb() {
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

int create_topic(const std::string& bootstrap, const std::string& topic, int partitions) {
    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap}});
    if (!config) return fail(config.err().describe());
    auto admin = rdkafka::admin_client::create(*config);
    if (!admin) return fail(admin.err().describe());
    auto created =
        admin->create_topic({.name = topic, .partitions = partitions, .replication_factor = 1}, admin_timeout);
    if (!created && created.err().code != make_error_code(errc::already_exists)) {
        return fail("creating topic " + topic + ": " + created.err().describe());
    }
    return 0;
}

int end_offset(const std::string& bootstrap, const std::string& topic) {
    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap}});
    if (!config) return fail(config.err().describe());
    auto consumer = rdkafka::consumer::create(*config);
    if (!consumer) return fail(consumer.err().describe());
    auto partitions = consumer->partition_count(topic, admin_timeout);
    std::int64_t sum = 0;
    if (!partitions && partitions.err().code != make_error_code(errc::not_found))
        return fail(partitions.err().describe());
    for (std::int32_t p = 0; partitions && p < *partitions; ++p) {
        auto marks = consumer->query_watermarks(topic, p, admin_timeout);
        if (!marks) return fail(marks.err().describe());
        sum += marks->high;
    }
    std::printf("%lld\n", static_cast<long long>(sum));
    return 0;
}

// The line index a value carries: its first run of 10 digits; -1 when it has none.
std::int64_t line_index(std::string_view value) {
    std::size_t run = 0;
    for (std::size_t i = 0; i < value.size(); ++i) {
        run = value[i] >= '0' && value[i] <= '9' ? run + 1 : 0;
        if (run == 10) return std::strtoll(std::string(value.substr(i - 9, 10)).c_str(), nullptr, 10);
    }
    return -1;
}

int count(const std::string& bootstrap, const std::string& topic, std::int64_t records, std::chrono::seconds timeout) {
    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap},
                                                    {"client.id", "copycat-bench-counter"},
                                                    {"isolation.level", "read_committed"},
                                                    {"enable.partition.eof", "false"}});
    if (!config) return fail(config.err().describe());
    auto consumer = rdkafka::consumer::create(*config);
    if (!consumer) return fail(consumer.err().describe());
    auto partitions = consumer->partition_count(topic, admin_timeout);
    if (!partitions) return fail(partitions.err().describe());
    std::vector<rdkafka::topic_partition_offset> assignment;
    for (std::int32_t p = 0; p < *partitions; ++p) assignment.push_back({.topic = topic, .partition = p});
    if (auto assigned = consumer->assign(assignment); !assigned) return fail(assigned.err().describe());

    std::vector<bool> seen(static_cast<std::size_t>(records), false);
    std::int64_t read = 0, distinct = 0, duplicates = 0;
    const auto started = std::chrono::steady_clock::now();
    const auto deadline = started + timeout;
    while (distinct < records && std::chrono::steady_clock::now() < deadline) {
        auto message = consumer->poll(100ms);
        if (!message) {  // a consumer event (e.g. the topic's leader moved): polling goes on
            std::fprintf(stderr, "copycat-bench-kafka: %s\n", message.err().describe().c_str());
            continue;
        }
        if (!*message) continue;
        ++read;
        const auto index = line_index((*message)->value().value_or(std::string_view()));
        if (index < 0 || index >= records) continue;
        if (seen[static_cast<std::size_t>(index)]) {
            ++duplicates;
        } else {
            seen[static_cast<std::size_t>(index)] = true;
            ++distinct;
        }
    }
    json::value out = json::value::make_object();
    out.set("records", read);
    out.set("distinct", distinct);
    out.set("duplicates", duplicates);
    out.set("seconds", std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
    std::printf("%s\n", json::dump(out).c_str());
    return distinct == records ? 0 : fail("not every line arrived before the timeout");
}

// The records: one per line of the file, optionally in JsonConverter's envelope.
std::vector<std::string> read_records(const std::string& file, bool json_envelope) {
    std::ifstream in(file, std::ios::binary);
    std::vector<std::string> records;
    std::string line;
    while (std::getline(in, line)) {
        if (!json_envelope) {
            records.push_back(std::move(line));
            continue;
        }
        json::value schema = json::value::make_object();
        schema.set("type", "string");
        schema.set("optional", false);
        json::value envelope = json::value::make_object();
        envelope.set("schema", std::move(schema));
        envelope.set("payload", line);
        records.push_back(json::dump(envelope));
    }
    return records;
}

int produce(const std::string& bootstrap, const std::string& topic, const std::string& file, bool json_envelope) {
    const std::vector<std::string> records = read_records(file, json_envelope);
    if (records.empty()) return fail("no lines in " + file);

    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap},
                                                    {"client.id", "copycat-bench-producer"},
                                                    {"acks", "all"},
                                                    {"enable.idempotence", "true"},
                                                    {"max.in.flight.requests.per.connection", "5"},
                                                    {"message.timeout.ms", "0"}});
    if (!config) return fail(config.err().describe());
    auto producer = rdkafka::producer::create(*config);
    if (!producer) return fail(producer.err().describe());
    if (auto warm = producer->warm_up(topic, admin_timeout); !warm) return fail("metadata: " + warm.err().describe());

    std::size_t delivered = 0, failed = 0, bytes = 0;
    const auto on_delivery = [&](const rdkafka::delivery_report& report) {
        if (report.status) {
            ++delivered;
        } else {
            ++failed;
        }
    };
    const double cpu_before = cpu_seconds();
    const auto started = std::chrono::steady_clock::now();
    for (const auto& record : records) {
        while (true) {
            auto produced = producer->produce({.topic = topic, .value = record}, on_delivery);
            if (produced) break;
            if (produced.err().code != make_error_code(errc::unavailable)) return fail(produced.err().describe());
            producer->poll(10ms);  // the local queue is full: serve delivery reports, then retry
        }
        bytes += record.size();
        producer->poll(0ms);
    }
    if (auto flushed = producer->flush(flush_timeout); !flushed) return fail("flush: " + flushed.err().describe());
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const double cpu = cpu_seconds() - cpu_before;

    json::value out = json::value::make_object();
    out.set("records", static_cast<std::int64_t>(delivered));
    out.set("bytes", static_cast<std::int64_t>(bytes));
    out.set("seconds", seconds);
    out.set("records_per_second", static_cast<double>(delivered) / seconds);
    out.set("cpu_seconds", cpu);
    out.set("peak_rss_kb", peak_rss_kb());
    out.set("failed", static_cast<std::int64_t>(failed));
    std::printf("%s\n", json::dump(out).c_str());
    return failed == 0 && delivered == records.size() ? 0 : fail("not every record was delivered");
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 4 && args[0] == "create-topic") {
        const int partitions = std::atoi(args[3].c_str());
        if (partitions < 1) return usage();
        return create_topic(args[1], args[2], partitions);
    }
    if (args.size() == 3 && args[0] == "end-offset") return end_offset(args[1], args[2]);
    if (args.size() == 5 && args[0] == "count") {
        const long long records = std::atoll(args[3].c_str());
        const long long timeout = std::atoll(args[4].c_str());
        if (records < 1 || timeout < 1) return usage();
        return count(args[1], args[2], records, std::chrono::seconds(timeout));
    }
    if ((args.size() == 4 || args.size() == 5) && args[0] == "produce") {
        const bool envelope = args.size() == 5;
        if (envelope && args[4] != "--json-envelope") return usage();
        return produce(args[1], args[2], args[3], envelope);
    }
    return usage();
}
