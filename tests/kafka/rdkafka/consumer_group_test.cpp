// The consumer's group calls against librdkafka's mock cluster: rebalance callbacks on the
// polling thread (with a commit from inside the revocation), pause/resume, seek (backwards,
// forwards, before the fetch starts and inside the assignment), position and committed, and the
// on_ready() signal of a consumer polled without waiting, and a close in steps (begin_close()).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "kafka/rdkafka/consumer.hpp"
#include "kafka/rdkafka/mock_cluster.hpp"
#include "kafka/rdkafka/producer.hpp"

using namespace copycat;
using namespace copycat::rdkafka;
using namespace std::chrono_literals;

namespace {

using clock_type = std::chrono::steady_clock;
constexpr auto deadline = 30s;

std::string unique(const std::string& prefix) {
    static std::atomic<int> n{0};
    return prefix + "-" + std::to_string(++n);
}

mock_cluster make_cluster() {
    auto made = mock_cluster::create();
    REQUIRE(made.ok());
    return std::move(*made);
}

struct cluster_fixture {
    mock_cluster cluster = make_cluster();
    std::string topic = unique("group-topic");

    explicit cluster_fixture(int partitions = 2) { REQUIRE(cluster.create_topic(topic, partitions).ok()); }

    // Writes values to a partition and waits until they are acknowledged.
    void produce(std::int32_t partition, int count, int first = 0) {
        auto config = client_config::from_map({{"bootstrap.servers", cluster.bootstrap_servers()}});
        REQUIRE(config.ok());
        auto p = producer::create(*config);
        REQUIRE(p.ok());
        for (int i = first; i < first + count; ++i) {
            const std::string value = "v" + std::to_string(i);
            REQUIRE(p->produce({.topic = topic, .partition = partition, .value = value}).ok());
        }
        REQUIRE(p->flush(deadline).ok());
    }

    // The group's committed offsets of the topic's first `partitions` partitions.
    std::vector<std::int64_t> committed(const std::string& group, std::int32_t partitions) {
        auto reader = make_consumer(group);
        std::vector<topic_partition> asked;
        for (std::int32_t p = 0; p < partitions; ++p) asked.push_back({topic, p});
        auto got = reader.committed(asked, 10s);
        REQUIRE(got.ok());
        std::vector<std::int64_t> out;
        for (const auto& o : *got) out.push_back(o.offset);
        return out;
    }

    consumer make_consumer(const std::string& group) {
        client_config::property_map props{{"bootstrap.servers", cluster.bootstrap_servers()},
                                          {"auto.offset.reset", "earliest"},
                                          {"enable.auto.commit", "false"},
                                          {"heartbeat.interval.ms", "100"},
                                          {"session.timeout.ms", "6000"}};
        if (!group.empty()) props["group.id"] = group;
        auto config = client_config::from_map(props);
        REQUIRE(config.ok());
        auto c = consumer::create(*config);
        REQUIRE(c.ok());
        return std::move(*c);
    }
};

// Records the callbacks it gets; optional hooks run inside them.
struct listener_log : rebalance_listener {
    std::vector<std::vector<topic_partition>> assigned;
    std::vector<std::vector<topic_partition>> revoked;
    std::vector<std::thread::id> threads;
    std::function<void(const std::vector<topic_partition>&)> on_assigned;
    std::function<void(const std::vector<topic_partition>&)> on_revoked;

    void on_partitions_assigned(const std::vector<topic_partition>& partitions) override {
        assigned.push_back(partitions);
        threads.push_back(std::this_thread::get_id());
        if (on_assigned) on_assigned(partitions);
    }
    void on_partitions_revoked(const std::vector<topic_partition>& partitions) override {
        revoked.push_back(partitions);
        threads.push_back(std::this_thread::get_id());
        if (on_revoked) on_revoked(partitions);
    }
};

struct seen_record {
    std::int32_t partition;
    std::int64_t offset;
};

// Polls until `count` records arrived or the deadline passed.
std::vector<seen_record> consume(consumer& c, std::size_t count, std::chrono::milliseconds within = deadline) {
    std::vector<seen_record> out;
    const auto until = clock_type::now() + within;
    while (out.size() < count && clock_type::now() < until) {
        auto polled = c.poll(100ms);
        if (!polled.ok() || !polled->has_value()) continue;
        out.push_back({(*polled)->partition(), (*polled)->offset()});
    }
    return out;
}

std::vector<std::int64_t> offsets_of(const std::vector<seen_record>& records, std::int32_t partition) {
    std::vector<std::int64_t> out;
    for (const auto& r : records) {
        if (r.partition == partition) out.push_back(r.offset);
    }
    return out;
}

}  // namespace

