"""GET /connector-plugins (?connectorsOnly=false), GET /connector-plugins/{p}/config,
PUT /connector-plugins/{p}/config/validate (Kafka: ConnectorPluginsResource)."""

import pytest

from contract_cluster import FILE_SINK, FILE_SOURCE, PROBE
from contract_http import assert_error, assert_status

CONFIG_KEY_FIELDS = {"name", "type", "required", "default_value", "importance", "documentation", "group", "order_in_group",
                     "width", "display_name", "dependents"}
GROUPS = ["Common", "Transforms", "Predicates", "Error Handling", "Topic Creation", "Exactly Once Support",
          "offsets.topic"]


def plugins(client, query=""):
    """The listed plugins as {(class, type): entry}: a class that is both a converter and a header
    converter is listed once as each."""
    r = assert_status(client.get("/connector-plugins" + query), 200)
    found = {}
    for p in r.json:
        assert {"class", "type"} <= set(p) <= {"class", "type", "version"}, p
        assert isinstance(p.get("version", ""), str), p
        assert (p["class"], p["type"]) not in found, f"listed twice: {p}"
        found[(p["class"], p["type"])] = p
    return found


def test_connector_plugins(via):
    found = plugins(via)
    assert (FILE_SOURCE, "source") in found
    assert (FILE_SINK, "sink") in found
    assert found[(PROBE, "source")] == {"class": PROBE, "type": "source", "version": "1.0"}
    assert all(t in ("source", "sink") for _, t in found)
    assert plugins(via, "?connectorsOnly=true") == found


def test_all_plugins(w1):
    found = plugins(w1, "?connectorsOnly=false")
    types = {t for _, t in found}
    assert {"source", "sink", "converter", "header_converter", "transformation", "predicate"} <= types, types
    for expected in [("org.apache.kafka.connect.json.JsonConverter", "converter"),
                     ("org.apache.kafka.connect.json.JsonConverter", "header_converter"),
                     ("org.apache.kafka.connect.storage.StringConverter", "converter"),
                     ("org.apache.kafka.connect.transforms.InsertField$Value", "transformation"),
                     ("org.apache.kafka.connect.transforms.predicates.TopicNameMatches", "predicate"),
                     (FILE_SOURCE, "source")]:
        assert expected in found, expected


@pytest.mark.parametrize("plugin", ["FileStreamSource", "FileStreamSourceConnector", FILE_SOURCE])
def test_plugin_config_by_alias_or_class(w0, plugin):
    r = assert_status(w0.get(f"/connector-plugins/{plugin}/config"), 200)
    keys = {k["name"]: k for k in r.json}
    for k in r.json:
        assert set(k) == CONFIG_KEY_FIELDS, k
    assert keys["topic"]["type"] == "STRING" and keys["topic"]["required"] is True
    assert keys["file"]["required"] is False and keys["file"]["importance"] == "HIGH"
    assert keys["batch.size"]["type"] == "INT" and keys["batch.size"]["default_value"] == "2000"


def test_plugin_config_of_a_converter(w0):
    r = assert_status(w0.get("/connector-plugins/org.apache.kafka.connect.json.JsonConverter/config"), 200)
    keys = {k["name"]: k for k in r.json}
    assert keys["schemas.enable"]["type"] == "BOOLEAN" and keys["schemas.enable"]["default_value"] == "true"


def test_plugin_config_of_an_unknown_plugin_is_404(via):
    assert_error(via.get("/connector-plugins/NoSuchPlugin/config"), 404, "Unknown plugin NoSuchPlugin.")


def validate(client, plugin, config):
    return client.put(f"/connector-plugins/{plugin}/config/validate", config)


def config_values(infos):
    out = {}
    for c in infos["configs"]:
        assert set(c) == {"definition", "value"}, c
        value = c["value"]
        assert set(value) == {"name", "value", "recommended_values", "errors", "visible"}, value
        if c["definition"] is not None:
            assert set(c["definition"]) == CONFIG_KEY_FIELDS, c["definition"]
            assert c["definition"]["name"] == value["name"]
        out[value["name"]] = value
    return out


def test_validate_reports_errors(via):
    r = assert_status(validate(via, "FileStreamSourceConnector", {"connector.class": FILE_SOURCE, "file": "/x"}), 200)
    infos = r.json
    assert set(infos) == {"name", "error_count", "groups", "configs"}
    assert infos["name"] == FILE_SOURCE
    assert infos["groups"] == GROUPS
    values = config_values(infos)
    assert values["topic"]["errors"] == ['Missing required configuration "topic" which has no default value.']
    assert values["name"]["errors"] == ['Missing required configuration "name" which has no default value.']
    assert values["file"]["value"] == "/x" and values["file"]["errors"] == []
    assert infos["error_count"] == sum(len(v["errors"]) for v in values.values()) == 2


def test_validate_a_valid_config(w1):
    config = {"connector.class": FILE_SOURCE, "name": "v", "file": "/x", "topic": "t", "tasks.max": "1"}
    r = assert_status(validate(w1, "FileStreamSource", config), 200)
    assert r.json["error_count"] == 0
    values = config_values(r.json)
    assert values["tasks.max"]["value"] == "1" and values["topic"]["value"] == "t"


def test_validate_with_a_different_connector_class_is_400(w0):
    r = validate(w0, "FileStreamSinkConnector", {"connector.class": FILE_SOURCE})
    assert_error(r, 400, f"Included connector type {FILE_SOURCE} does not match request type FileStreamSinkConnector")


def test_validate_without_connector_class(w0, system):
    r = validate(w0, "FileStreamSourceConnector", {"file": "/x"})
    if system == "java":
        # Kafka wraps its BadRequestException and answers 500 with the exception's class name.
        assert_error(r, 500, "org.apache.kafka.connect.runtime.rest.errors.BadRequestException: "
                             "Connector config contains no connector type")
    else:
        assert_error(r, 400, "Connector config contains no connector type")


def test_validate_an_unknown_plugin(w1, system):
    r = validate(w1, "NoSuchPlugin", {"connector.class": "NoSuchPlugin"})
    prefix = "Failed to find any class that implements Connector and which name matches NoSuchPlugin"
    if system == "java":
        # Kafka answers its wrapped BadRequestException with 500 here (and with 400 on create).
        assert_error(r, 500, contains=prefix)
    else:
        assert_error(r, 400, contains=prefix)
