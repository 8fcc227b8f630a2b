// The status store keeps statuses of tracked connectors and tasks only, stamped with the worker id.
#include <catch2/catch.hpp>

#include "herder/memory_status_store.hpp"

using namespace copycat::herder;
using copycat::run_state;

TEST_CASE("statuses are kept for tracked connectors and tasks only") {
    memory_status_store store("w:8083");
    store.put("c", run_state::running);
    CHECK_FALSE(store.get("c"));  // not tracked: a late report about an unknown connector

    store.track("c");
    store.track(task_id{"c", 1});
    store.track(task_id{"c", 0});
    store.track(task_id{"c-x", 0});
    store.put("c", run_state::failed, "trace");
    store.put(task_id{"c", 1}, run_state::running);
    store.put(task_id{"c", 0}, run_state::paused);
    store.put(task_id{"c-x", 0}, run_state::running);
    REQUIRE(store.get("c"));
    CHECK(store.get("c")->state == run_state::failed);
    CHECK(store.get("c")->trace == "trace");
    CHECK(store.get("c")->worker_id == "w:8083");
    const auto tasks = store.tasks("c");
    REQUIRE(tasks.size() == 2);
    CHECK(tasks[0].id == 0);
    CHECK(tasks[0].status.state == run_state::paused);
    CHECK(tasks[1].id == 1);

    store.remove_task(task_id{"c", 1});
    store.put(task_id{"c", 1}, run_state::unassigned);  // a late report after removal is dropped
    CHECK(store.tasks("c").size() == 1);

    store.remove_connector("c");
    store.put("c", run_state::unassigned);
    store.put(task_id{"c", 0}, run_state::unassigned);
    CHECK_FALSE(store.get("c"));
    CHECK(store.tasks("c").empty());
    CHECK(store.tasks("c-x").size() == 1);  // another connector is untouched
}
