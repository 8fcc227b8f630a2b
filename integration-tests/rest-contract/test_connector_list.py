"""GET /connectors, plain and with ?expand=status / ?expand=info / both (Kafka: listConnectors)."""

import pytest

from contract_cluster import Connectors, create_running
from contract_http import assert_status, wait_for


@pytest.fixture(scope="module")
def listed(cluster):
    """Two running connectors shared by the read-only tests of this module."""
    names = [cluster.unique("list-a"), cluster.unique("list-b")]
    c = Connectors(cluster)
    create_running(cluster.clients[0], names[0], c.probe(tasks=2), tasks=2, clients=cluster.clients)
    create_running(cluster.clients[1], names[1], c.source(lines=2), tasks=1, clients=cluster.clients)
    c.created.extend(names)
    yield names
    c.cleanup()


def listing(client, query=""):
    r = assert_status(client.get("/connectors" + query), 200)
    assert r.content_type.startswith("application/json")
    return r.json


def assert_state_info(status, name):
    assert set(status) == {"name", "connector", "tasks", "type"}, status
    assert status["name"] == name and status["type"] in ("source", "sink")
    assert {"state", "worker_id"} <= set(status["connector"]), status
    for t in status["tasks"]:
        assert {"id", "state", "worker_id"} <= set(t), t


def assert_info(info, name):
    assert set(info) == {"name", "config", "tasks", "type"}, info
    assert info["name"] == name and info["config"]["name"] == name


def test_plain_list_is_an_array_of_names(via, listed):
    names = listing(via)
    assert isinstance(names, list) and all(isinstance(n, str) for n in names)
    assert set(listed) <= set(names)


def test_expand_status(via, listed):
    out = listing(via, "?expand=status")
    assert isinstance(out, dict) and set(listed) <= set(out)
    for name in listed:
        assert set(out[name]) == {"status"}
        assert_state_info(out[name]["status"], name)
    assert out[listed[0]]["status"]["connector"]["state"] == "RUNNING"
    assert len(out[listed[0]]["status"]["tasks"]) == 2


def test_expand_info(via, listed):
    out = listing(via, "?expand=info")
    for name in listed:
        assert set(out[name]) == {"info"}
        assert_info(out[name]["info"], name)
    assert out[listed[1]]["info"]["type"] == "source"
    assert out[listed[1]]["info"]["tasks"] == [{"connector": listed[1], "task": 0}]


def test_expand_status_and_info(via, listed):
    out = listing(via, "?expand=status&expand=info")
    for name in listed:
        assert set(out[name]) == {"status", "info"}
        assert_state_info(out[name]["status"], name)
        assert_info(out[name]["info"], name)


def test_unknown_expansion_is_ignored(w0, listed):
    out = listing(w0, "?expand=nonsense")
    for name in listed:
        assert out[name] == {}


def test_both_workers_list_the_same_connectors(w0, w1, listed):
    def same():
        a, b = sorted(listing(w0)), sorted(listing(w1))
        return a == b, (a, b)

    wait_for("both workers to list the same connectors", same)
