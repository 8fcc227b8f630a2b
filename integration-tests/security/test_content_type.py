"""Writes with a body must be JSON, as Kafka Connect answers: a cross-site text/plain or form POST
(a "simple" request a web page sends without a CORS preflight) creates nothing. docs/security.md."""

import json

from secure_cluster import call

UNSUPPORTED = '{"error_code":415,"message":"HTTP 415 Unsupported Media Type"}'


def _config(name):
    return json.dumps({"name": name, "config": {
        "connector.class": "org.apache.kafka.connect.file.FileStreamSinkConnector",
        "topics": name, "file": "/dev/null"}})


def test_a_write_that_is_not_json_is_415_on_leader_and_follower(cluster):
    for worker in (0, 1):
        listener = cluster.listener(worker, "http")
        for content_type in ("text/plain", "application/x-www-form-urlencoded", None, "text/json"):
            reply = call(listener, "POST", "/connectors", _config("not-json"), {"Content-Type": content_type})
            assert reply.status == 415, f"{listener} {content_type}: {reply}"
            assert reply.body == UNSUPPORTED
        reply = call(listener, "PUT", "/connectors/not-json/config", json.dumps({"connector.class": "FileStreamSink"}),
                     {"Content-Type": "text/plain"})
        assert reply.status == 415
    assert "not-json" not in cluster.connectors()


def test_json_with_a_charset_is_accepted_and_a_write_without_a_body_needs_no_content_type(cluster):
    listener = cluster.listener(1, "https")
    reply = call(listener, "POST", "/connectors", _config("json-charset"),
                 {"Content-Type": "application/json; charset=UTF-8"})
    assert reply.status == 201, reply
    reply = call(listener, "POST", "/connectors/json-charset/restart")
    assert reply.status in (202, 204, 409), reply
    assert call(listener, "DELETE", "/connectors/json-charset").status in (204, 409)
