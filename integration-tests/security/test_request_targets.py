"""No request target reaches a handler other than the one it names, on any listener of any worker.

The door this closes: with basic authentication on, `POST /connectors/#/tasks` with a connector
body and no credentials was exempt as the internal tasks route (decided on the target cut at '?')
and routed to POST /connectors (cut at '#'): 201, the connector created. docs/security.md.
"""

import json

import pytest

from secure_cluster import call, raw_exchange, request_bytes

CONNECTOR = json.dumps({"name": "intruder", "config": {
    "connector.class": "org.apache.kafka.connect.file.FileStreamSinkConnector",
    "topics": "intruder", "file": "/tmp/copycat-intruder.txt"}})

# Each is refused with 400 before routing: it names no single path.
AMBIGUOUS = [
    "/connectors/#/tasks", "/connectors#/x/tasks", "/connectors/x/tasks#", "/connectors/%2F/tasks",
    "//connectors", "/connectors//tasks", "/connectors/./x/tasks", "/connectors/x/../../connectors",
    "/connectors/%2E%2E/tasks", "/connectors;x=1", "/connectors/x;y/tasks", "/connectors/a%2fb/tasks",
    "/connectors/a%5Cb/tasks", "/connectors\\x\\tasks", "/connectors/%00/tasks", "/connectors/%zz/tasks",
    "http://localhost/connectors", "localhost:8083", "*",
]


@pytest.mark.parametrize("target", AMBIGUOUS)
def test_an_ambiguous_target_is_400_on_every_listener_without_or_with_credentials(cluster, target):
    for listener in cluster.every_listener():
        for auth in (False, True):
            reply = raw_exchange(listener, request_bytes("POST", target, CONNECTOR, auth=auth))
            assert reply is not None and reply.status == 400, f"{listener} auth={auth}: {reply}"
            assert json.loads(reply.body)["error_code"] == 400
    assert "intruder" not in cluster.connectors()


def test_anonymous_requests_get_401_on_every_listener_and_internal_routes_need_a_signature(cluster):
    for listener in cluster.every_listener():
        for method, target, body in [("POST", "/connectors", CONNECTOR), ("GET", "/connectors", None),
                                     ("GET", "/admin/loggers", None), ("GET", "/no/such/route", None),
                                     ("POST", "/connectors?x=/tasks", CONNECTOR)]:
            reply = call(listener, method, target, body, auth=False)
            assert reply is not None and reply.status == 401, f"{listener} {method} {target}: {reply}"
    # The internal task-config route is matched, exempt from basic auth under sessioned, and its
    # handler refuses an unsigned request.
    reply = call(cluster.listener(0, "http"), "POST", "/connectors/intruder/tasks", "[]", auth=False)
    assert reply.status in (400, 403), reply
    assert "intruder" not in cluster.connectors()


def test_admin_routes_are_served_only_on_the_admin_listener_and_need_credentials(cluster):
    assert call(cluster.listener(0, "admin"), "GET", "/admin/loggers").status == 200
    assert call(cluster.listener(0, "http"), "GET", "/admin/loggers").status == 404
    assert call(cluster.listener(0, "admin"), "GET", "/admin/loggers", auth=False).status == 401
