// memory_record_log: the synchronous in-process record_log the store tests run on.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "storage/memory_record_log.hpp"

using namespace copycat;
using namespace copycat::storage;
using namespace std::chrono_literals;

namespace {

struct seen_record {
    std::optional<std::string> key;
    std::optional<std::string> value;
    std::int64_t offset;
};

}  // namespace

TEST_CASE("memory_record_log numbers records and delivers them before acknowledging") {
    memory_record_log log;
    std::vector<seen_record> seen;
    REQUIRE(log.start([&](const log_record& r) { seen.push_back({r.key, r.value, r.offset}); }).ok());

    std::vector<std::size_t> seen_at_ack;
    log.send("a", std::string("1"), [&](result<void> r) {
        REQUIRE(r.ok());
        seen_at_ack.push_back(seen.size());
    });
    log.send("b", std::nullopt, [&](result<void> r) {
        REQUIRE(r.ok());
        seen_at_ack.push_back(seen.size());
    });

    REQUIRE(seen.size() == 2);
    CHECK(seen[0].key == "a");
    CHECK(seen[0].value == "1");
    CHECK(seen[0].offset == 0);
    CHECK(seen[1].key == "b");
    CHECK_FALSE(seen[1].value.has_value());  // a tombstone
    CHECK(seen[1].offset == 1);
    CHECK(seen_at_ack == std::vector<std::size_t>{1, 2});
    CHECK(log.delivered() == 2);
    CHECK(log.send_and_wait("c", std::string("3"), 1s).ok());
    CHECK(log.read_to_end(1s).ok());
    CHECK(log.records().size() == 3);
    CHECK(log.records()[2].offset == 2);
}

TEST_CASE("memory_record_log hands existing and injected records to the handler") {
    memory_record_log log;
    CHECK(log.inject(std::nullopt, std::string("null key")) == 0);
    CHECK(log.inject("k", std::string("not json {")) == 1);
    CHECK(log.delivered() == 0);  // not started: nothing delivered yet

    std::vector<seen_record> seen;
    const auto starter = std::this_thread::get_id();
    bool on_starter = true;
    REQUIRE(log.start([&](const log_record& r) {
                   seen.push_back({r.key, r.value, r.offset});
                   on_starter = on_starter && std::this_thread::get_id() == starter;
               })
                .ok());
    REQUIRE(seen.size() == 2);
    CHECK(on_starter);
    CHECK_FALSE(seen[0].key.has_value());
    CHECK(seen[1].value == "not json {");

    CHECK(log.inject("k", std::nullopt) == 2);
    REQUIRE(seen.size() == 3);
    CHECK_FALSE(seen[2].value.has_value());
}

TEST_CASE("memory_record_log starts from another log's records") {
    memory_record_log first;
    REQUIRE(first.start([](const log_record&) {}).ok());
    first.send("a", std::string("1"));
    first.send("a", std::string("2"));

    memory_record_log second(first.records());
    std::vector<std::string> values;
    REQUIRE(second.start([&](const log_record& r) { values.push_back(r.value.value_or("<null>")); }).ok());
    CHECK(values == std::vector<std::string>{"1", "2"});
}

TEST_CASE("memory_record_log refuses writes and reads when not running") {
    memory_record_log log;
    CHECK(log.send_and_wait("k", std::string("v"), 1s).err().code == make_error_code(errc::unavailable));
    CHECK(log.read_to_end(1s).err().code == make_error_code(errc::unavailable));

    REQUIRE(log.start([](const log_record&) {}).ok());
    CHECK_FALSE(log.start([](const log_record&) {}).ok());
    log.stop();
    log.stop();  // idempotent
    CHECK(log.send_and_wait("k", std::string("v"), 1s).err().code == make_error_code(errc::unavailable));
    CHECK(log.read_to_end(1s).err().code == make_error_code(errc::unavailable));
    CHECK(log.records().empty());
}

TEST_CASE("memory_record_log fails sends while told to") {
    memory_record_log log;
    int handled = 0;
    REQUIRE(log.start([&](const log_record&) { ++handled; }).ok());
    log.fail_sends(make_error(errc::timeout, "broker gone"));
    auto failed = log.send_and_wait("k", std::string("v"), 1s);
    REQUIRE_FALSE(failed.ok());
    CHECK(failed.err().message == "broker gone");
    CHECK(handled == 0);
    log.fail_sends(std::nullopt);
    CHECK(log.send_and_wait("k", std::string("v"), 1s).ok());
    CHECK(handled == 1);
}

TEST_CASE("memory_record_log delivers writes made by the handler after the current record") {
    memory_record_log log;
    std::vector<std::string> order;
    bool read_done = false;
    std::size_t seen_at_read = 0;
    REQUIRE(log.start([&](const log_record& r) {
                   order.push_back("begin " + *r.key);
                   if (*r.key == "first") {
                       log.send("second", std::string("2"));
                       log.read_to_end([&](result<void> done) {
                           read_done = done.ok();
                           seen_at_read = order.size();
                       });
                       log.send("third", std::string("3"));
                   }
                   order.push_back("end " + *r.key);
               })
                .ok());
    log.send("first", std::string("1"));
    CHECK(order == std::vector<std::string>{"begin first", "end first", "begin second", "end second", "begin third",
                                            "end third"});
    CHECK(read_done);
    CHECK(seen_at_read == 4);  // once "second" (written before the request) was handled
}

TEST_CASE("memory_record_log delivers concurrent writes once each, in offset order") {
    memory_record_log log;
    std::vector<std::int64_t> offsets;  // only the delivering thread touches it
    REQUIRE(log.start([&](const log_record& r) { offsets.push_back(r.offset); }).ok());

    constexpr int threads = 4;
    constexpr int per_thread = 250;
    std::atomic<int> failures{0};
    std::vector<std::thread> writers;
    for (int t = 0; t < threads; ++t) {
        writers.emplace_back([&log, &failures, t] {
            for (int i = 0; i < per_thread; ++i) {
                if (!log.send_and_wait("k" + std::to_string(t), std::to_string(i), 5s).ok()) ++failures;
            }
        });
    }
    for (auto& w : writers) w.join();
    CHECK(failures == 0);
    REQUIRE(log.read_to_end(1s).ok());
    REQUIRE(offsets.size() == threads * per_thread);
    for (std::size_t i = 0; i < offsets.size(); ++i) CHECK(offsets[i] == static_cast<std::int64_t>(i));
}
