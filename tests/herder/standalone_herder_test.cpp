// The standalone herder's flows over a fake worker: create, update, delete, pause, resume, stop,
// restarts, task reconfiguration, and Kafka's error codes and messages.
#include <catch2/catch.hpp>

#include <algorithm>

#include "herder_test_support.hpp"

using namespace copycat;
using namespace copycat::herder;
using namespace copycat::herder::testing;

namespace {

bool has_call(const fake_worker& w, const std::string& call) {
    auto calls = w.calls();
    return std::find(calls.begin(), calls.end(), call) != calls.end();
}

std::vector<std::string> task_states(const connector_state_info& info) {
    std::vector<std::string> out;
    for (const auto& t : info.tasks) out.emplace_back(state_name(t.status.state));
    return out;
}

}  // namespace

TEST_CASE_METHOD(herder_fixture, "creating a connector starts it and its tasks") {
    auto created = create("src", source_config("src"));
    REQUIRE(created.ok());
    CHECK(created->created);
    CHECK(created->info.name == "src");
    CHECK(created->info.type == connector_type::source);
    CHECK(created->info.config.at("topic") == "events");
    REQUIRE(created->info.tasks.size() == 2);
    CHECK(created->info.tasks[1] == task_id{"src", 1});

    auto st = status("src");
    REQUIRE(st.ok());
    CHECK(st->connector.state == run_state::running);
    CHECK(st->connector.worker_id == test_worker_id);
    CHECK(task_states(*st) == std::vector<std::string>{"RUNNING", "RUNNING"});
    CHECK(st->type == connector_type::source);

    auto names = await<std::vector<std::string>>([&](auto cb) { herder->connectors(cb); });
    CHECK(*names == std::vector<std::string>{"src"});

    auto tasks = await<std::vector<task_info>>([&](auto cb) { herder->task_configs("src", cb); });
    REQUIRE(tasks->size() == 2);
    CHECK(tasks->at(0).config.at("task.index") == "0");

    auto task = await<task_state>([&](auto cb) { herder->task_status({"src", 1}, cb); });
    CHECK(task->id == 1);
    CHECK(task->status.state == run_state::running);
}

TEST_CASE_METHOD(herder_fixture, "creating a connector that exists is a conflict") {
    REQUIRE(create("src", source_config("src")).ok());
    auto again = create("src", source_config("src"));
    REQUIRE_FALSE(again.ok());
    CHECK(again.err().code == make_error_code(errc::already_exists));
    CHECK(again.err().message == "Connector src already exists");
}

TEST_CASE_METHOD(herder_fixture, "invalid configs are refused with Kafka's messages") {
    SECTION("no connector.class") {
        auto r = create("x", {{"name", "x"}, {"tasks.max", "1"}});
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::invalid_argument));
        CHECK(r.err().message == "Connector config contains no connector type");
    }
    SECTION("a missing required key of the connector") {
        auto r = create("x", {{"name", "x"}, {"connector.class", "TestSource"}});
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::invalid_argument));
        CHECK(r.err().message ==
              "Connector configuration is invalid and contains the following 1 error(s):\n"
              "Missing required configuration \"topic\" which has no default value.\n"
              "You can also find the above list of errors at the endpoint "
              "`/connector-plugins/{connectorType}/config/validate`");
    }
    SECTION("framework and connector validation errors together") {
        auto config = source_config("x", "bad");
        config["tasks.max"] = "0";
        auto r = create("x", config);
        REQUIRE_FALSE(r.ok());
        CHECK_THAT(r.err().message,
                   Catch::StartsWith("Connector configuration is invalid and contains the following 2 "));
        CHECK_THAT(r.err().message,
                   Catch::Contains("Invalid value 0 for configuration tasks.max: Value must be at least 1"));
        CHECK_THAT(r.err().message, Catch::Contains("topic must not be bad"));
    }
    SECTION("a sink without topics") {
        auto r = create("k", {{"name", "k"}, {"connector.class", "TestSink"}});
        REQUIRE_FALSE(r.ok());
        CHECK_THAT(r.err().message, Catch::Contains("Must configure one of topics or topics.regex"));
    }
    SECTION("an unknown connector class") {
        auto r = create("x", {{"name", "x"}, {"connector.class", "NoSuchConnector"}});
        REQUIRE_FALSE(r.ok());
        CHECK(r.err().code == make_error_code(errc::invalid_argument));
        CHECK_THAT(r.err().message,
                   Catch::StartsWith("Failed to find any class that implements Connector and which name matches "
                                     "NoSuchConnector, available connectors are: test.TestSinkConnector, "
                                     "test.TestSourceConnector"));
    }
    auto names = await<std::vector<std::string>>([&](auto cb) { herder->connectors(cb); });
    CHECK(names->empty());
    CHECK(worker.calls().empty());
}

