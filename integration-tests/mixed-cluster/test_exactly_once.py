"""KIP-618 exactly-once source support in clusters that mix Copycat and Kafka Connect 4.4
(docs/exactly-once-source.md): with exactly.once.source.support=enabled, a follower of either
system asks the other system's leader to fence its connectors' zombies (PUT
/connectors/{c}/fence), its tasks start once the leader wrote the task-count record, and a
read_committed consumer sees every line exactly once. Both leaders answer the endpoint alike."""

import base64
import hashlib
import hmac
import json

import pytest

from contract_http import wait_for
from mixed_cluster import FILE_SINK, FILE_SOURCE, wait_running

CONNECTORS = 4  # with two workers, each runs some of their tasks
LINES = 200


@pytest.fixture(scope="module")
def eos_clusters(clusters):
    """Two clusters of two workers with exactly-once source support: one led by a Java worker
    with a Copycat follower, one led by a Copycat worker with a Java follower."""
    out = {}
    for leader, follower in (("java", "copycat"), ("copycat", "java")):
        c = clusters(f"eos-{leader}-led", {"exactly.once.source.support": "enabled"})
        c.start(leader)
        c.start(follower)
        out[leader] = c
    return out


def topic_of(cluster, name):
    """The topic of connector `name`: the cluster's own, so a broker that served earlier runs holds
    none of its records."""
    return f"{name}-{cluster.run_id}"


def file_source(cluster, name, required=True):
    path = cluster.path(name + ".txt")
    with open(path, "w") as f:
        f.writelines(f"{name}-{n}\n" for n in range(LINES))
    config = {"connector.class": FILE_SOURCE, "tasks.max": "1", "file": path, "topic": topic_of(cluster, name)}
    if required:
        config["exactly.once.support"] = "required"
    return config


def committed_lines(cluster, topic):
    """The lines in `topic` that a read_committed consumer sees (the JSON converter's payloads)."""
    return [json.loads(r["value"])["payload"] for r in cluster.dump(topic, read_committed=True)]


@pytest.mark.parametrize("leader", ["java", "copycat"])
def test_followers_tasks_start_after_the_other_systems_leader_fenced(eos_clusters, leader):
    cluster = eos_clusters[leader]
    follower = cluster.workers[1]
    names = [f"eos-{leader}-{i}" for i in range(CONNECTORS)]
    for name in names:
        r = cluster.workers[0].client.put(f"/connectors/{name}/config", file_source(cluster, name))
        assert r.status == 201, r
    statuses = {name: wait_running(cluster.workers[0].client, name, 1, 120.0) for name in names}
    on_follower = [n for n, s in statuses.items() if s["tasks"][0]["worker_id"] == follower.worker_id]
    assert on_follower, f"no task runs on the {follower.system} follower: {statuses}"
    if follower.system == "copycat":
        assert "Requesting zombie fencing for connector" in follower.process.log_text()

    for name in names:
        expected = [f"{name}-{n}" for n in range(LINES)]
        lines = wait_for(f"{LINES} committed lines in {name}",
                         lambda: (len(seen := committed_lines(cluster, topic_of(cluster, name))) >= LINES, seen),
                         60.0, 1.0)
        assert sorted(lines) == sorted(expected), f"{name}: {len(lines)} lines, {len(set(lines))} distinct"
    fencing = {r["key"]: r["value"] for r in cluster.dump(cluster.config_topic) if r["key"].startswith("tasks-fencing-")}
    assert {k: json.loads(v) for k, v in fencing.items()} == {f"tasks-fencing-{n}": {"task-count": 1} for n in names}


def signed(cluster, body=b""):
    key = cluster.session_keys()[-1]
    mac = hmac.new(base64.b64decode(key["key"]), body, hashlib.sha256).digest()
    return {"X-Connect-Authorization": base64.b64encode(mac).decode(),
            "X-Connect-Request-Signature-Algorithm": "HmacSHA256"}


def fence_answers(cluster, tag, enabled):
    """The leader's answers to PUT /connectors/{c}/fence: unsigned, for an unknown connector, a
    sink and a source connector."""
    client = cluster.workers[0].client
    for name, config in ((f"{tag}-source", file_source(cluster, f"{tag}-source", enabled)),
                         (f"{tag}-sink", {"connector.class": FILE_SINK, "tasks.max": "1",
                                          "topics": topic_of(cluster, f"{tag}-source"),
                                          "file": cluster.path(f"{tag}-sink.txt")})):
        assert client.put(f"/connectors/{name}/config", config).status == 201
        wait_running(client, name, 1, 120.0)

    def answer(worker, name, headers):
        r = worker.client.put(f"/connectors/{name}/fence", headers=headers)
        return r.status, r.json

    def answer_signed(worker, name):
        # The copycat-led cluster's leader rotates its key every few seconds: a key read from the
        # config topic just before it rotated is refused once, so sign again with the newer key.
        for _ in range(5):
            status, body = answer(worker, name, signed(cluster))
            if status != 403:
                break
        return status, body

    return {
        "unsigned": answer(cluster.workers[0], f"{tag}-source", {}),
        "unknown": answer_signed(cluster.workers[0], "no-such-connector"),
        "sink": answer_signed(cluster.workers[0], f"{tag}-sink"),
        "source": answer_signed(cluster.workers[0], f"{tag}-source"),
    }


def test_leaders_answer_fence_requests_alike(eos_clusters, java_led, copycat_led):
    for enabled, (java, copycat) in ((True, (eos_clusters["java"], eos_clusters["copycat"])),
                                     (False, (java_led, copycat_led))):
        tag = "fence" if enabled else "fence-off"
        java_answers, copycat_answers = fence_answers(java, tag, enabled), fence_answers(copycat, tag, enabled)
        assert copycat_answers == java_answers, f"exactly-once enabled: {enabled}"
        assert copycat_answers == {
            "unsigned": (400, {"error_code": 400, "message": "Internal request missing required signature"}),
            "unknown": (404, {"error_code": 404, "message": "Connector no-such-connector not found"}),
            "sink": (400, {"error_code": 400, "message": f"Connector {tag}-sink is not a source connector"}),
            "source": (204, None),
        }
        # A Copycat follower forwards the request to the leader with its signature. (A Java follower
        # checks the signature, then forwards without it, which the leader refuses with a 400.)
        follower = java.workers[1]
        assert follower.system == "copycat"
        assert follower.client.put(f"/connectors/{tag}-source/fence", headers=signed(java)).status == 204
