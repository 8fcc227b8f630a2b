// A source task's topic creation against a fake broker: asked once per topic, created with the
// matching group, and Kafka's outcome for each broker answer.
#include <catch2/catch.hpp>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "copycat/errors.hpp"
#include "runtime/error_trace.hpp"
#include "runtime/topic_creator.hpp"

using namespace copycat;
using namespace copycat::runtime;

namespace {

struct broker_state {
    std::map<std::string, rdkafka::new_topic> topics;
    int exists_calls = 0;
    std::optional<error> exists_error;
    std::optional<error> create_error;
    std::vector<rdkafka::new_topic> created;
};

class fake_admin final : public topic_admin {
public:
    explicit fake_admin(std::shared_ptr<broker_state> state) : state_(std::move(state)) {}
    result<bool> topic_exists(const std::string& topic) override {
        ++state_->exists_calls;
        if (state_->exists_error) return *state_->exists_error;
        return state_->topics.contains(topic);
    }
    result<void> create_topic(const rdkafka::new_topic& topic) override {
        if (state_->create_error) return *state_->create_error;
        state_->created.push_back(topic);
        state_->topics.emplace(topic.name, topic);
        return {};
    }

private:
    std::shared_ptr<broker_state> state_;
};

topic_creator creator_for(const std::shared_ptr<broker_state>& state) {
    auto groups = topic_creation_groups({{"topic.creation.default.replication.factor", "1"},
                                         {"topic.creation.default.partitions", "3"},
                                         {"topic.creation.groups", "compacted"},
                                         {"topic.creation.compacted.include", ".*-compacted"},
                                         {"topic.creation.compacted.partitions", "2"},
                                         {"topic.creation.compacted.cleanup.policy", "compact"}});
    return topic_creator(std::move(groups), std::make_unique<fake_admin>(state), "c-0");
}

std::string failure_of(topic_creator& creator, const std::string& topic) {
    try {
        creator.maybe_create(topic);
    } catch (...) {
        return error_trace(std::current_exception());
    }
    return "";
}

}  // namespace

TEST_CASE("a missing topic is created with the first matching group, once") {
    auto state = std::make_shared<broker_state>();
    auto creator = creator_for(state);
    creator.maybe_create("orders-compacted");
    creator.maybe_create("orders");
    creator.maybe_create("orders");
    creator.maybe_create("orders-compacted");
    REQUIRE(state->created.size() == 2);
    CHECK(state->created[0].name == "orders-compacted");
    CHECK(state->created[0].partitions == 2);
    CHECK(state->created[0].replication_factor == 1);
    CHECK(state->created[0].configs == std::map<std::string, std::string>{{"cleanup.policy", "compact"}});
    CHECK(state->created[1].name == "orders");
    CHECK(state->created[1].partitions == 3);
    CHECK(state->created[1].configs.empty());
    CHECK(state->exists_calls == 2);
}

TEST_CASE("an existing topic is left as it is, and so is one created meanwhile") {
    auto state = std::make_shared<broker_state>();
    state->topics.emplace("there", rdkafka::new_topic{.name = "there"});
    auto creator = creator_for(state);
    creator.maybe_create("there");
    CHECK(state->created.empty());

    state->create_error = error(errc::already_exists, "create topic 'raced': TOPIC_ALREADY_EXISTS: exists");
    creator.maybe_create("raced");
    creator.maybe_create("raced");
    CHECK(state->exists_calls == 2);
}

TEST_CASE("a timed-out existence check is retriable and asked again") {
    auto state = std::make_shared<broker_state>();
    state->exists_error = error(errc::timeout, "read metadata of topic 't': _TIMED_OUT: Local: Timed out");
    auto creator = creator_for(state);
    CHECK_THROWS_AS(creator.maybe_create("t"), retriable_error);
    state->exists_error.reset();
    creator.maybe_create("t");
    CHECK(state->created.size() == 1);
}

TEST_CASE("a creation the broker refuses fails with Kafka's messages") {
    auto state = std::make_shared<broker_state>();
    auto creator = creator_for(state);

    state->create_error =
        error(errc::io_error, "create topic 'a': TOPIC_AUTHORIZATION_FAILED: Topic authorization failed");
    CHECK(failure_of(creator, "a") ==
          "copycat::connect_error: Task failed to create new topic (name=a, numPartitions=3, replicationFactor=1, "
          "replicasAssignments=null, configs={}). Ensure that the task is authorized to create topics or that the "
          "topic exists and restart the task");

    state->create_error =
        error(errc::invalid_argument, "create topic 'b': INVALID_CONFIG: Unknown topic config name: nope");
    CHECK_THAT(failure_of(creator, "b"),
               Catch::StartsWith("copycat::connect_error: Unable to create topic(s) 'b': Unknown topic config name: "
                                 "nope"));

    state->create_error = error(errc::timeout, "create topic 'c': _TIMED_OUT: Local: Timed out");
    CHECK_THAT(failure_of(creator, "c"),
               Catch::StartsWith("copycat::connect_error: Timed out while checking for or creating topic(s) 'c'."));

    state->create_error =
        error(errc::invalid_argument, "create topic 'd': INVALID_REPLICATION_FACTOR: Replication factor: 1 larger");
    const auto trace = failure_of(creator, "d");
    CHECK_THAT(trace, Catch::StartsWith("copycat::connect_error: Error while attempting to create/find topic(s) 'd'"));
    CHECK_THAT(trace, Catch::Contains("INVALID_REPLICATION_FACTOR"));
    CHECK(state->created.empty());
}

TEST_CASE("no creator without topic.creation keys or with topic.creation.enable=false") {
    worker_config worker;
    const task_id id{"c", 0};
    auto none = make_topic_creator(worker, {{"name", "c"}}, id);
    REQUIRE(none.ok());
    CHECK(*none == nullptr);

    const string_map creating{{"topic.creation.default.replication.factor", "1"},
                              {"topic.creation.default.partitions", "1"}};
    worker.topic_creation_enable = false;
    auto disabled = make_topic_creator(worker, creating, id);
    REQUIRE(disabled.ok());
    CHECK(*disabled == nullptr);

    worker.topic_creation_enable = true;
    auto made = make_topic_creator(worker, creating, id);
    REQUIRE(made.ok());
    CHECK(*made != nullptr);

    auto invalid = make_topic_creator(worker, {{"topic.creation.default.partitions", "1"}}, id);
    REQUIRE_FALSE(invalid.ok());
    CHECK(invalid.err().message ==
          "Missing required configuration \"topic.creation.default.replication.factor\" which has no default value.");
}