TEST_CASE_METHOD(herder_fixture, "a connector that fails to start is reported FAILED and kept") {
    auto config = source_config("f");
    config["fail.start"] = "true";
    auto r = create("f", config);
    REQUIRE_FALSE(r.ok());
    CHECK(r.err().code == make_error_code(errc::internal));
    auto st = status("f");
    REQUIRE(st.ok());
    CHECK(st->connector.state == run_state::failed);
    CHECK(st->connector.trace == "java.lang.RuntimeException: start failed");
    CHECK(st->tasks.empty());
}

TEST_CASE_METHOD(herder_fixture, "updating a connector restarts it and its tasks") {
    REQUIRE(create("src", source_config("src")).ok());
    worker.clear_calls();
    auto updated = create("src", source_config("src", "other"), std::nullopt, true);
    REQUIRE(updated.ok());
    CHECK_FALSE(updated->created);
    CHECK(updated->info.config.at("topic") == "other");
    CHECK(has_call(worker, "stop_connector src"));
    CHECK(has_call(worker, "start_connector src"));
    CHECK(has_call(worker, "stop_tasks src-0,src-1"));
    CHECK(has_call(worker, "start_task src-1"));
    auto tasks = await<std::vector<task_info>>([&](auto cb) { herder->task_configs("src", cb); });
    CHECK(tasks->at(0).config.at("topic") == "other");
}

TEST_CASE_METHOD(herder_fixture, "a config change with unchanged task configs still restarts the tasks") {
    auto config = source_config("src");
    REQUIRE(create("src", config).ok());
    worker.clear_calls();
    config["errors.tolerance"] = "all";  // not part of the generated task configs
    REQUIRE(create("src", config, std::nullopt, true).ok());
    CHECK(has_call(worker, "stop_tasks src-0,src-1"));
}

TEST_CASE_METHOD(herder_fixture, "patching merges into the current config") {
    REQUIRE(create("src", source_config("src")).ok());
    auto patched = await<created_connector>([&](auto cb) {
        herder->patch_connector_config("src", {{"topic", "patched"}, {"tasks.max", std::nullopt}}, cb);
    });
    REQUIRE(patched.ok());
    CHECK(patched->info.config.at("topic") == "patched");
    CHECK_FALSE(patched->info.config.contains("tasks.max"));
    CHECK(patched->info.tasks.size() == 1);
    auto missing = await<created_connector>([&](auto cb) { herder->patch_connector_config("nope", {}, cb); });
    CHECK(missing.err().message == "Connector nope not found");
}

TEST_CASE_METHOD(herder_fixture, "deleting a connector stops it and forgets it") {
    REQUIRE(create("src", source_config("src")).ok());
    auto deleted = await<void>([&](auto cb) { herder->delete_connector_config("src", cb); });
    REQUIRE(deleted.ok());
    CHECK(has_call(worker, "stop_tasks src-0,src-1"));
    CHECK(has_call(worker, "stop_connector src"));
    CHECK(worker.running_tasks().empty());

    auto info = await<connector_info>([&](auto cb) { herder->connector_info("src", cb); });
    CHECK(info.err().code == make_error_code(errc::not_found));
    CHECK(info.err().message == "Connector src not found");
    auto st = status("src");
    CHECK(st.err().message == "No status found for connector src");
    auto task = await<task_state>([&](auto cb) { herder->task_status({"src", 0}, cb); });
    CHECK(task.err().message == "No status found for task src-0");
    auto again = await<void>([&](auto cb) { herder->delete_connector_config("src", cb); });
    CHECK(again.err().message == "Connector src not found");
}