TEST_CASE("a subscribed consumer's listener runs on the polling thread, and can commit in the final revocation") {
    cluster_fixture f;
    f.produce(0, 2);
    f.produce(1, 3);
    const auto group = unique("group");
    listener_log log;  // outlives the consumer, whose destruction may still call it
    auto c = f.make_consumer(group);
    std::size_t assignment_inside = 0;
    log.on_assigned = [&](const std::vector<topic_partition>&) {
        auto now = c.assignment();
        REQUIRE(now.ok());
        assignment_inside = now->size();
    };
    result<void> committed_inside;
    log.on_revoked = [&](const std::vector<topic_partition>& partitions) {
        auto positions = c.position(partitions);
        REQUIRE(positions.ok());
        committed_inside = c.commit(*positions);
    };
    REQUIRE(c.subscribe({f.topic}, log).ok());
    auto records = consume(c, 5);
    REQUIRE(records.size() == 5);
    REQUIRE(log.assigned.size() == 1);
    CHECK(log.assigned[0].size() == 2);
    CHECK(assignment_inside == 2);

    auto positions = c.position({{f.topic, 0}, {f.topic, 1}, {f.topic, 7}});
    REQUIRE(positions.ok());
    CHECK((*positions)[0].offset == 2);
    CHECK((*positions)[1].offset == 3);
    CHECK((*positions)[2].offset == consumer::no_offset);

    REQUIRE(c.close().ok());
    REQUIRE(log.revoked.size() == 1);
    CHECK(log.revoked[0].size() == 2);
    CHECK(committed_inside.ok());
    for (const auto& id : log.threads) CHECK(id == std::this_thread::get_id());

    CHECK(f.committed(group, 2) == std::vector<std::int64_t>{2, 3});
}

TEST_CASE("a second member makes the first revoke everything and keep only its share") {
    cluster_fixture f;
    f.produce(0, 10);
    f.produce(1, 10);
    const auto group = unique("group");
    listener_log first_log;
    listener_log second_log;
    auto first = f.make_consumer(group);
    // Under load the group may rebalance more than once; the first revocation is the one checked.
    std::optional<std::size_t> assigned_while_revoking;
    first_log.on_revoked = [&](const std::vector<topic_partition>&) {
        if (assigned_while_revoking) return;
        auto now = first.assignment();
        assigned_while_revoking = now.ok() ? now->size() : 0;
    };
    REQUIRE(first.subscribe({f.topic}, first_log).ok());
    REQUIRE(consume(first, 20).size() == 20);
    // (The mock cluster refuses commits while the group is joining, which a real broker accepts:
    // the commit inside the revocation is covered by the runtime cluster tests.)
    REQUIRE(first.commit({{f.topic, 0, 10}, {f.topic, 1, 10}}).ok());

    auto second = f.make_consumer(group);
    REQUIRE(second.subscribe({f.topic}, second_log).ok());
    // Settled: the first member gave its partitions back and each member now holds one. (Callback
    // counts cannot tell: a rebalance error also calls on_partitions_revoked, assigned or not.)
    auto holds_one = [](consumer& c, const listener_log& log) {
        auto now = c.assignment();
        return !log.assigned.empty() && now.ok() && now->size() == 1;
    };
    auto settled = [&] {
        return !first_log.revoked.empty() && holds_one(first, first_log) && holds_one(second, second_log);
    };
    const auto until = clock_type::now() + deadline;
    while (!settled() && clock_type::now() < until) {
        (void)first.poll(20ms);
        (void)second.poll(20ms);
    }
    REQUIRE(settled());
    CHECK(first_log.revoked[0].size() == 2);  // eager: everything goes back first
    CHECK(assigned_while_revoking == std::optional<std::size_t>(2));
    CHECK(first_log.assigned.back()[0].partition != second_log.assigned.back()[0].partition);
    auto now = first.assignment();
    REQUIRE(now.ok());
    CHECK(*now == first_log.assigned.back());

    // The second member starts from the committed offsets: it sees only the new record.
    const std::int32_t theirs = second_log.assigned.back()[0].partition;
    f.produce(theirs, 1, 10);
    auto records = consume(second, 1);
    REQUIRE(records.size() == 1);
    CHECK(records[0].partition == theirs);
    CHECK(records[0].offset == 10);
}

