#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>
#include <vector>

#include "kafka/rdkafka/mock_cluster.hpp"
#include "runtime/shared_producer.hpp"
#include "runtime/task_producer.hpp"

using namespace copycat;
using namespace copycat::runtime;
using namespace std::chrono_literals;

namespace {

std::shared_ptr<shared_producer> make_shared_producer(const rdkafka::mock_cluster& cluster) {
    rdkafka::client_config config;
    REQUIRE(config.set("bootstrap.servers", cluster.bootstrap_servers()).ok());
    auto created = shared_producer::create(config);
    REQUIRE(created.ok());
    return *created;
}

struct delivered {
    std::string value;
    std::thread::id thread;
    std::int64_t offset;
};

// Produces `values` through `producer`, each report appended to `out`.
void produce_all(task_producer& producer, const std::vector<std::string>& values, std::vector<delivered>& out) {
    for (const auto& v : values) {
        rdkafka::outgoing_record record;
        record.topic = "shared";
        record.partition = 0;
        record.value = v;
        REQUIRE(producer
                    .produce(record,
                             [&out, v](const rdkafka::delivery_report& r) {
                                 REQUIRE(r.status.ok());
                                 out.push_back({v, std::this_thread::get_id(), r.offset});
                             })
                    .ok());
    }
}

}  // namespace

TEST_CASE("tasks sharing a producer each get their own delivery reports, on the thread that serves them") {
    auto cluster = rdkafka::mock_cluster::create();
    REQUIRE(cluster.ok());
    REQUIRE(cluster->create_topic("shared", 1).ok());
    auto shared = make_shared_producer(*cluster);
    task_producer a(shared);
    task_producer b(shared);
    CHECK(a.shared());

    std::vector<delivered> of_a, of_b;
    produce_all(a, {"a1", "a2", "a3"}, of_a);
    produce_all(b, {"b1", "b2"}, of_b);
    CHECK(a.outstanding() == 3);
    CHECK(b.outstanding() == 2);

    REQUIRE(a.flush(30s).ok());
    CHECK(a.outstanding() == 0);
    REQUIRE(of_a.size() == 3);
    for (std::size_t i = 0; i < of_a.size(); ++i) {
        CHECK(of_a[i].value == "a" + std::to_string(i + 1));  // in produce order
        CHECK(of_a[i].thread == std::this_thread::get_id());  // run by flush(), not the poller
    }
    CHECK(of_a[0].offset < of_a[1].offset);
    CHECK(of_b.empty());  // b's reports wait for b

    std::thread other([&] { REQUIRE(b.flush(30s).ok()); });
    const auto other_id = other.get_id();
    other.join();
    REQUIRE(of_b.size() == 2);
    CHECK(of_b[0].thread == other_id);
}

TEST_CASE("a shared task producer that is gone never runs the callbacks of its records") {
    auto cluster = rdkafka::mock_cluster::create();
    REQUIRE(cluster.ok());
    auto shared = make_shared_producer(*cluster);
    std::vector<delivered> reports;
    {
        task_producer gone(shared);
        produce_all(gone, {"x1", "x2"}, reports);
    }
    task_producer after(shared);
    std::vector<delivered> later;
    produce_all(after, {"y1"}, later);
    REQUIRE(after.flush(30s).ok());  // the earlier records were delivered before (same partition)
    CHECK(later.size() == 1);
    CHECK(reports.empty());
}

TEST_CASE("a shared task producer's flush times out while its records are outstanding") {
    rdkafka::client_config config;
    REQUIRE(config.set("bootstrap.servers", "127.0.0.1:1").ok());  // nothing listens there
    auto shared = shared_producer::create(config);
    REQUIRE(shared.ok());
    task_producer p(*shared);
    std::vector<delivered> reports;
    produce_all(p, {"z"}, reports);
    auto flushed = p.flush(200ms);
    REQUIRE_FALSE(flushed.ok());
    CHECK(flushed.err().code == errc::timeout);
    CHECK(p.outstanding() == 1);
}
