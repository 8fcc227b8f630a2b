"""Connector CRUD: GET/POST /connectors, GET /connectors/{c}, GET/PUT/PATCH /connectors/{c}/config,
DELETE /connectors/{c}; the answers of Kafka Connect 4.1 (ConnectorsResource)."""

import random

import pytest

from contract_cluster import FILE_SOURCE, wait_connector_state, wait_gone, wait_visible
from contract_http import assert_error, assert_no_body, assert_status, wait_for

INVALID_PREFIX = "Connector configuration is invalid and contains the following 1 error(s):\n"
INVALID_SUFFIX = "\nYou can also find the above list of errors at the endpoint " \
                 "`/connector-plugins/{connectorType}/config/validate`"


def assert_connector_info(info, name, config, type_="source"):
    assert set(info) == {"name", "config", "tasks", "type"}, info
    assert info["name"] == name
    assert info["config"] == dict(config, name=name)
    assert info["type"] == type_
    assert isinstance(info["tasks"], list)
    for t in info["tasks"]:
        assert set(t) == {"connector", "task"} and t["connector"] == name and isinstance(t["task"], int), t


def test_create_returns_201_with_location_and_info(via, other, connectors):
    name = connectors.name()
    config = connectors.source()
    r = assert_status(via.post("/connectors", {"name": name, "config": config}), 201)
    assert r.headers["Location"].endswith(f"/connectors/{name}"), r.headers
    assert r.content_type.startswith("application/json")
    assert_connector_info(r.json, name, config)

    info = wait_visible(other, name)
    assert_connector_info(info, name, config)
    wait_for(f"{name} to list one task", lambda: len(wait_visible(via, name)["tasks"]) == 1)
    config_reply = assert_status(other.get(f"/connectors/{name}/config"), 200)
    assert config_reply.json == dict(config, name=name)


def test_create_existing_connector_is_409(via, other, connectors):
    name = connectors.name()
    config = connectors.probe(tasks=1)
    assert_status(other.post("/connectors", {"name": name, "config": config}), 201)
    wait_visible(via, name)
    assert_error(via.post("/connectors", {"name": name, "config": config}), 409, f"Connector {name} already exists")


def test_create_trims_the_name_and_accepts_a_matching_config_name(w0, connectors):
    name = connectors.name()
    config = connectors.probe(tasks=1)
    r = assert_status(w0.post("/connectors", {"name": f"  {name} ", "config": dict(config, name=name)}), 201)
    assert r.json["name"] == name


def test_create_with_a_different_config_name_is_400(w1, connectors):
    name = connectors.name()
    config = dict(connectors.probe(tasks=1), name="something-else")
    assert_error(w1.post("/connectors", {"name": name, "config": config}), 400,
                 f"Connector name configuration (something-else) doesn't match connector name in the URL ({name})")


def test_create_without_a_name_is_400(via, connectors):
    r = via.post("/connectors", {"config": connectors.probe(tasks=1)})
    assert_error(r, 400, INVALID_PREFIX + "Invalid value  for configuration name: String may not be empty" +
                 INVALID_SUFFIX)


def test_create_with_an_invalid_config_is_400(via, connectors):
    name = connectors.name()
    config = connectors.source()
    del config["topic"]
    assert_error(via.post("/connectors", {"name": name, "config": config}), 400,
                 INVALID_PREFIX + 'Missing required configuration "topic" which has no default value.' + INVALID_SUFFIX)
    assert_status(via.get(f"/connectors/{name}"), 404)


def test_create_with_an_unknown_connector_class_is_400(via, connectors):
    r = via.post("/connectors", {"name": connectors.name(), "config": {"connector.class": "com.example.Nope"}})
    assert_error(r, 400, contains="Failed to find any class that implements Connector and which name matches "
                                  "com.example.Nope")


def test_create_without_connector_class_is_400(w0, connectors):
    name = connectors.name()
    r = w0.post("/connectors", {"name": name, "config": {"tasks.max": "1"}})
    assert_error(r, 400, "Connector config contains no connector type")


def test_create_with_a_null_config_value_is_400(w0, connectors):
    config = dict(connectors.probe(tasks=1), **{"tasks.max": None})
    r = w0.post("/connectors", {"name": connectors.name(), "config": config})
    assert_error(r, 400, contains="\nNull value can not be supplied as the configuration value.\n")


def test_create_with_a_null_connector_key(w0, system, connectors):
    """A null value for a key of the connector's own ConfigDef: Kafka accepts it (201) and the
    connector then fails to start (ClassCastException); Copycat rejects every null value (400)."""
    name = connectors.name()
    config = dict(connectors.probe(tasks=1), **{"probe.dir": None})
    r = w0.post("/connectors", {"name": name, "config": config})
    if system == "java":
        assert_status(r, 201)
        wait_connector_state(w0, name, "FAILED")
    else:
        assert_error(r, 400, INVALID_PREFIX + "Null value can not be supplied as the configuration value." +
                     INVALID_SUFFIX)


@pytest.mark.parametrize("state", ["PAUSED", "stopped"])
def test_create_with_an_initial_state(w1, connectors, state):
    name = connectors.name()
    r = w1.post("/connectors", {"name": name, "config": connectors.probe(tasks=1), "initial_state": state})
    assert_status(r, 201)
    # A connector created PAUSED or STOPPED has not generated task configs yet: no tasks.
    wait_connector_state(w1, name, state.upper(), tasks=0)
    assert assert_status(w1.get(f"/connectors/{name}/tasks"), 200).json == []