TEST_CASE("pause holds a partition back until resume, which goes on where it stopped") {
    cluster_fixture f(1);
    f.produce(0, 3);
    auto c = f.make_consumer("");
    REQUIRE(c.assign({{f.topic, 0, offsets::beginning}}).ok());
    REQUIRE(consume(c, 3).size() == 3);
    REQUIRE(c.pause({{f.topic, 0}}).ok());
    f.produce(0, 2, 3);
    CHECK(consume(c, 1, 1500ms).empty());
    REQUIRE(c.resume({{f.topic, 0}}).ok());
    REQUIRE(c.resume({{f.topic, 0}}).ok());  // not paused any more: nothing happens
    auto records = consume(c, 2);
    CHECK(offsets_of(records, 0) == std::vector<std::int64_t>{3, 4});
    CHECK(consume(c, 1, 500ms).empty());

    auto refused = c.pause({{f.topic, 5}});
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.err().code == errc::invalid_argument);

    // A new assignment starts unpaused.
    REQUIRE(c.pause({{f.topic, 0}}).ok());
    REQUIRE(c.assign({{f.topic, 0, 1}}).ok());
    CHECK(offsets_of(consume(c, 4), 0) == std::vector<std::int64_t>{1, 2, 3, 4});
}

TEST_CASE("seek moves backwards and forwards, also before the partition's fetch started") {
    cluster_fixture f(1);
    f.produce(0, 6);
    auto c = f.make_consumer("");
    REQUIRE(c.assign({{f.topic, 0, offsets::beginning}}).ok());
    REQUIRE(c.seek(f.topic, 0, 4).ok());  // right after assign: applied once fetching starts
    CHECK(offsets_of(consume(c, 2), 0) == std::vector<std::int64_t>{4, 5});

    REQUIRE(c.seek(f.topic, 0, 1).ok());  // backwards: re-delivers
    CHECK(offsets_of(consume(c, 5), 0) == std::vector<std::int64_t>{1, 2, 3, 4, 5});
    REQUIRE(c.seek(f.topic, 0, 0).ok());
    REQUIRE(c.seek(f.topic, 0, 5).ok());  // forwards
    CHECK(offsets_of(consume(c, 1), 0) == std::vector<std::int64_t>{5});

    auto refused = c.seek(f.topic, 3, 0);
    REQUIRE_FALSE(refused.ok());
}

TEST_CASE("seek and pause inside on_partitions_assigned set the start offset and hold a partition back") {
    cluster_fixture f;
    f.produce(0, 5);
    f.produce(1, 5);
    listener_log log;
    auto c = f.make_consumer(unique("group"));
    log.on_assigned = [&](const std::vector<topic_partition>&) {
        REQUIRE(c.seek(f.topic, 0, 3).ok());
        REQUIRE(c.pause({{f.topic, 1}}).ok());
    };
    REQUIRE(c.subscribe({f.topic}, log).ok());
    auto records = consume(c, 2);
    CHECK(offsets_of(records, 0) == std::vector<std::int64_t>{3, 4});
    CHECK(consume(c, 1, 1000ms).empty());
    REQUIRE(c.resume({{f.topic, 1}}).ok());
    CHECK(offsets_of(consume(c, 5), 1) == std::vector<std::int64_t>{0, 1, 2, 3, 4});
}

TEST_CASE("a listener that throws is reported by poll() and the assignment still happens") {
    cluster_fixture f(1);
    f.produce(0, 1);
    listener_log log;
    auto c = f.make_consumer(unique("group"));
    log.on_assigned = [](const std::vector<topic_partition>&) { throw std::runtime_error("no thanks"); };
    REQUIRE(c.subscribe({f.topic}, log).ok());
    std::string reported;
    std::size_t records = 0;
    const auto until = clock_type::now() + deadline;
    while ((reported.empty() || records == 0) && clock_type::now() < until) {
        auto polled = c.poll(50ms);
        if (!polled.ok()) {
            reported = polled.err().describe();
        } else if (polled->has_value()) {
            ++records;
        }
    }
    CHECK(reported.find("no thanks") != std::string::npos);
    CHECK(records == 1);
}

