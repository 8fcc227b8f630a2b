"""No connector config makes the worker load code or run a program through its client overrides:
every property of the denied table, under every override prefix, is refused with 400 naming it, by
the leader and by a follower, and nothing is created (docs/security.md#properties-no-connector-may-set)."""

import json

from secure_cluster import call

DENIED = {
    "plugin.library.paths": "/tmp/evil.so",
    "interceptors": "x",
    "ssl.engine.location": "/tmp/engine.so",
    "ssl.engine.id": "evil",
    "ssl.providers": "/tmp/provider",
    "sasl.kerberos.kinit.cmd": "touch /tmp/pwned",
    "offset.store.path": "/tmp/offsets",
    "error_cb": "0x1",
    "ssl.certificate.verify_cb": "0x1",
    "msg_order_cmp": "0x1",
    "opaque": "0x1",
    "default_topic_conf": "0x1",
    "ut_handle_ProduceResponse": "0x1",
    "sasl.kerberos.principal": "$(touch /tmp/pwned)",
    " Plugin.Library.Paths ": "/tmp/evil.so",
    "topic.plugin.library.paths": "/tmp/evil.so",
}


def _create(listener, name, key, value):
    body = {"name": name, "config": {
        "connector.class": "org.apache.kafka.connect.file.FileStreamSourceConnector",
        "topic": name, "file": "/dev/null", key: value}}
    return call(listener, "POST", "/connectors", json.dumps(body), {"Content-Type": "application/json"})


def test_every_denied_override_is_400_on_leader_and_follower(cluster):
    for worker in (0, 1):
        listener = cluster.listener(worker, "http")
        for prefix in ("producer.override.", "consumer.override.", "admin.override."):
            for key, value in DENIED.items():
                name = f"denied-{worker}"
                reply = _create(listener, name, prefix + key, value)
                assert reply.status == 400, f"{listener} {prefix}{key}: {reply}"
                message = json.loads(reply.body)["message"]
                assert "cannot be set in a connector configuration" in message, message
    assert "denied-" not in cluster.connectors()


def test_validate_names_the_denied_key_whatever_the_clients_of_the_connector(cluster):
    config = {"connector.class": "org.apache.kafka.connect.file.FileStreamSourceConnector",
              "name": "validated", "topic": "t", "file": "/dev/null",
              "consumer.override.sasl.kerberos.kinit.cmd": "touch /tmp/pwned"}
    reply = call(cluster.listener(1, "http"), "PUT", "/connector-plugins/FileStreamSource/config/validate",
                 json.dumps(config), {"Content-Type": "application/json"})
    assert reply.status == 200, reply
    answer = json.loads(reply.body)
    assert answer["error_count"] >= 1
    errors = [e for c in answer["configs"] if c["value"]["name"] == "consumer.override.sasl.kerberos.kinit.cmd"
              for e in c["value"]["errors"]]
    assert errors and "runs" in errors[0], answer
