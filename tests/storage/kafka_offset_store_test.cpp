// kafka_offset_store on memory_record_log: raw-byte keys, tombstones, skipped malformed keys,
// set() acknowledgements and failures.
#include <catch2/catch.hpp>

#include <memory>
#include <optional>
#include <string>

#include "storage/kafka_offset_store.hpp"
#include "storage/memory_record_log.hpp"

using namespace copycat;
using namespace copycat::storage;

namespace {

offset_bytes bytes(std::string_view text) { return offset_bytes(text.begin(), text.end()); }

const std::string key_a = R"(["file-src",{"filename":"/data/a.txt"}])";
const std::string key_b = R"(["file-src",{"filename":"/data/b.txt"}])";

struct store_on_fake {
    memory_record_log* log;  // owned by the store
    std::unique_ptr<kafka_offset_store> store;

    explicit store_on_fake(std::unique_ptr<memory_record_log> l = std::make_unique<memory_record_log>())
        : log(l.get()), store(std::make_unique<kafka_offset_store>(std::move(l))) {}
};

// set() and wait for `done`, which the fake calls before set() returns.
result<void> set_now(offset_store& store, std::map<offset_bytes, std::optional<offset_bytes>> entries) {
    std::optional<result<void>> outcome;
    store.set(std::move(entries), [&](result<void> r) { outcome = std::move(r); });
    REQUIRE(outcome.has_value());
    return std::move(*outcome);
}

}  // namespace

TEST_CASE("kafka_offset_store loads the topic, later records winning and tombstones deleting") {
    auto log = std::make_unique<memory_record_log>();
    log->inject(key_a, std::string(R"({"position":10})"));
    log->inject(key_b, std::string(R"({"position":20})"));
    log->inject(key_a, std::string(R"({"position":11})"));
    log->inject(key_b, std::nullopt);
    store_on_fake s(std::move(log));
    REQUIRE(s.store->start().ok());

    auto all = s.store->all();
    REQUIRE(all.size() == 1);
    CHECK(all.at(bytes(key_a)) == bytes(R"({"position":11})"));
    auto got = s.store->get({bytes(key_a), bytes(key_b)});
    CHECK(got.size() == 1);
    CHECK(got.count(bytes(key_a)) == 1);
}

TEST_CASE("kafka_offset_store indexes by the raw key bytes") {
    store_on_fake s;
    REQUIRE(s.store->start().ok());
    const std::string compact = R"(["c",{"a":1,"b":2}])";
    const std::string reordered = R"(["c",{"b":2,"a":1}])";
    const std::string spaced = R"(["c", {"a":1,"b":2}])";
    s.log->inject(compact, std::string("1"));
    s.log->inject(reordered, std::string("2"));
    s.log->inject(spaced, std::string("3"));
    auto all = s.store->all();
    CHECK(all.size() == 3);
    CHECK(all.at(bytes(reordered)) == bytes("2"));
}

TEST_CASE("kafka_offset_store skips records whose key is not [connector, partition]") {
    store_on_fake s;
    REQUIRE(s.store->start().ok());
    s.log->inject(std::nullopt, std::string(R"({"position":1})"));
    for (const char* bad : {"not json", R"({"a":1})", R"(["c"])", R"(["c",{},1])", R"([1,{}])", R"(["c","p"])",
                            R"(["c",null])", R"(["c",[1]])", ""}) {
        s.log->inject(std::string(bad), std::string(R"({"position":1})"));
    }
    s.log->inject(key_a, std::string(R"({"position":5})"));
    auto all = s.store->all();
    REQUIRE(all.size() == 1);
    CHECK(all.count(bytes(key_a)) == 1);
    // A malformed tombstone does not disturb anything either.
    s.log->inject(std::string("garbage"), std::nullopt);
    CHECK(s.store->all().size() == 1);
}

TEST_CASE("kafka_offset_store writes the exact bytes and sees them after the acknowledgement") {
    store_on_fake s;
    REQUIRE(s.store->start().ok());
    REQUIRE(
        set_now(*s.store, {{bytes(key_a), bytes(R"({"position":1})")}, {bytes(key_b), bytes(R"({"line":2})")}}).ok());

    auto records = s.log->records();
    REQUIRE(records.size() == 2);
    for (const auto& r : records) {
        REQUIRE(r.key.has_value());
        CHECK((*r.key == key_a || *r.key == key_b));
    }
    CHECK(s.store->get({bytes(key_b)}).at(bytes(key_b)) == bytes(R"({"line":2})"));

    REQUIRE(set_now(*s.store, {{bytes(key_a), std::nullopt}}).ok());
    REQUIRE(s.log->records().size() == 3);
    CHECK_FALSE(s.log->records().back().value.has_value());  // a tombstone
    CHECK(s.store->get({bytes(key_a)}).empty());
    CHECK(s.store->all().size() == 1);
}

TEST_CASE("kafka_offset_store reports a failed write") {
    store_on_fake s;
    REQUIRE(s.store->start().ok());
    s.log->fail_sends(make_error(errc::timeout, "not acknowledged"));
    auto failed = set_now(*s.store, {{bytes(key_a), bytes("1")}, {bytes(key_b), bytes("2")}});
    REQUIRE_FALSE(failed.ok());
    CHECK(failed.err().code == make_error_code(errc::timeout));
    CHECK(s.store->all().empty());
}

TEST_CASE("kafka_offset_store acknowledges an empty set at once") {
    store_on_fake s;
    REQUIRE(s.store->start().ok());
    CHECK(set_now(*s.store, {}).ok());
    CHECK(s.log->records().empty());
}

TEST_CASE("kafka_offset_store values survive a new store instance") {
    store_on_fake first;
    REQUIRE(first.store->start().ok());
    REQUIRE(set_now(*first.store, {{bytes(key_a), bytes(R"({"position":42})")}}).ok());
    const auto written = first.log->records();
    first.store->stop();
    CHECK_FALSE(set_now(*first.store, {{bytes(key_a), bytes("1")}}).ok());  // stopped

    store_on_fake second(std::make_unique<memory_record_log>(written));
    CHECK(second.store->get({bytes(key_a)}).empty());  // not started yet
    REQUIRE(second.store->start().ok());
    CHECK(second.store->get({bytes(key_a)}).at(bytes(key_a)) == bytes(R"({"position":42})"));
}

TEST_CASE("kafka_offset_store reads to the end without waiting, for get_read() to answer from") {
    store_on_fake s;
    REQUIRE(s.store->start().ok());
    s.log->inject(key_a, std::string(R"({"position":7})"));  // another worker's flush
    std::optional<bool> read;
    s.store->read_to_end([&](bool r) { read = r; });
    REQUIRE(read == true);
    auto got = s.store->get_read({bytes(key_a), bytes(key_b)});
    REQUIRE(got.size() == 1);
    CHECK(got.at(bytes(key_a)) == bytes(R"({"position":7})"));

    s.store->stop();  // a stopped store reads nothing more, as get() does
    read.reset();
    s.store->read_to_end([&](bool r) { read = r; });
    CHECK(read == true);
}
