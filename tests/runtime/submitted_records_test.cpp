#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "runtime/submitted_records.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

source_map partition(const std::string& name) { return {{"file", value(name)}}; }
source_map position(std::int64_t p) { return {{"position", value(p)}}; }

std::int64_t committed_position(const submitted_records::committable_offsets& c, const std::string& key) {
    return c.offsets.at(key).offset.at("position").as_int64();
}

}  // namespace

TEST_CASE("an offset commits only when it and every earlier record of its partition were acked") {
    submitted_records records;
    auto r0 = records.submit("a", partition("a"), position(0));
    auto r1 = records.submit("a", partition("a"), position(1));
    auto r2 = records.submit("a", partition("a"), position(2));
    CHECK(records.unacked() == 3);

    records.ack(r2);  // out of order: nothing committable yet
    auto c = records.committable();
    CHECK(c.empty());
    CHECK(c.pending_records == 3);

    records.ack(r0);
    c = records.committable();
    REQUIRE(c.offsets.size() == 1);
    CHECK(committed_position(c, "a") == 0);
    CHECK(c.committable_records == 1);

    records.ack(r1);  // fills the gap: r1 and r2 commit together, the newest wins
    c = records.committable();
    CHECK(committed_position(c, "a") == 2);
    CHECK(c.committable_records == 2);
    CHECK(records.unacked() == 0);
    CHECK(records.committable().empty());
}

TEST_CASE("source partitions are tracked independently") {
    submitted_records records;
    auto a0 = records.submit("a", partition("a"), position(10));
    auto b0 = records.submit("b", partition("b"), position(20));
    auto a1 = records.submit("a", partition("a"), position(11));
    records.ack(b0);
    records.ack(a1);
    auto c = records.committable();
    CHECK(c.offsets.size() == 1);
    CHECK(committed_position(c, "b") == 20);
    CHECK(c.largest_partition_backlog == 2);
    records.ack(a0);
    c = records.committable();
    CHECK(committed_position(c, "a") == 11);
    CHECK(c.offsets.at("a").partition.at("file").as_string() == "a");
}

TEST_CASE("acks in a random order commit the newest offset once every record is acked") {
    submitted_records records;
    std::vector<submitted_records::handle> handles;
    for (int i = 0; i < 1000; ++i) handles.push_back(records.submit("p", partition("p"), position(i)));
    std::mt19937 rng(42);
    std::shuffle(handles.begin(), handles.end(), rng);
    std::int64_t last_committed = -1;
    for (std::size_t i = 0; i < handles.size(); ++i) {
        records.ack(handles[i]);
        auto c = records.committable();
        if (!c.empty()) {
            const auto committed = committed_position(c, "p");
            CHECK(committed > last_committed);  // offsets only move forward
            last_committed = committed;
        }
    }
    CHECK(last_committed == 999);
    CHECK(records.unacked() == 0);
}

TEST_CASE("acking twice is harmless, and a refused record can be dropped") {
    submitted_records records;
    auto r0 = records.submit("a", partition("a"), position(0));
    records.ack(r0);
    records.ack(r0);
    CHECK(records.unacked() == 0);
    auto r1 = records.submit("a", partition("a"), position(1));
    auto r2 = records.submit("a", partition("a"), position(2));
    CHECK_FALSE(records.drop(r1));  // not the latest submission
    CHECK(records.drop(r2));
    records.ack(r1);
    CHECK(committed_position(records.committable(), "a") == 1);
}

TEST_CASE("records without a source partition count as in flight but commit nothing") {
    submitted_records records;
    auto r = records.submit("", {}, {});
    CHECK(records.unacked() == 1);
    records.ack(r);
    CHECK(records.unacked() == 0);
    CHECK(records.committable().empty());
}

TEST_CASE("acknowledged records are not kept until the next commit, only behind an unacked one") {
    submitted_records records;
    std::vector<submitted_records::handle> handles;
    for (std::int64_t i = 0; i < 1000; ++i) handles.push_back(records.submit("a", partition("a"), position(i)));
    CHECK(records.held() == 1000);
    for (std::size_t i = 0; i < 600; ++i) records.ack(handles[i]);  // in order: folded at once
    CHECK(records.held() == 400);
    records.ack(handles[999]);  // behind 600..998: kept
    CHECK(records.held() == 400);
    auto dropped_behind = records.submit("a", partition("a"), position(1000));
    CHECK(records.drop(dropped_behind));  // a drop keeps the committable offset of the partition
    auto c = records.committable();
    CHECK(committed_position(c, "a") == 599);
    CHECK(c.committable_records == 600);
    for (std::size_t i = 600; i < 999; ++i) records.ack(handles[i]);
    CHECK(records.held() == 0);
    c = records.committable();
    CHECK(committed_position(c, "a") == 999);
    CHECK(c.committable_records == 400);
    CHECK(records.committable().empty());
}

TEST_CASE("a drop that empties a partition keeps its committable offset") {
    submitted_records records;
    auto r0 = records.submit("a", partition("a"), position(0));
    records.ack(r0);
    auto r1 = records.submit("a", partition("a"), position(1));
    CHECK(records.drop(r1));
    auto c = records.committable();
    REQUIRE(c.offsets.size() == 1);
    CHECK(committed_position(c, "a") == 0);
}
