// ensure_internal_topic against the real broker: creates compacted topics, accepts existing
// compacted ones, refuses a delete-policy topic and a config topic with two partitions.
#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <thread>

#include "kafka/rdkafka/admin_client.hpp"
#include "storage/internal_topics.hpp"
#include "support/cluster_env.hpp"

using namespace copycat;
using namespace copycat::storage;
using namespace std::chrono_literals;

namespace {

constexpr auto deadline = 30s;

rdkafka::admin_client make_admin() {
    auto config = rdkafka::client_config::from_map({{"bootstrap.servers", itest::bootstrap_servers()}});
    REQUIRE(config.ok());
    auto admin = rdkafka::admin_client::create(*config);
    REQUIRE(admin.ok());
    return std::move(*admin);
}

void create_plain_topic(rdkafka::admin_client& admin, const std::string& topic, std::int32_t partitions,
                        const std::string& policy) {
    rdkafka::new_topic spec{
        .name = topic, .partitions = partitions, .replication_factor = 1, .configs = {{"cleanup.policy", policy}}};
    auto created = admin.create_topic(spec, deadline);
    INFO((created.ok() ? std::string("created") : created.err().describe()));
    REQUIRE(created.ok());
}

// The topic's cleanup.policy; retried while the brokers do not know a topic created a moment ago.
std::string cleanup_policy_of(rdkafka::admin_client& admin, const std::string& topic) {
    const auto give_up = std::chrono::steady_clock::now() + deadline;
    auto configs = admin.describe_topic_configs(topic, deadline);
    while (!configs.ok() && std::chrono::steady_clock::now() < give_up) {
        UNSCOPED_INFO("describe configs: " << configs.err().describe());
        std::this_thread::sleep_for(50ms);  // a retry back-off, not a wait for an event
        configs = admin.describe_topic_configs(topic, deadline);
    }
    REQUIRE(configs.ok());
    return configs->at("cleanup.policy").value.value_or("<none>");
}

internal_topic_spec spec_for(const std::string& name, std::string_view key, std::int32_t partitions = -1) {
    internal_topic_spec spec;
    spec.name = name;
    spec.config_key = std::string(key);
    spec.partitions = partitions;
    spec.replication_factor = 1;
    return spec;
}

}  // namespace

TEST_CASE("ensure_internal_topic creates a compacted topic with the partitions asked for", "[cluster]") {
    auto admin = make_admin();
    auto offsets = spec_for(itest::unique_name("offsets"), offset_topic_key, 4);
    offsets.configs = {{"cleanup.policy", "delete"}, {"min.insync.replicas", "1"}};  // the policy is overridden
    REQUIRE(ensure_internal_topic(admin, offsets, deadline).ok());
    CHECK(cleanup_policy_of(admin, offsets.name) == "compact");
    auto count = topic_partition_count(admin, offsets.name, deadline);
    REQUIRE(count.ok());
    CHECK(*count == 4);

    auto configs = spec_for(itest::unique_name("configs"), config_topic_key, 5);  // always one partition
    REQUIRE(ensure_internal_topic(admin, configs, deadline).ok());
    CHECK(cleanup_policy_of(admin, configs.name) == "compact");
    count = topic_partition_count(admin, configs.name, deadline);
    REQUIRE(count.ok());
    CHECK(*count == 1);

    // A second call finds the topics there and accepts them.
    CHECK(ensure_internal_topic(admin, offsets, deadline).ok());
    CHECK(ensure_internal_topic(admin, configs, deadline).ok());
}

TEST_CASE("ensure_internal_topic accepts an existing compacted topic", "[cluster]") {
    auto admin = make_admin();
    const std::string name = itest::unique_name("status");
    create_plain_topic(admin, name, 3, "compact");
    CHECK(ensure_internal_topic(admin, spec_for(name, status_topic_key, 5), deadline).ok());
    auto count = topic_partition_count(admin, name, deadline);
    REQUIRE(count.ok());
    CHECK(*count == 3);  // an existing topic is left as it is
}

TEST_CASE("ensure_internal_topic refuses a topic whose cleanup policy is not exactly compact", "[cluster]") {
    auto admin = make_admin();
    const std::string deleting = itest::unique_name("offsets-delete");
    create_plain_topic(admin, deleting, 1, "delete");
    auto refused = ensure_internal_topic(admin, spec_for(deleting, offset_topic_key), deadline);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.err().code == make_error_code(errc::invalid_argument));
    const std::string& message = refused.err().message;
    INFO(message);
    CHECK(message.find("Topic '" + deleting +
                       "' supplied via the 'offset.storage.topic' property is required to have "
                       "'cleanup.policy=compact' to guarantee consistency and durability of source connector "
                       "offsets, but found the topic currently has 'cleanup.policy=delete'.") == 0);

    const std::string both = itest::unique_name("status-both");
    create_plain_topic(admin, both, 1, "compact,delete");
    refused = ensure_internal_topic(admin, spec_for(both, status_topic_key), deadline);
    REQUIRE_FALSE(refused.ok());
    INFO(refused.err().message);
    CHECK(refused.err().message.find("'cleanup.policy=compact,delete'") != std::string::npos);
    CHECK(refused.err().message.find("status.storage.topic") != std::string::npos);
}

TEST_CASE("ensure_internal_topic refuses a config topic with more than one partition", "[cluster]") {
    auto admin = make_admin();
    const std::string name = itest::unique_name("configs-two");
    create_plain_topic(admin, name, 2, "compact");
    auto refused = ensure_internal_topic(admin, spec_for(name, config_topic_key, 1), deadline);
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.err().code == make_error_code(errc::invalid_argument));
    INFO(refused.err().message);
    CHECK(refused.err().message ==
          "Topic '" + name +
              "' supplied via the 'config.storage.topic' property is required to have a single partition in order "
              "to guarantee consistency of connector configurations, but found 2 partitions.");

    // The same layout is fine for the offsets topic.
    CHECK(ensure_internal_topic(admin, spec_for(name, offset_topic_key), deadline).ok());
}

TEST_CASE("topic_partition_count reports a missing topic as not found", "[cluster]") {
    auto admin = make_admin();
    auto count = topic_partition_count(admin, itest::unique_name("missing"), 1s);
    REQUIRE_FALSE(count.ok());
    CHECK(count.err().code == make_error_code(errc::not_found));
}
