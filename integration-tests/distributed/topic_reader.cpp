#include "distributed/topic_reader.hpp"

#include <catch2/catch.hpp>

#include <chrono>
#include <map>

#include "kafka/rdkafka/consumer.hpp"
#include "support/cluster_env.hpp"

namespace copycat::itest {

using namespace std::chrono_literals;

std::vector<topic_record> read_topic(const std::string& topic, std::int32_t* partitions) {
    auto config =
        rdkafka::client_config::from_map({{"bootstrap.servers", bootstrap_servers()}, {"enable.auto.commit", "false"}});
    REQUIRE(config.ok());
    auto consumer = rdkafka::consumer::create(*config);
    REQUIRE(consumer.ok());
    auto count = consumer->partition_count(topic, 30s);
    INFO("partition count of " << topic << ": " << (count.ok() ? "" : count.err().describe()));
    REQUIRE(count.ok());
    if (partitions != nullptr) *partitions = *count;

    std::map<std::int32_t, std::int64_t> next;  // per partition: the next offset still to read
    std::map<std::int32_t, std::int64_t> high;
    std::vector<rdkafka::topic_partition_offset> assignment;
    for (std::int32_t p = 0; p < *count; ++p) {
        auto marks = consumer->query_watermarks(topic, p, 30s);
        REQUIRE(marks.ok());
        next[p] = marks->low;
        high[p] = marks->high;
        assignment.push_back({topic, p, rdkafka::offsets::beginning});
    }
    REQUIRE(consumer->assign(assignment).ok());
    std::map<std::int32_t, std::vector<topic_record>> by_partition;
    const auto done = [&] {
        for (const auto& [p, h] : high)
            if (next[p] < h) return false;
        return true;
    };
    const auto until = std::chrono::steady_clock::now() + 30s;
    while (!done() && std::chrono::steady_clock::now() < until) {
        auto polled = consumer->poll(200ms);
        if (!polled.ok() || !polled->has_value()) continue;
        const rdkafka::message& m = **polled;
        topic_record r{m.partition(), m.offset(), std::string(m.key().value_or("")), std::nullopt, m.timestamp_ms()};
        if (m.value()) r.value = std::string(*m.value());
        next[r.partition] = r.offset + 1;
        by_partition[r.partition].push_back(std::move(r));
    }
    INFO("reading " << topic << " to its high watermarks");
    REQUIRE(done());
    std::vector<topic_record> out;
    for (auto& [p, records] : by_partition)
        for (auto& r : records) out.push_back(std::move(r));
    return out;
}

}  // namespace copycat::itest
