"""Error answers: every connector endpoint with an unknown connector (404 and Kafka's message),
malformed JSON bodies, unknown paths and methods. Errors are {"error_code": N, "message": "..."}."""

import pytest

from contract_http import assert_error, assert_status

GONE = "no-such-connector"
OFFSETS = {"offsets": [{"partition": {"filename": "/x"}, "offset": {"position": 1}}]}

# (method, path, body, message) -- Kafka Connect 4.1's answers, read from a running Kafka worker.
UNKNOWN_CONNECTOR = [
    ("GET", f"/connectors/{GONE}", None, f"Connector {GONE} not found"),
    ("DELETE", f"/connectors/{GONE}", None, f"Connector {GONE} not found"),
    ("GET", f"/connectors/{GONE}/config", None, f"Connector {GONE} not found"),
    ("PATCH", f"/connectors/{GONE}/config", {"tasks.max": "1"}, f"Connector {GONE} not found"),
    ("GET", f"/connectors/{GONE}/status", None, f"No status found for connector {GONE}"),
    ("GET", f"/connectors/{GONE}/tasks", None, f"Connector {GONE} not found"),
    ("GET", f"/connectors/{GONE}/tasks/0/status", None, f"No status found for task {GONE}-0"),
    ("POST", f"/connectors/{GONE}/tasks/0/restart", None, f"Unknown connector: {GONE}"),
    ("POST", f"/connectors/{GONE}/restart", None, f"Unknown connector: {GONE}"),
    ("POST", f"/connectors/{GONE}/restart?includeTasks=true", None, f"Unknown connector: {GONE}"),
    ("POST", f"/connectors/{GONE}/restart?onlyFailed=true", None, f"Unknown connector: {GONE}"),
    ("PUT", f"/connectors/{GONE}/pause", None, f"Unknown connector {GONE}"),
    ("PUT", f"/connectors/{GONE}/resume", None, f"Unknown connector {GONE}"),
    ("PUT", f"/connectors/{GONE}/stop", None, f"Unknown connector {GONE}"),
    ("GET", f"/connectors/{GONE}/offsets", None, f"Connector {GONE} not found"),
    ("PATCH", f"/connectors/{GONE}/offsets", OFFSETS, f"Connector {GONE} not found"),
    ("DELETE", f"/connectors/{GONE}/offsets", None, f"Connector {GONE} not found"),
]


@pytest.mark.parametrize("method,path,body,message", UNKNOWN_CONNECTOR,
                         ids=[f"{m} {p.replace(GONE, '{c}')}" for m, p, _, _ in UNKNOWN_CONNECTOR])
def test_unknown_connector_is_404(via, method, path, body, message):
    r = via.request(method, path) if body is None else via.request(method, path, body)
    assert_error(r, 404, message)
    assert r.content_type.startswith("application/json")


def test_unknown_connector_topics_are_empty(via):
    """Kafka answers the topics endpoints from the status store without checking the connector:
    an unknown connector has no active topics (200) and a reset does nothing (202)."""
    r = assert_status(via.get(f"/connectors/{GONE}/topics"), 200)
    assert r.json == {GONE: {"topics": []}}
    assert_status(via.put(f"/connectors/{GONE}/topics/reset"), 202)


def test_unknown_path_and_method(via):
    assert_error(via.get("/no/such/path"), 404, "HTTP 404 Not Found")
    assert_error(via.get("/connectors/x/no-such-resource"), 404, "HTTP 404 Not Found")
    assert_error(via.delete("/connector-plugins"), 405, "HTTP 405 Method Not Allowed")
    assert_error(via.post("/connectors/x/config", {}), 405, "HTTP 405 Method Not Allowed")


# Bodies that are not the JSON an endpoint takes. Kafka lets Jackson's exceptions through as 500
# (with Jackson's message); Copycat answers 400, as a malformed request is the client's error
# (docs/rest-api.md "Deliberate differences from Kafka Connect": a malformed REST body is a 400).
MALFORMED = [
    ("POST", "/connectors", "{not json"),
    ("POST", "/connectors", '{"name": "x", "config": {"a": "b"}'),
    ("POST", "/connectors", "[1, 2]"),
    ("POST", "/connectors", ""),
    ("POST", "/connectors", '{"name": "x", "config": {}, "initial_state": "SIDEWAYS"}'),
    ("POST", "/connectors", '{"name": "x", "config": "not an object"}'),
    ("PUT", "/connectors/x/config", "{]"),
    ("PUT", "/connectors/x/config", '["a"]'),
    ("PATCH", "/connectors/x/config", "{"),
    ("PATCH", "/connectors/x/offsets", "{"),
    ("PUT", "/connector-plugins/FileStreamSourceConnector/config/validate", "{"),
    ("PUT", "/admin/loggers/org.copycat.contract", "{"),
]


@pytest.mark.parametrize("method,path,raw", MALFORMED, ids=[f"{m} {p} {raw!r}" for m, p, raw in MALFORMED])
def test_malformed_body(via, system, method, path, raw):
    r = via.request(method, path, raw=raw)
    if system == "java":
        # Kafka's real behaviour (asserted so that the difference stays documented).
        assert_error(r, 500)
    else:
        assert_error(r, 400)


def test_create_without_config_object(via, system):
    """{"name": ...} without "config": Kafka fails with a NullPointerException (500); Copycat
    treats the config as empty and reports the missing connector class (400)."""
    r = via.post("/connectors", {"name": "no-config-at-all"})
    if system == "java":
        assert_error(r, 500)
    else:
        assert_error(r, 400, "Connector config contains no connector type")


def _allowed(reply):
    return {m.strip() for m in reply.headers.get("Allow", "").split(",") if m.strip()}


def test_head_and_options_as_jersey_answers_them(via):
    """Load balancers and probes send HEAD and OPTIONS: Kafka Connect's Jersey answers HEAD on
    every GET resource with the GET's status and no body, and OPTIONS with 200 and Allow."""
    head = assert_status(via.request("HEAD", "/connectors"), 200)
    assert head.text == ""
    assert head.content_type.startswith("application/json")
    assert_status(via.request("HEAD", "/"), 200)
    assert_status(via.request("HEAD", "/connectors/no-such-connector"), 404)
    options = assert_status(via.request("OPTIONS", "/connectors"), 200)
    assert _allowed(options) >= {"GET", "POST", "HEAD", "OPTIONS"}, options.headers
    restart = assert_status(via.request("OPTIONS", "/connectors/x/restart"), 200)
    assert "POST" in _allowed(restart) and "GET" not in _allowed(restart), restart.headers
    assert_status(via.request("HEAD", "/connectors/x/restart"), 405)  # no body: it is HEAD
