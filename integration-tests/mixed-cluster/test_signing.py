"""KIP-507 under the default protocol (sessioned) in clusters that mix Copycat and Kafka Connect:
session keys in the config topic, signed task configs in both directions, and the leader's
answers to unsigned and forged internal requests."""

import base64
import time

import pytest

from contract_http import wait_for
from mixed_cluster import KEY_TTL_MS, probe_config, put_config, wait_running

CONNECTORS = 6
TASKS = 2


def create_six(cluster, prefix):
    """Six probe connectors, created through each worker in turn; returns their names once every
    one has its tasks RUNNING (within 60 s of the last create)."""
    names = [f"{prefix}-{i}" for i in range(CONNECTORS)]
    for i, name in enumerate(names):
        via = cluster.workers[i % len(cluster.workers)]
        put_config(via.client, name, probe_config(cluster.path(name), tasks=TASKS))
    statuses = {}
    for i, name in enumerate(names):
        statuses[name] = wait_running(cluster.workers[(i + 1) % len(cluster.workers)].client, name, TASKS, 60.0)
    return statuses


def leader_url_seen_by(worker):
    """The leader URL in a Copycat worker's last "Joined group ... (leader X at URL)" log line."""
    lines = [line for line in worker.process.log_text().splitlines() if "Joined group at generation" in line]
    assert lines, f"{worker.name} never joined"
    return lines[-1].split(" at ")[-1].split(")")[0].rstrip("/")


def test_java_leader_accepts_copycat_signed_task_configs(java_led):
    java, copycats = java_led.workers[0], java_led.workers[1:]
    statuses = create_six(java_led, "jl")
    for w in copycats:
        assert leader_url_seen_by(w) == java.url, "the Java worker should lead"
    # Some Connector instances ran on Copycat workers: their task configs reached the Java leader
    # as signed POST /connectors/{c}/tasks.
    copycat_ids = {w.worker_id for w in copycats}
    on_copycat = [n for n, s in statuses.items() if s["connector"]["worker_id"] in copycat_ids]
    assert on_copycat, f"no connector ran on a Copycat worker: {statuses}"
    for w in copycats:
        assert "Sent the task configs of connector" in w.process.log_text() or not any(
            s["connector"]["worker_id"] == w.worker_id for s in statuses.values())
    # The Java leader wrote a session key; every worker uses it.
    keys = java_led.session_keys()
    assert keys and keys[-1]["algorithm"] == "HmacSHA256"


def test_copycat_leader_writes_a_session_key_like_javas(java_led, copycat_led):
    create_six(copycat_led, "cl")
    leader = copycat_led.workers[0]
    for w in copycat_led.workers[1:]:
        if w.system == "copycat":
            assert leader_url_seen_by(w) == leader.url, "the first Copycat worker should lead"
    java_keys, copycat_keys = java_led.session_keys(), copycat_led.session_keys()
    assert java_keys and copycat_keys
    java_key, copycat_key = java_keys[-1], copycat_keys[-1]
    # The same members, in the same order, of the same types; keys of the same size.
    assert list(copycat_key) == list(java_key) == ["key", "algorithm", "creation-timestamp"]
    assert copycat_key["algorithm"] == java_key["algorithm"] == "HmacSHA256"
    assert isinstance(copycat_key["creation-timestamp"], int)
    assert abs(copycat_key["creation-timestamp"] / 1000 - time.time()) < 600
    assert len(base64.b64decode(copycat_key["key"])) == len(base64.b64decode(java_key["key"])) == 32


def test_copycat_leader_rotates_its_key_and_tasks_keep_being_assigned(copycat_led):
    first = copycat_led.session_keys()
    assert first
    # Wait for a rotation, then create connectors again (some on the Java worker, whose task
    # configs must now be signed with the new key).
    rotated = wait_for("the session key to rotate",
                       lambda: (len(k := copycat_led.session_keys()) > len(first) and k[-1]["key"] != first[-1]["key"],
                                k),
                       KEY_TTL_MS / 1000 * 3 + 30, 1.0)
    assert rotated[-1]["creation-timestamp"] - first[-1]["creation-timestamp"] >= KEY_TTL_MS
    create_six(copycat_led, "rot")


def internal_post(worker, connector, headers):
    return worker.client.post(f"/connectors/{connector}/tasks?forward=false", raw='[{"probe.dir":"/nowhere"}]',
                              headers=headers)


@pytest.mark.parametrize("kind", ["unsigned", "forged"])
def test_leaders_refuse_unsigned_and_forged_requests_alike(java_led, copycat_led, kind):
    headers = {}
    if kind == "forged":
        headers = {"X-Connect-Authorization": base64.b64encode(b"\0" * 32).decode(),
                   "X-Connect-Request-Signature-Algorithm": "HmacSHA256"}
    answers = {}
    for cluster, name in ((java_led, "jl-0"), (copycat_led, "cl-0")):
        r = internal_post(cluster.workers[0], name, headers)
        answers[cluster.workers[0].system] = (r.status, r.json)
    assert answers["copycat"] == answers["java"], answers
    expected = {"unsigned": (400, "Internal request missing required signature"),
                "forged": (403, "Internal request contained invalid signature.")}[kind]
    assert answers["copycat"] == (expected[0], {"error_code": expected[0], "message": expected[1]})
