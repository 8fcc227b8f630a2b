"""GET /, GET /health, /admin/loggers (KIP-495, cluster scope KIP-976), and Copycat's own
GET /metrics (Prometheus text) and GET /openapi.json."""

import pytest

from contract_http import assert_error, assert_no_body, assert_status, wait_for

HEALTHY = {"status": "healthy", "message": "Worker has completed startup and is ready to handle requests."}


def test_root(via, w0, w1):
    r = assert_status(via.get("/"), 200)
    assert set(r.json) == {"version", "commit", "kafka_cluster_id"}
    assert all(isinstance(v, str) and v for v in r.json.values()), r.json
    # Both workers talk to the same Kafka cluster.
    assert w0.get("/").json["kafka_cluster_id"] == w1.get("/").json["kafka_cluster_id"]


def test_health(via):
    r = assert_status(via.get("/health"), 200)
    assert r.json == HEALTHY


def level_entry(entry):
    assert set(entry) == {"level", "last_modified"}, entry  # Strimzi rejects other keys
    return entry


def test_list_loggers(via):
    r = assert_status(via.get("/admin/loggers"), 200)
    assert isinstance(r.json, dict) and "root" in r.json
    for entry in r.json.values():
        level_entry(entry)
    assert r.json["root"]["level"] == "INFO"
    # A fresh worker lists the loggers of its components (clients check that a logger exists
    # before they set it), with the level they inherit.
    assert any(name.startswith("org.apache.kafka.connect.runtime") for name in r.json), sorted(r.json)
    r = assert_status(via.get("/admin/loggers/root"), 200)
    assert level_entry(r.json)["level"] == "INFO"


def test_set_a_logger_on_one_worker(via, other, cluster):
    name = f"org.copycat.contract.{cluster.unique('worker').replace('-', '_')}"
    assert_error(via.get(f"/admin/loggers/{name}"), 404, f"Logger {name} not found.")
    r = assert_status(via.put(f"/admin/loggers/{name}", {"level": "DEBUG"}), 200)
    assert r.json == [name]
    r = assert_status(via.get(f"/admin/loggers/{name}"), 200)
    assert level_entry(r.json)["level"] == "DEBUG"
    assert isinstance(r.json["last_modified"], int) and r.json["last_modified"] > 0
    assert via.get("/admin/loggers").json[name]["level"] == "DEBUG"
    # Worker scope (the default, also when named): the other worker does not know the logger.
    assert_status(via.put(f"/admin/loggers/{name}?scope=worker", {"level": "warn"}), 200)
    assert via.get(f"/admin/loggers/{name}").json["level"] == "WARN"
    assert_error(other.get(f"/admin/loggers/{name}"), 404, f"Logger {name} not found.")


def test_set_a_logger_for_the_cluster(via, other, cluster):
    name = f"org.copycat.contract.{cluster.unique('cluster').replace('-', '_')}"
    r = assert_status(via.put(f"/admin/loggers/{name}?scope=cluster", {"level": "ERROR"}), 204)
    assert_no_body(r)
    for client in (other, via):
        def applied(client=client):
            got = client.get(f"/admin/loggers/{name}")
            return got.status == 200 and got.json["level"] == "ERROR", got

        level_entry(wait_for(f"{name} at ERROR on {client.name}", applied).json)


def test_set_a_logger_without_or_with_a_bad_level(w0):
    assert_error(w0.put("/admin/loggers/org.copycat.contract", {}), 400,
                 "Desired 'level' parameter was not specified in request.")
    assert_error(w0.put("/admin/loggers/org.copycat.contract", {"level": "LOUD"}), 404, "invalid log level 'LOUD'.")


@pytest.mark.copycat_only(reason="Copycat's own endpoint: Prometheus metrics of the worker")
def test_metrics(via):
    r = assert_status(via.get("/metrics"), 200)
    assert r.content_type.startswith("text/plain")
    assert "# TYPE copycat_worker_uptime_seconds gauge" in r.text
    assert 'copycat_worker_connectors{state="running"}' in r.text


@pytest.mark.copycat_only(reason="Copycat's own endpoint: the OpenAPI document of its REST API")
def test_openapi(via):
    r = assert_status(via.get("/openapi.json"), 200)
    assert r.content_type.startswith("application/json")
    doc = r.json
    assert doc["openapi"].startswith("3.")
    for path in ("/", "/health", "/connectors", "/connectors/{connector}", "/connectors/{connector}/offsets",
                 "/connector-plugins/{plugin}/config/validate", "/admin/loggers/{logger}"):
        assert path in doc["paths"], path