TRANSFORM_ERRORS = [
    ({"transforms": "x", "transforms.x.type": "com.example.NoSuchTransform"},
     "Invalid value com.example.NoSuchTransform for configuration transforms.x.type: "
     "Class com.example.NoSuchTransform could not be found."),
    ({"transforms": "x"}, 'Missing required configuration "transforms.x.type" which has no default value.'),
    ({"predicates": "p", "predicates.p.type": "com.example.NoSuchPredicate"},
     "Invalid value com.example.NoSuchPredicate for configuration predicates.p.type: "
     "Class com.example.NoSuchPredicate could not be found."),
]


@pytest.mark.parametrize("extra,error", TRANSFORM_ERRORS, ids=["unknown-transform", "no-type", "unknown-predicate"])
def test_create_with_an_invalid_transform_or_predicate_is_400(w0, connectors, extra, error):
    """Kafka validates the keys of every transforms/predicates alias (ConnectorConfig.enrich)."""
    r = w0.post("/connectors", {"name": connectors.name(), "config": dict(connectors.source(), **extra)})
    assert_error(r, 400, INVALID_PREFIX + error + INVALID_SUFFIX)


def test_create_with_a_non_string_name(w0, system, connectors):
    """Kafka's JSON reader turns a number into a string name; Copycat rejects it (400)."""
    number = random.randint(10**8, 10**9)
    connectors.created.append(str(number))
    r = w0.post("/connectors", {"name": number, "config": connectors.probe(tasks=1)})
    if system == "java":
        assert_status(r, 201)
        assert r.json["name"] == str(number)
    else:
        assert_error(r, 400, "The connector name must be a JSON string")


def test_get_connector_info(via, connectors):
    name = connectors.name()
    config = connectors.probe(tasks=2)
    assert_status(via.put(f"/connectors/{name}/config", config), 201)

    def two_tasks():
        info = wait_visible(via, name)
        return len(info["tasks"]) == 2, info

    info = wait_for(f"{name} with 2 tasks", two_tasks)
    assert_connector_info(info, name, config)
    assert sorted(t["task"] for t in info["tasks"]) == [0, 1]


def test_put_config_creates_with_201_then_updates_with_200(via, other, connectors):
    name = connectors.name()
    config = connectors.probe(tasks=1)
    r = assert_status(via.put(f"/connectors/{name}/config", config), 201)
    assert r.headers["Location"].endswith(f"/connectors/{name}")
    assert_connector_info(r.json, name, config)
    wait_visible(other, name)

    updated = dict(config, **{"tasks.max": "2"})
    r = assert_status(via.put(f"/connectors/{name}/config", updated), 200)
    assert "Location" not in r.headers
    assert_connector_info(r.json, name, updated)

    def updated_on_other():
        got = other.get(f"/connectors/{name}/config")
        return got.json == dict(updated, name=name), got

    wait_for("the update on the other worker", updated_on_other)
    wait_connector_state(other, name, "RUNNING", tasks=2)


def test_put_config_with_a_different_name_is_400(w0, connectors):
    name = connectors.name()
    r = w0.put(f"/connectors/{name}/config", dict(connectors.probe(tasks=1), name="other-name"))
    assert_error(r, 400, f"Connector name configuration (other-name) doesn't match connector name in the URL ({name})")


def test_put_invalid_config_is_400_and_keeps_the_old_config(via, connectors):
    name = connectors.name()
    config = connectors.source()
    assert_status(via.put(f"/connectors/{name}/config", config), 201)
    r = via.put(f"/connectors/{name}/config", {"connector.class": FILE_SOURCE, "file": config["file"]})
    assert_error(r, 400, INVALID_PREFIX + 'Missing required configuration "topic" which has no default value.' +
                 INVALID_SUFFIX)
    assert wait_visible(via, name)["config"] == dict(config, name=name)


def test_patch_config_merges_and_null_removes(via, other, connectors):
    name = connectors.name()
    config = dict(connectors.source(), **{"batch.size": "100"})
    assert_status(via.put(f"/connectors/{name}/config", config), 201)
    r = assert_status(via.patch(f"/connectors/{name}/config", {"batch.size": None, "tasks.max": "1",
                                                               "errors.log.enable": "true"}), 200)
    expected = dict(config, name=name, **{"errors.log.enable": "true"})
    del expected["batch.size"]
    assert_connector_info(r.json, name, expected)

    def patched_on_other():
        got = other.get(f"/connectors/{name}/config")
        return got.json == expected, got

    wait_for("the patched config on the other worker", patched_on_other)


def test_patch_config_to_an_invalid_config_is_400(w1, connectors):
    name = connectors.name()
    assert_status(w1.put(f"/connectors/{name}/config", connectors.source()), 201)
    assert_error(w1.patch(f"/connectors/{name}/config", {"topic": None}), 400,
                 INVALID_PREFIX + 'Missing required configuration "topic" which has no default value.' + INVALID_SUFFIX)


def test_delete_is_204_then_404_everywhere(via, other, connectors):
    name = connectors.name()
    assert_status(via.put(f"/connectors/{name}/config", connectors.probe(tasks=1)), 201)
    wait_connector_state(other, name, "RUNNING", tasks=1)
    r = assert_status(via.delete(f"/connectors/{name}"), 204)
    assert_no_body(r)
    wait_gone(via, name)
    wait_gone(other, name)
    assert_error(other.get(f"/connectors/{name}"), 404, f"Connector {name} not found")
    assert_error(via.delete(f"/connectors/{name}"), 404, f"Connector {name} not found")

    def status_gone():
        got = other.get(f"/connectors/{name}/status")
        return got.status == 404, got

    wait_for(f"the status of {name} to go", status_gone)