TEST_CASE_METHOD(herder_fixture, "pause, resume and stop change the target state") {
    REQUIRE(create("src", source_config("src")).ok());

    REQUIRE(await<void>([&](auto cb) { herder->pause_connector("src", cb); }).ok());
    auto st = status("src");
    CHECK(st->connector.state == run_state::paused);
    CHECK(task_states(*st) == std::vector<std::string>{"PAUSED", "PAUSED"});

    REQUIRE(await<void>([&](auto cb) { herder->resume_connector("src", cb); }).ok());
    st = status("src");
    CHECK(st->connector.state == run_state::running);
    CHECK(task_states(*st) == std::vector<std::string>{"RUNNING", "RUNNING"});

    REQUIRE(await<void>([&](auto cb) { herder->stop_connector("src", cb); }).ok());
    st = status("src");
    CHECK(st->connector.state == run_state::stopped);
    CHECK(st->tasks.empty());
    auto info = await<connector_info>([&](auto cb) { herder->connector_info("src", cb); });
    CHECK(info->tasks.empty());

    worker.clear_calls();
    REQUIRE(await<void>([&](auto cb) { herder->resume_connector("src", cb); }).ok());
    CHECK(has_call(worker, "start_connector src"));
    st = status("src");
    CHECK(st->connector.state == run_state::running);
    CHECK(task_states(*st) == std::vector<std::string>{"RUNNING", "RUNNING"});

    auto unknown = await<void>([&](auto cb) { herder->pause_connector("nope", cb); });
    CHECK(unknown.err().code == make_error_code(errc::not_found));
    CHECK(unknown.err().message == "Unknown connector nope");
}

TEST_CASE_METHOD(herder_fixture, "a connector created PAUSED or STOPPED starts in that state") {
    REQUIRE(create("p", source_config("p"), target_state::paused).ok());
    auto st = status("p");
    CHECK(st->connector.state == run_state::paused);
    CHECK(st->tasks.empty());  // tasks are generated once the connector runs

    REQUIRE(create("s", source_config("s"), target_state::stopped).ok());
    CHECK(status("s")->connector.state == run_state::stopped);

    REQUIRE(await<void>([&](auto cb) { herder->resume_connector("p", cb); }).ok());
    CHECK(task_states(*status("p")) == std::vector<std::string>{"RUNNING", "RUNNING"});
}

TEST_CASE_METHOD(herder_fixture, "restarting a connector") {
    REQUIRE(create("src", source_config("src")).ok());
    worker.clear_calls();

    SECTION("the plain form restarts the instance only") {
        REQUIRE(await<void>([&](auto cb) { herder->restart_connector("src", cb); }).ok());
        CHECK(worker.calls() ==
              std::vector<std::string>{"stop_connector src", "start_connector src", "task_configs src"});
        auto unknown = await<void>([&](auto cb) { herder->restart_connector("nope", cb); });
        CHECK(unknown.err().message == "Connector nope not found");
    }
    SECTION("onlyFailed with includeTasks restarts the failed tasks") {
        worker.fail_task({"src", 1}, "boom");
        auto plan = await<connector_state_info>([&](auto cb) {
            herder->restart_connector_and_tasks({"src", true, true}, cb);
        });
        REQUIRE(plan.ok());
        CHECK(plan->connector.state == run_state::running);
        CHECK(task_states(*plan) == std::vector<std::string>{"RUNNING", "RESTARTING"});
        CHECK(worker.calls() == std::vector<std::string>{"stop_tasks src-1", "start_task src-1"});
        CHECK(task_states(*status("src")) == std::vector<std::string>{"RUNNING", "RUNNING"});
    }
    SECTION("includeTasks restarts everything") {
        auto plan = await<connector_state_info>([&](auto cb) {
            herder->restart_connector_and_tasks({"src", false, true}, cb);
        });
        CHECK(plan->connector.state == run_state::restarting);
        CHECK(task_states(*plan) == std::vector<std::string>{"RESTARTING", "RESTARTING"});
        CHECK(has_call(worker, "start_connector src"));
        CHECK(has_call(worker, "start_task src-0"));
        auto unknown = await<connector_state_info>([&](auto cb) {
            herder->restart_connector_and_tasks({"nope", false, true}, cb);
        });
        CHECK(unknown.err().message == "Unknown connector: nope");
    }
    SECTION("a task") {
        REQUIRE(await<void>([&](auto cb) { herder->restart_task({"src", 0}, cb); }).ok());
        CHECK(worker.calls() == std::vector<std::string>{"stop_tasks src-0", "start_task src-0"});
        auto unknown_task = await<void>([&](auto cb) { herder->restart_task({"src", 7}, cb); });
        CHECK(unknown_task.err().code == make_error_code(errc::not_found));
        CHECK(unknown_task.err().message == "Task src-7 not found");
        auto unknown = await<void>([&](auto cb) { herder->restart_task({"nope", 0}, cb); });
        CHECK(unknown.err().message == "Connector nope not found");
    }
}

