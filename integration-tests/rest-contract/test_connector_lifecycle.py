"""Status, tasks and lifecycle: GET /connectors/{c}/status, /tasks, /tasks/{t}/status (and /tasks-config gone);
POST /connectors/{c}/restart (plain, includeTasks, onlyFailed), POST /tasks/{t}/restart;
PUT /pause, /resume, /stop (Kafka Connect 4.1 ConnectorsResource)."""

import pytest

from contract_cluster import create_running, wait_connector_state, wait_tasks
from contract_http import assert_error, assert_no_body, assert_status

STATE_KEYS = {"state", "worker_id"}
OPTIONAL_STATE_KEYS = {"trace", "version"}  # trace when FAILED; version since Kafka 4.1 (KIP-891)


def assert_state(entry, **expected):
    assert STATE_KEYS <= set(entry) <= STATE_KEYS | OPTIONAL_STATE_KEYS | {"id"}, entry
    assert isinstance(entry["worker_id"], str) and ":" in entry["worker_id"], entry
    for key, value in expected.items():
        assert entry[key] == value, entry


def test_status_shape(via, cluster, connectors):
    name = connectors.name()
    create_running(via, name, connectors.probe(tasks=2), tasks=2, clients=cluster.clients)
    r = assert_status(via.get(f"/connectors/{name}/status"), 200)
    s = r.json
    assert set(s) == {"name", "connector", "tasks", "type"}, s
    assert s["name"] == name and s["type"] == "source"
    assert_state(s["connector"], state="RUNNING")
    assert sorted(t["id"] for t in s["tasks"]) == [0, 1]
    workers = {w.worker_id for w in cluster.workers}
    assert s["connector"]["worker_id"] in workers
    for t in s["tasks"]:
        assert_state(t, state="RUNNING")
        assert t["worker_id"] in workers


def test_tasks_and_task_status(via, connectors):
    name = connectors.name()
    config = connectors.probe(tasks=2)
    create_running(via, name, config, tasks=2)
    tasks = wait_tasks(via, name, 2)
    assert [t["id"] for t in tasks] == [{"connector": name, "task": 0}, {"connector": name, "task": 1}]
    for i, t in enumerate(tasks):
        assert set(t) == {"id", "config"}
        assert t["config"]["task.index"] == str(i)
        assert t["config"]["probe.dir"] == config["probe.dir"]
        assert t["config"]["task.class"].startswith("org.copycat.test.TaskProbeSourceTask")

    r = assert_status(via.get(f"/connectors/{name}/tasks/1/status"), 200)
    assert set(r.json) >= {"id", "state", "worker_id"}
    assert_state(r.json, id=1, state="RUNNING")
    assert_error(via.get(f"/connectors/{name}/tasks/7/status"), 404, f"No status found for task {name}-7")
    assert_error(via.get(f"/connectors/{name}/tasks/abc/status"), 404)


def test_tasks_config_is_gone(w0, connectors):
    """Kafka 4.0 removed the deprecated GET /connectors/{c}/tasks-config (KIP-970): 404."""
    name = connectors.name()
    create_running(w0, name, connectors.probe(tasks=1), tasks=1)
    assert_error(w0.get(f"/connectors/{name}/tasks-config"), 404, "HTTP 404 Not Found")


def test_restart_task(via, cluster, connectors):
    name = connectors.name()
    create_running(via, name, connectors.probe(tasks=2), tasks=2, clients=cluster.clients)
    r = assert_status(via.post(f"/connectors/{name}/tasks/1/restart"), 204)
    assert_no_body(r)
    wait_connector_state(via, name, "RUNNING", tasks=2)
    assert_error(via.post(f"/connectors/{name}/tasks/9/restart"), 404, f"Unknown task: {name}-9")


def test_restart_connector_only(via, cluster, connectors):
    name = connectors.name()
    create_running(via, name, connectors.probe(tasks=1), tasks=1, clients=cluster.clients)
    r = assert_status(via.post(f"/connectors/{name}/restart"), 204)
    assert_no_body(r)
    r = assert_status(via.post(f"/connectors/{name}/restart?includeTasks=false&onlyFailed=false"), 204)
    assert_no_body(r)
    wait_connector_state(via, name, "RUNNING", tasks=1)


