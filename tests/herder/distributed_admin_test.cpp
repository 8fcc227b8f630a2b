// The distributed herder's offsets (KIP-875), topics (KIP-558), cluster log levels (KIP-976) and
// expanded listing, without Kafka: config and status stores on in-memory logs, the group simulated
// by handing the herder assignments, a fake worker.
#include <catch2/catch.hpp>

#include "common/logging.hpp"
#include "distributed_test_support.hpp"

using namespace copycat;
using namespace copycat::herder;
using namespace copycat::herder::testing;
using namespace std::chrono_literals;
namespace co = copycat::coordination;

namespace {

struct admin_cluster : distributed_fixture {
    void assign(co::work_set assigned, const std::string& leader = self_id, const std::string& leader_url = self_url) {
        distributed_fixture::assign(std::move(assigned), {}, leader, leader_url);
    }

    void create_running(const std::string& name) {
        string_map config{{"name", name}, {"connector.class", "TestSource"}, {"tasks.max", "1"}, {"topic", "t"}};
        REQUIRE(await<created_connector>([&](auto cb) {
                    herder->put_connector_config(name, config, std::nullopt, false, cb);
                }).ok());
        assign({{name}, {}});
        REQUIRE(eventually([&] { return configs.snapshot()->tasks(name).size() == 1; }));
        co::work_set tasks;
        tasks.tasks.push_back({name, 0});
        assign(tasks);
        REQUIRE(eventually([&] { return statuses.get(task_id{name, 0}).has_value(); }));
    }

    outcome<std::string> reset(const std::string& name) {
        return await<std::string>([&](auto cb) { herder->reset_connector_offsets(name, cb); });
    }
};

}  // namespace

TEST_CASE_METHOD(admin_cluster, "offsets change on the leader once the connector is STOPPED") {
    assign({});
    create_running("src");
    worker.set_offsets({{R"({"filename":"/a"})", R"({"position":7})"}});

    auto read = await<std::vector<connector_offset>>([&](auto cb) { herder->connector_offsets("src", cb); });
    REQUIRE(read.ok());
    CHECK(read->size() == 1);

    auto running = reset("src");
    REQUIRE_FALSE(running.ok());
    CHECK(running.err().code == make_error_code(errc::invalid_argument));
    CHECK_THAT(running.err().message, Catch::StartsWith("Connectors must be in the STOPPED state"));

    REQUIRE(await<void>([&](auto cb) { herder->stop_connector("src", cb); }).ok());
    REQUIRE(eventually([&] { return configs.snapshot()->tasks("src").empty(); }));
    auto altered = await<std::string>(
        [&](auto cb) { herder->alter_connector_offsets("src", {{R"({"filename":"/a"})", R"({"position":1})"}}, cb); });
    REQUIRE(altered.ok());
    CHECK(*altered == "The offsets for this connector have been altered successfully");
    auto done = reset("src");
    REQUIRE(done.ok());
    CHECK(*done == "The offsets for this connector have been reset successfully");
    CHECK(worker.calls().back() == "modify_offsets src reset");

    auto unknown = reset("nope");
    REQUIRE_FALSE(unknown.ok());
    CHECK(unknown.err().message == "Connector nope not found");
}

TEST_CASE_METHOD(admin_cluster, "a follower sends offsets changes to the leader and reads offsets itself") {
    assign({}, "member-2", "http://10.0.0.2:8083/");
    auto redirected = reset("src");
    REQUIRE(redirected.forwarded() != nullptr);
    CHECK(redirected.forwarded()->url == "http://10.0.0.2:8083/");
    auto read = await<std::vector<connector_offset>>([&](auto cb) { herder->connector_offsets("src", cb); });
    REQUIRE_FALSE(read.ok());
    CHECK(read.err().code == make_error_code(errc::not_found));
}

TEST_CASE_METHOD(admin_cluster, "topics go through the status topic and are reset with tombstones") {
    assign({});
    create_running("src");
    recorder.on_topic_used({"src", 0}, "t");
    recorder.on_topic_used({"src", 0}, "u");
    REQUIRE(eventually([&] { return statuses.topics("src") == std::vector<std::string>{"t", "u"}; }));
    auto topics = status_topic.topics("src");
    REQUIRE(topics.size() == 2);
    CHECK(topics[0].connector == "src");
    CHECK(topics[0].task == 0);
    CHECK(topics[0].discover_timestamp > 0);

    auto listed = await<std::vector<std::string>>([&](auto cb) { herder->connector_active_topics("src", cb); });
    REQUIRE(listed.ok());
    CHECK(*listed == std::vector<std::string>{"t", "u"});
    REQUIRE(await<void>([&](auto cb) { herder->reset_connector_active_topics("src", cb); }).ok());
    REQUIRE(eventually([&] { return statuses.topics("src").empty(); }));
}

TEST_CASE_METHOD(admin_cluster, "a cluster log level goes through the config topic to every worker") {
    log::set_logger_level("root", log::level::info);
    assign({});
    REQUIRE(await<void>([&](auto cb) {
                herder->set_cluster_logger_level("org.apache.kafka.connect.storage", "DEBUG", cb);
            }).ok());
    REQUIRE(eventually([&] {
        auto level = log::logger_level_of("org.apache.kafka.connect.storage");
        return level && level->lvl == log::level::debug;
    }));
    // A record another worker wrote is applied too; an invalid level is ignored.
    herder->on_logger_level_update("org.apache.kafka.connect.storage", "nonsense");
    CHECK(log::logger_level_of("org.apache.kafka.connect.storage")->lvl == log::level::debug);
    log::set_logger_level("root", log::level::info);
}

TEST_CASE_METHOD(admin_cluster, "the expanded listing leaves out a connector without a status") {
    assign({});
    create_running("src");
    REQUIRE(await<created_connector>([&](auto cb) {
                herder->put_connector_config("idle",
                                             {{"name", "idle"}, {"connector.class", "TestSource"}, {"topic", "t"}},
                                             std::nullopt, false, cb);
            }).ok());
    // The listing is the herder's published snapshot, read without its loop.
    const connector_listing& listing = *herder->listing();
    auto both = listing.expansions(true, true);
    REQUIRE(both.size() == 1);  // "idle" is not assigned anywhere yet: no status
    CHECK(both.front().name == "src");
    CHECK(both.front().status->tasks.size() == 1);
    CHECK(both.front().info->tasks.size() == 1);
    CHECK(listing.expansions(false, true).size() == 2);
}