TEST_CASE_METHOD(herder_fixture, "a task reconfiguration request replaces tasks whose configs changed") {
    REQUIRE(create("src", source_config("src")).ok());
    worker.clear_calls();
    worker.set_task_extra("v2");
    recorder.on_task_reconfiguration_requested("src");
    // The request is handled on the herder thread; a later request is answered after it.
    auto tasks = await<std::vector<task_info>>([&](auto cb) { herder->task_configs("src", cb); });
    CHECK(tasks->at(0).config.at("task.extra") == "v2");
    CHECK(has_call(worker, "stop_tasks src-0,src-1"));

    worker.clear_calls();
    recorder.on_task_reconfiguration_requested("src");  // nothing changed this time
    REQUIRE(await<std::vector<task_info>>([&](auto cb) { herder->task_configs("src", cb); }).ok());
    CHECK(worker.calls() == std::vector<std::string>{"task_configs src"});
}

TEST_CASE_METHOD(herder_fixture, "validation reports every key") {
    auto infos = await<config_infos>([&](auto cb) {
        herder->validate_connector_config({{"connector.class", "TestSource"}, {"tasks.max", "x"}}, cb);
    });
    REQUIRE(infos.ok());
    CHECK(infos->name == "TestSource");
    // name missing, tasks.max not a number (and then null for its validator, as in Kafka), topic missing
    CHECK(infos->error_count == 4);
    CHECK(infos->groups.front() == "Common");
    CHECK(std::find(infos->groups.begin(), infos->groups.end(), "Test") != infos->groups.end());
    const auto topic = std::find_if(infos->configs.begin(), infos->configs.end(),
                                    [](const config_info& c) { return c.definition && c.definition->name == "topic"; });
    REQUIRE(topic != infos->configs.end());
    CHECK(topic->value->errors ==
          std::vector<std::string>{"Missing required configuration \"topic\" which has no default value."});

    auto none = await<config_infos>([&](auto cb) { herder->validate_connector_config({{"tasks.max", "1"}}, cb); });
    CHECK(none.err().code == make_error_code(errc::invalid_argument));
    CHECK(none.err().message == "Connector config contains no connector type");
}

TEST_CASE_METHOD(herder_fixture, "client overrides follow the override policy") {
    auto config = source_config("src");
    config["producer.override.acks"] = "1";
    auto infos = await<config_infos>([&](auto cb) { herder->validate_connector_config(config, cb); });
    CHECK(infos->error_count == 0);

    loader::plugin_registry plugins2;
    register_test_plugins(plugins2);
    connector_validator strict(plugins2, {runtime::client_override_policy::none, {}});
    auto refused = strict.validate(config);
    REQUIRE(refused.ok());
    CHECK(refused->error_count == 1);
    CHECK_THAT(
        *connector_validator::invalid_config_message(*refused),
        Catch::Contains("The 'None' policy does not allow 'acks' to be overridden in the connector configuration."));
}

TEST_CASE_METHOD(herder_fixture, "plugins are listed by type") {
    auto plugins_list = herder->connector_plugins(true);
    REQUIRE(plugins_list.size() == 2);
    CHECK(plugins_list[0].class_name == "test.TestSinkConnector");
    CHECK(plugins_list[0].type == "sink");
    CHECK(plugins_list[0].version == "undefined");
    CHECK(plugins_list[1].class_name == "test.TestSourceConnector");
    CHECK(plugins_list[1].version == "1.0");

    auto keys =
        await<std::vector<config_key_info>>([&](auto cb) { herder->connector_plugin_config("TestSource", cb); });
    REQUIRE(keys.ok());
    CHECK(keys->front().name == "topic");
    CHECK(keys->at(1).name == "name");
    auto unknown = await<std::vector<config_key_info>>([&](auto cb) { herder->connector_plugin_config("Nope", cb); });
    CHECK(unknown.err().message == "Unknown plugin Nope.");
}

TEST_CASE_METHOD(herder_fixture, "stopping the herder stops every task and connector, then the worker") {
    REQUIRE(create("src", source_config("src")).ok());
    herder->stop();
    CHECK(worker.running_tasks().empty());
    CHECK(has_call(worker, "stop_connector src"));
    CHECK(worker.stopped());
    auto after = await<std::vector<std::string>>([&](auto cb) { herder->connectors(cb); });
    CHECK(after.err().code == make_error_code(errc::unavailable));
}

TEST_CASE("a herder stopped before it started still stops the worker") {
    loader::plugin_registry plugins;
    memory_status_store statuses(test_worker_id);
    status_recorder recorder(statuses);
    fake_worker worker(recorder);
    standalone_herder herder(worker, plugins, statuses, {});
    herder.stop();
    CHECK(worker.stopped());
}
