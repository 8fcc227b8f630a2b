// Connector configs with config-provider placeholders (docs/security.md#config-providers):
// validated with their values resolved, answered with the placeholders, refused when a
// placeholder names a provider the worker does not configure, and stored as given.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <thread>

#include "herder_test_support.hpp"
#include "runtime/config_transformer.hpp"

using namespace copycat;
using namespace copycat::herder;
using namespace copycat::herder::testing;

namespace {

// `${secrets:dir:<key>}` is values[key].
class map_provider final : public runtime::config_provider {
public:
    explicit map_provider(std::map<std::string, std::string> values) : values_(std::move(values)) {}
    result<void> configure(const string_map&) override { return {}; }
    result<runtime::config_data> get(const std::string& path, const std::set<std::string>& keys) const override {
        runtime::config_data out;
        if (path != "dir") return out;
        for (const std::string& k : keys)
            if (auto v = values_.find(k); v != values_.end()) out.data.emplace(k, v->second);
        return out;
    }

private:
    std::map<std::string, std::string> values_;
};

std::shared_ptr<const runtime::config_transformer> secrets() {
    return std::make_shared<const runtime::config_transformer>(
        std::map<std::string, std::shared_ptr<const runtime::config_provider>>{
            {"secrets", std::make_shared<map_provider>(std::map<std::string, std::string>{
                            {"topic", "secret-topic"}, {"bad", "bad"}, {"tasks", "1"}})}});
}

struct providers_fixture : herder_fixture {
    providers_fixture() : herder_fixture(secrets()) {}

    outcome<config_infos> validate(string_map config) {
        return await<config_infos>([&](auto cb) { herder->validate_connector_config(std::move(config), cb); });
    }
};

const config_value_info* value_of(const config_infos& infos, const std::string& key) {
    auto it = std::find_if(infos.configs.begin(), infos.configs.end(),
                           [&](const config_info& c) { return c.value && c.value->name == key; });
    return it == infos.configs.end() ? nullptr : &*it->value;
}

}  // namespace

TEST_CASE_METHOD(providers_fixture, "a connector config with placeholders is stored and answered as given") {
    auto config = source_config("c", "${secrets:dir:topic}");
    auto created = create("c", config);
    REQUIRE(created.ok());
    CHECK(created->info.config.at("topic") == "${secrets:dir:topic}");
    auto stored = await<string_map>([&](auto cb) { herder->connector_config("c", cb); });
    REQUIRE(stored.ok());
    CHECK(stored->at("topic") == "${secrets:dir:topic}");
    // The worker gets the stored config and resolves it itself (runtime::worker::start_connector).
    const auto calls = worker.calls();
    CHECK(std::find(calls.begin(), calls.end(), "start_connector c") != calls.end());
}

TEST_CASE_METHOD(providers_fixture, "validation checks resolved values but shows the placeholders") {
    auto infos = validate(source_config("c", "${secrets:dir:bad}"));
    REQUIRE(infos.ok());
    CHECK(infos->error_count == 1);
    const config_value_info* topic = value_of(*infos, "topic");
    REQUIRE(topic != nullptr);
    CHECK(topic->value == "${secrets:dir:bad}");
    // TestSource says "topic must not be <value>": the resolved value does not appear.
    CHECK(topic->errors == std::vector<std::string>{"topic must not be ${secrets:dir:bad}"});

    auto config = source_config("c", "${secrets:dir:topic}");
    config["tasks.max"] = "${secrets:dir:tasks}";  // an int key: checked once resolved
    auto fine = validate(config);
    REQUIRE(fine.ok());
    CHECK(fine->error_count == 0);
    CHECK(value_of(*fine, "topic")->value == "${secrets:dir:topic}");
    CHECK(value_of(*fine, "tasks.max")->value == "${secrets:dir:tasks}");
}

TEST_CASE_METHOD(providers_fixture, "a placeholder naming a provider the worker lacks is a validation error") {
    auto config = source_config("c", "${vault:secret/data:topic}");
    auto infos = validate(config);
    REQUIRE(infos.ok());
    CHECK(infos->error_count == 1);
    CHECK(value_of(*infos, "topic")->errors ==
          std::vector<std::string>{"Invalid value ${vault:secret/data:topic} for configuration topic: config provider "
                                   "'vault' is not configured on this worker (config.providers)"});

    config["custom.key"] = "${other:x}";  // a key no definition has
    auto created = create("c", config);
    REQUIRE_FALSE(created.ok());
    CHECK(created.err().code == make_error_code(errc::invalid_argument));
    CHECK_THAT(created.err().message,
               Catch::StartsWith("Connector configuration is invalid and contains the following 2 error(s):"));
    CHECK_THAT(created.err().message, Catch::Contains("Invalid value ${other:x} for configuration custom.key: "
                                                      "config provider 'other' is not configured on this worker"));
    CHECK(worker.calls().empty());
}

TEST_CASE_METHOD(providers_fixture, "a connector whose provider values expire is restarted then, the latest report winning") {
    REQUIRE(create("c", source_config("c", "${secrets:dir:topic}")).ok());
    REQUIRE(create("d", source_config("d", "plain")).ok());
    worker.clear_calls();
    auto starts = [&](const std::string& name) {
        const auto calls = worker.calls();
        return std::count(calls.begin(), calls.end(), "start_connector " + name);
    };
    // c's first report is replaced by a later one an hour away; d's restart comes after 20 ms had
    // passed, so c would have been restarted by then if the first report still counted.
    herder->restart_connector_after("c", std::chrono::milliseconds(20));
    herder->restart_connector_after("c", std::chrono::hours(1));
    herder->restart_connector_after("d", std::chrono::milliseconds(60));
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (starts("d") == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    REQUIRE(starts("d") == 1);
    CHECK(starts("c") == 0);

    herder->restart_connector_after("c", std::chrono::milliseconds(10));
    while (starts("c") == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    CHECK(starts("c") == 1);
}
