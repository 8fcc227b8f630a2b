// A connector's own offsets store over the worker's (Kafka's ConnectorOffsetBackingStore with a
// connector store and a worker store): reads fall back to the worker's store, writes go to the
// connector's store and then to the worker's, tombstones first to the worker's.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "storage/connector_offset_store.hpp"
#include "storage/memory_offset_store.hpp"

using namespace copycat;
using namespace copycat::storage;

namespace {

offset_bytes b(const std::string& s) { return offset_bytes(s.begin(), s.end()); }

// A memory store that records the order of writes and can refuse them.
class recording_store final : public memory_offset_store {
public:
    recording_store(std::string name, std::vector<std::string>& log) : name_(std::move(name)), log_(log) {}
    void set(std::map<offset_bytes, std::optional<offset_bytes>> entries,
             std::function<void(result<void>)> done) override {
        std::string what = name_ + ":";
        for (const auto& [key, value] : entries)
            what += " " + std::string(key.begin(), key.end()) + "=" +
                    (value ? std::string(value->begin(), value->end()) : std::string("null"));
        log_.push_back(what);
        if (fail) {
            if (done) done(make_error(errc::internal, name_ + " refused"));
            return;
        }
        memory_offset_store::set(std::move(entries), std::move(done));
    }
    bool fail = false;

private:
    std::string name_;
    std::vector<std::string>& log_;
};

struct stores {
    std::vector<std::string> writes;
    recording_store worker{"worker", writes};
    recording_store* connector = nullptr;
    std::unique_ptr<connector_offset_store> combined;
    bool prepared = false;

    stores() {
        auto own = std::make_unique<recording_store>("connector", writes);
        connector = own.get();
        combined = std::make_unique<connector_offset_store>(std::move(own), worker, [this]() -> result<void> {
            prepared = true;
            return {};
        });
        REQUIRE(worker.start().ok());
        REQUIRE(combined->start().ok());
        writes.clear();
    }

    result<void> set(std::map<offset_bytes, std::optional<offset_bytes>> entries) {
        result<void> out = make_error(errc::internal, "not called");
        combined->set(std::move(entries), [&](result<void> r) { out = std::move(r); });
        return out;
    }
};

}  // namespace

TEST_CASE("a connector's offsets store reads its own offsets first and the worker's for the rest") {
    stores s;
    CHECK(s.prepared);
    s.worker.set({{b("p1"), b("w1")}, {b("p2"), b("w2")}}, {});
    s.connector->set({{b("p2"), b("c2")}, {b("p3"), b("c3")}}, {});

    const auto got = s.combined->get({b("p1"), b("p2"), b("p3"), b("p4")});
    CHECK(got == std::map<offset_bytes, offset_bytes>{{b("p1"), b("w1")}, {b("p2"), b("c2")}, {b("p3"), b("c3")}});
    CHECK(s.combined->all() == got);
}

TEST_CASE("a connector's offsets store writes its own store, then copies the values to the worker's") {
    stores s;
    REQUIRE(s.set({{b("p1"), b("1")}}).ok());
    CHECK(s.writes == std::vector<std::string>{"connector: p1=1", "worker: p1=1"});
    CHECK(s.worker.get({b("p1")}).at(b("p1")) == b("1"));

    // The worker's store refusing the copy is not the caller's failure.
    s.writes.clear();
    s.worker.fail = true;
    CHECK(s.set({{b("p1"), b("2")}}).ok());
    CHECK(s.connector->get({b("p1")}).at(b("p1")) == b("2"));

    // The connector's store refusing is, and nothing goes to the worker's.
    s.writes.clear();
    s.worker.fail = false;
    s.connector->fail = true;
    CHECK_FALSE(s.set({{b("p1"), b("3")}}).ok());
    CHECK(s.writes == std::vector<std::string>{"connector: p1=3"});
}

TEST_CASE("a connector's offsets store writes tombstones to the worker's store first") {
    stores s;
    s.worker.set({{b("p1"), b("w1")}}, {});
    s.connector->set({{b("p1"), b("c1")}}, {});
    s.writes.clear();
    REQUIRE(s.set({{b("p1"), std::nullopt}, {b("p2"), b("2")}}).ok());
    CHECK(s.writes == std::vector<std::string>{"worker: p1=null", "connector: p1=null p2=2", "worker: p2=2"});
    CHECK(s.combined->get({b("p1")}).empty());  // no fallback to the worker's old offset

    // A worker store refusing the tombstones stops the write.
    s.writes.clear();
    s.worker.fail = true;
    CHECK_FALSE(s.set({{b("p2"), std::nullopt}}).ok());
    CHECK(s.writes == std::vector<std::string>{"worker: p2=null"});
    CHECK(s.connector->get({b("p2")}).at(b("p2")) == b("2"));
}
