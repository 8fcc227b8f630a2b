// DatagenTask: determinism with random.seed, iterations, resuming from the committed offset,
// partitions/offsets/headers, batches at max.interval=0, and a wait that stop() ends.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "copycat/errors.hpp"
#include "datagen_test_support.hpp"

using namespace copycat;
using namespace copycat::datagen;
using namespace copycat::datagen::test;
using namespace std::chrono_literals;

namespace {

config seeded(std::string_view quickstart, std::string_view seed, std::string_view task_id = "0") {
    auto props = quickstart_props(quickstart);
    props["random.seed"] = std::string(seed);
    props["task.id"] = std::string(task_id);
    return props;
}

std::vector<std::string> first_texts(const config& props, std::size_t count) {
    started_task t(props);
    auto records = t.poll(count);
    REQUIRE(records.size() >= count);
    records.resize(count);
    return texts(records);
}

}  // namespace

TEST_CASE("the same seed gives the same records; another seed or task gives others") {
    const auto quickstart = GENERATE(as<std::string>{}, "users", "orders", "clickstream");
    const auto a = first_texts(seeded(quickstart, "42"), 300);
    CHECK(a == first_texts(seeded(quickstart, "42"), 300));
    CHECK(a != first_texts(seeded(quickstart, "43"), 300));
    CHECK(a != first_texts(seeded(quickstart, "42", "1"), 300));
    // Without a seed every start draws one of its own.
    CHECK(first_texts(quickstart_props(quickstart), 300) != first_texts(quickstart_props(quickstart), 300));
}

TEST_CASE("a seed gives the same records on every build: docs/connectors/datagen.md's example") {
    // The generator is written out (no <random> distributions), so these values hold for any
    // compiler and standard library; docs/connectors/datagen.md shows them.
    const auto records = first_texts(seeded("users", "42"), 2);
    CHECK(records == std::vector<std::string>{
                         "Struct{registertime=1515472544508,userid=User_4,regionid=Region_8,gender=FEMALE} key=User_4",
                         "Struct{registertime=1495652576326,userid=User_8,regionid=Region_1,gender=OTHER} key=User_8"});
}

TEST_CASE("the records of a seed do not depend on max.interval") {
    auto paced = seeded("users", "7");
    paced["max.interval"] = "1";
    started_task slow(paced);
    const auto records = slow.poll(5);
    REQUIRE(records.size() == 5);  // one per poll
    CHECK(texts(records) == first_texts(seeded("users", "7"), 5));
}

TEST_CASE("a task generates exactly 'iterations' records, then stays idle") {
    auto props = quickstart_props("pageviews", "2500");
    started_task t(props);
    const auto records = t.poll(2500);
    CHECK(records.size() == 2500);  // batches of at most 1000, the last one cut to fit
    const auto idle_start = std::chrono::steady_clock::now();
    CHECK(t.task.poll().empty());
    const auto idle = std::chrono::steady_clock::now() - idle_start;
    CHECK(idle >= 900ms);  // waits instead of spinning
    CHECK(idle < 5s);
}

TEST_CASE("max.interval=0 returns full batches without waiting") {
    started_task t(quickstart_props("users"));
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < 5; ++i) CHECK(t.task.poll().size() == datagen_task::batch_size);
    CHECK(std::chrono::steady_clock::now() - start < 5s);
}

TEST_CASE("records carry the task partition, the next state as offset, and Confluent's headers") {
    started_task t(seeded("users", "1", "3"));
    const auto records = t.poll(3);
    REQUIRE(records.size() >= 3);
    for (std::int64_t i = 0; i < 3; ++i) {
        const auto& r = records[static_cast<std::size_t>(i)];
        CHECK(r.topic == "datagen");
        CHECK_FALSE(r.kafka_partition.has_value());
        CHECK(r.source_partition == source_map{{"task.id", value(std::int32_t{3})}});
        CHECK(r.source_offset == source_map{{"current.iteration", value(i + 1)}, {"task.generation", value(1L)}});
        REQUIRE(r.hdrs.size() == 3);
        CHECK(r.hdrs.last_with_name("task.generation")->val == value(0L));
        CHECK(r.hdrs.last_with_name("task.id")->val == value(3L));
        CHECK(r.hdrs.last_with_name("current.iteration")->val == value(i));
    }
    REQUIRE(t.context.lookups.size() == 1);
    CHECK(t.context.lookups[0] == source_map{{"task.id", value(std::int32_t{3})}});
}

TEST_CASE("a restarted task resumes from the committed offset with the records it would have made") {
    auto props = seeded("orders", "99");
    props["iterations"] = "20";
    const auto whole = first_texts(props, 20);

    started_task resumed(props, source_map{{"current.iteration", value(12L)}, {"task.generation", value(2L)}});
    const auto rest = resumed.poll(8);
    REQUIRE(rest.size() == 8);
    CHECK(texts(rest) == std::vector<std::string>(whole.begin() + 12, whole.end()));
    CHECK(field_of(rest[0], "orderid").as_int32() == 12);  // the sequence goes on too
    CHECK(rest[0].hdrs.last_with_name("task.generation")->val == value(2L));
    CHECK(rest.back().source_offset.at("current.iteration") == value(20L));
    CHECK(resumed.task.poll().empty());  // 20 in all
}

TEST_CASE("an offset this task did not write fails the start with a clear message") {
    CHECK_THROWS_WITH(started_task(seeded("users", "1"), source_map{{"current.iteration", value("x")}}),
                      Catch::Contains("\"current.iteration\" is x, not a count"));
    CHECK_THROWS_AS(started_task(seeded("users", "1", "-2")), config_error);
    CHECK_THROWS_AS(started_task(config{{"kafka.topic", "t"}}), config_error);  // no schema
}

TEST_CASE("a wait between records lasts at most a second, and stop() ends it") {
    auto props = quickstart_props("users");
    props["max.interval"] = "2147483647";  // the next record is (all but surely) days away
    started_task t(props);
    CHECK(t.task.poll().size() == 1);  // the first record comes at once

    const auto start = std::chrono::steady_clock::now();
    CHECK(t.task.poll().empty());
    const auto waited = std::chrono::steady_clock::now() - start;
    CHECK(waited >= 900ms);
    CHECK(waited < 3s);

    // stop() from another thread, while poll() waits or before it starts: either way poll()
    // comes back empty at once instead of after its second.
    std::vector<source_record> polled;
    std::chrono::steady_clock::duration stopped_after{};
    std::thread poller([&] {
        const auto begin = std::chrono::steady_clock::now();
        polled = t.task.poll();
        stopped_after = std::chrono::steady_clock::now() - begin;
    });
    t.task.stop();
    poller.join();
    CHECK(polled.empty());
    CHECK(stopped_after < 900ms);
}