def test_restart_with_tasks_is_202_with_the_plan(via, cluster, connectors):
    name = connectors.name()
    create_running(via, name, connectors.probe(tasks=2), tasks=2, clients=cluster.clients)
    r = assert_status(via.post(f"/connectors/{name}/restart?includeTasks=true"), 202)
    assert set(r.json) == {"name", "connector", "tasks", "type"}
    assert r.json["name"] == name
    assert_state(r.json["connector"], state="RESTARTING")
    assert sorted(t["id"] for t in r.json["tasks"]) == [0, 1]
    assert all(t["state"] == "RESTARTING" for t in r.json["tasks"]), r.json
    wait_connector_state(via, name, "RUNNING", tasks=2)


@pytest.mark.parametrize("query", ["onlyFailed=true", "onlyFailed=true&includeTasks=true"])
def test_restart_only_failed_with_nothing_failed_restarts_nothing(via, cluster, connectors, query):
    name = connectors.name()
    create_running(via, name, connectors.probe(tasks=1), tasks=1, clients=cluster.clients)
    r = assert_status(via.post(f"/connectors/{name}/restart?{query}"), 202)
    assert_state(r.json["connector"], state="RUNNING")
    assert [t["state"] for t in r.json["tasks"]] == ["RUNNING"]


def test_pause_and_resume_are_202(via, other, connectors):
    name = connectors.name()
    create_running(via, name, connectors.probe(tasks=2), tasks=2, clients=(via, other))
    r = assert_status(via.put(f"/connectors/{name}/pause"), 202)
    assert_no_body(r)
    wait_connector_state(other, name, "PAUSED", tasks=2)
    assert_status(via.put(f"/connectors/{name}/pause"), 202)  # idempotent
    r = assert_status(via.put(f"/connectors/{name}/resume"), 202)
    assert_no_body(r)
    wait_connector_state(other, name, "RUNNING", tasks=2)
    assert_status(via.put(f"/connectors/{name}/resume"), 202)


def test_stop_is_204_and_drops_the_tasks(via, other, connectors):
    name = connectors.name()
    create_running(via, name, connectors.probe(tasks=2), tasks=2, clients=(via, other))
    r = assert_status(via.put(f"/connectors/{name}/stop"), 204)
    assert_no_body(r)
    wait_connector_state(other, name, "STOPPED", tasks=0)
    wait_tasks(other, name, 0)
    assert_status(via.put(f"/connectors/{name}/stop"), 204)  # idempotent
    r = assert_status(other.get(f"/connectors/{name}"), 200)
    assert r.json["tasks"] == []
    # A stopped connector resumes with its tasks.
    assert_status(other.put(f"/connectors/{name}/resume"), 202)
    wait_connector_state(via, name, "RUNNING", tasks=2)


def test_failed_task_and_only_failed_restarts(via, cluster, connectors):
    """A file sink whose file cannot be created: its task FAILS with a trace; onlyFailed restarts
    pick only that task."""
    name = connectors.name("failing")
    config = connectors.sink(connectors.topic("failing"))
    config["file"] = cluster.path("no-such-dir/out.txt")
    assert_status(via.put(f"/connectors/{name}/config", config), 201)
    status = wait_connector_state(via, name, "RUNNING", tasks=1, task_state="FAILED")
    assert isinstance(status["tasks"][0].get("trace"), str) and status["tasks"][0]["trace"], status
    assert "trace" not in status["connector"], status
    r = assert_status(via.get(f"/connectors/{name}/tasks/0/status"), 200)
    assert_state(r.json, id=0, state="FAILED")
    assert r.json["trace"]

    # The connector is not failed: without includeTasks nothing restarts.
    r = assert_status(via.post(f"/connectors/{name}/restart?onlyFailed=true"), 202)
    assert_state(r.json["connector"], state="RUNNING")
    assert [t["state"] for t in r.json["tasks"]] == ["FAILED"]
    r = assert_status(via.post(f"/connectors/{name}/restart?onlyFailed=true&includeTasks=true"), 202)
    assert_state(r.json["connector"], state="RUNNING")
    assert [t["state"] for t in r.json["tasks"]] == ["RESTARTING"]
    wait_connector_state(via, name, "RUNNING", tasks=1, task_state="FAILED")
    assert_status(via.post(f"/connectors/{name}/tasks/0/restart"), 204)
    wait_connector_state(via, name, "RUNNING", tasks=1, task_state="FAILED")