TEST_CASE("on_ready signals a consumer polled only without waiting: the assignment and records arrive by it alone") {
    cluster_fixture f(1);
    listener_log log;  // outlives the consumer, whose destruction revokes
    std::mutex mutex;
    std::condition_variable signalled;
    int signals = 0;
    auto c = f.make_consumer(unique("ready-group"));
    c.on_ready([&] {
        std::lock_guard lock(mutex);
        ++signals;
        signalled.notify_all();
    });
    int served = 0;  // the signals answered so far
    std::vector<seen_record> records;
    // As a task on the pool does: wait for a signal, then poll with a zero timeout until nothing
    // is left; never a poll that waits.
    const auto serve_until = [&](const std::function<bool()>& done) {
        const auto until = clock_type::now() + deadline;
        while (!done()) {
            {
                std::unique_lock lock(mutex);
                if (!signalled.wait_until(lock, until, [&] { return signals > served; })) return false;
                served = signals;
            }
            for (;;) {
                auto polled = c.poll(0ms);
                if (!polled.ok()) continue;
                if (!polled->has_value()) break;
                records.push_back({(*polled)->partition(), (*polled)->offset()});
            }
        }
        return true;
    };
    REQUIRE(c.subscribe({f.topic}, log).ok());
    REQUIRE(serve_until([&] { return !log.assigned.empty(); }));
    CHECK(log.assigned.front() == std::vector<topic_partition>{{f.topic, 0}});

    f.produce(0, 3);
    REQUIRE(serve_until([&] { return records.size() >= 3; }));
    CHECK(offsets_of(records, 0) == std::vector<std::int64_t>{0, 1, 2});
    f.produce(0, 2, 3);
    REQUIRE(serve_until([&] { return records.size() >= 5; }));
    CHECK(offsets_of(records, 0) == std::vector<std::int64_t>{0, 1, 2, 3, 4});

    c.on_ready({});
    const int before = [&] {
        std::lock_guard lock(mutex);
        return signals;
    }();
    f.produce(0, 1, 5);
    CHECK(consume(c, 1).size() == 1);  // the record came, with no signal for it
    std::lock_guard lock(mutex);
    CHECK(signals == before);
}

TEST_CASE("begin_close() leaves the group in steps: the final revocation runs inside close_finished() or close()") {
    cluster_fixture f;
    f.produce(0, 2);
    f.produce(1, 3);
    const auto group = unique("closing-group");
    listener_log log;  // outlives the consumer
    auto c = f.make_consumer(group);
    log.on_revoked = [&](const std::vector<topic_partition>& partitions) {
        auto positions = c.position(partitions);
        REQUIRE(positions.ok());
        REQUIRE(c.commit(*positions).ok());
    };
    REQUIRE(c.subscribe({f.topic}, log).ok());
    REQUIRE(consume(c, 5).size() == 5);

    std::mutex mutex;
    std::condition_variable signalled;
    int signals = 0;
    const auto signal = [&] {
        std::lock_guard lock(mutex);
        ++signals;
        signalled.notify_all();
    };
    // Records fetched and never polled when the close begins (a sink task stopped mid-stream):
    // the close drops them, and they are not committed.
    f.produce(0, 3, 2);
    const auto fetched_by = clock_type::now() + deadline;
    while (c.cached_high_watermark(f.topic, 0) < 5 && clock_type::now() < fetched_by)
        std::this_thread::sleep_for(10ms);
    REQUIRE(c.cached_high_watermark(f.topic, 0) == 5);
    REQUIRE(c.begin_close(signal).ok());
    CHECK(log.revoked.empty());  // nothing ran on librdkafka's threads
    const bool in_steps = GENERATE(true, false);
    if (in_steps) {
        // As a task on the pool does: look again when signalled, never wait in the consumer.
        int served = 0;
        const auto until = clock_type::now() + deadline;
        while (!c.close_finished()) {
            std::unique_lock lock(mutex);
            REQUIRE(signalled.wait_until(lock, until, [&] { return signals > served; }));
            served = signals;
        }
        CHECK(signals > 0);
    }
    REQUIRE(c.close().ok());  // waits for the rest when not served in steps; nothing more otherwise
    REQUIRE(log.revoked.size() == 1);
    CHECK(log.revoked[0].size() == 2);
    for (const auto& id : log.threads) CHECK(id == std::this_thread::get_id());

    CHECK(f.committed(group, 2) == std::vector<std::int64_t>{2, 3});
}
