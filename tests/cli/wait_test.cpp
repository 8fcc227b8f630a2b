#include <catch2/catch.hpp>

#include "cli/wait.hpp"

using namespace copycat;
using namespace copycat::cli;

namespace {

verdict judge(std::string_view text, wanted_state wanted) {
    auto status = json::parse(text);
    REQUIRE(status.ok());
    return judge_status(*status, wanted);
}

}  // namespace

TEST_CASE("RUNNING and PAUSED need the connector and at least one task, all in the state") {
    const auto running = wanted_state::running;
    CHECK(judge(R"({"connector":{"state":"RUNNING"},"tasks":[{"id":0,"state":"RUNNING"}]})", running) ==
          verdict::reached);
    CHECK(judge(R"({"connector":{"state":"RUNNING"},"tasks":[]})", running) == verdict::pending);
    CHECK(
        judge(R"({"connector":{"state":"RUNNING"},"tasks":[{"id":0,"state":"RUNNING"},{"id":1,"state":"UNASSIGNED"}]})",
              running) == verdict::pending);
    CHECK(judge(R"({"connector":{"state":"UNASSIGNED"},"tasks":[{"id":0,"state":"RUNNING"}]})", running) ==
          verdict::pending);
    CHECK(judge(R"({"connector":{"state":"PAUSED"},"tasks":[{"id":0,"state":"PAUSED"}]})", wanted_state::paused) ==
          verdict::reached);
    CHECK(judge(R"({"connector":{"state":"PAUSED"},"tasks":[{"id":0,"state":"RUNNING"}]})", wanted_state::paused) ==
          verdict::pending);
    CHECK(judge("{}", running) == verdict::pending);
}

TEST_CASE("STOPPED needs only the connector: a stopped connector has no tasks") {
    CHECK(judge(R"({"connector":{"state":"STOPPED"},"tasks":[]})", wanted_state::stopped) == verdict::reached);
    CHECK(judge(R"({"connector":{"state":"RUNNING"},"tasks":[]})", wanted_state::stopped) == verdict::pending);
}

TEST_CASE("a FAILED connector or task ends the wait") {
    CHECK(judge(R"({"connector":{"state":"FAILED"},"tasks":[]})", wanted_state::running) == verdict::failed);
    CHECK(judge(R"({"connector":{"state":"RUNNING"},"tasks":[{"id":0,"state":"FAILED"}]})", wanted_state::paused) ==
          verdict::failed);
}
