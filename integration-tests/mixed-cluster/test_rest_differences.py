"""What third-party clients and dashboards read, the same from Copycat and Kafka Connect workers
of one cluster: KIP-891 `version` in statuses and status records, the Location of a connector
created through a follower, and the logger list of a worker."""

import json

from mixed_cluster import probe_config, put_config, wait_running


def test_statuses_carry_the_plugin_version_everywhere(java_led):
    name = "ver-0"
    # Six tasks, so that both systems' workers run some of them whatever earlier tests of the
    # session left on the cluster (the assignors balance tasks across the workers: with one task
    # left on two of the three workers, three new ones could all go to the third).
    put_config(java_led.workers[1].client, name, probe_config(java_led.path(name), tasks=6))
    for w in java_led.workers:
        status = wait_running(w.client, name, 6)
        entries = [status["connector"]] + status["tasks"]
        assert list(status["connector"]) == ["state", "worker_id", "version"], status
        assert all(list(t) == ["id", "state", "worker_id", "version"] for t in status["tasks"]), status
        # The probe connector is "1.0" in both systems, whichever worker runs it.
        assert all(e["version"] == "1.0" for e in entries), status
        expanded = w.client.get("/connectors?expand=status").json[name]["status"]
        assert expanded == status
    copycat_ids = {w.worker_id for w in java_led.workers if w.system == "copycat"}
    java_ids = {w.worker_id for w in java_led.workers if w.system == "java"}
    records = {}
    for r in java_led.dump(java_led.status_topic):
        if r["key"].startswith(f"status-task-{name}-") and r["value"]:
            value = json.loads(r["value"])
            if value["state"] == "RUNNING":
                records[value["worker_id"]] = value
    by_copycat = [v for wid, v in records.items() if wid in copycat_ids]
    by_java = [v for wid, v in records.items() if wid in java_ids]
    assert by_copycat and by_java, records
    for v in by_copycat + by_java:
        assert list(v) == ["state", "trace", "worker_id", "generation", "version"], v
        assert v["version"] == "1.0"


def test_location_names_the_worker_the_client_called(java_led, copycat_led):
    """POST /connectors through a follower (Copycat in java_led, Java in copycat_led) answers 201
    with a Location under the follower's own address, not the leader's."""
    for cluster, follower in ((java_led, java_led.workers[1]), (copycat_led, copycat_led.workers[1])):
        name = f"loc-{follower.system}"
        r = follower.client.post("/connectors", {"name": name, "config": probe_config(cluster.path(name), 1)})
        assert r.status == 201, r
        assert r.headers["Location"] == f"{follower.url}/connectors/{name}", (follower, r.headers)


def test_a_fresh_worker_lists_its_loggers(java_led):
    for w in java_led.workers:
        loggers = w.client.get("/admin/loggers").json
        assert "root" in loggers
        named = [n for n in loggers if n.startswith("org.apache.kafka.connect.runtime")]
        assert named, (w, sorted(loggers))
        assert all(set(loggers[n]) == {"level", "last_modified"} for n in named)


def test_the_group_member_is_named_as_kafka_connect_names_it(java_led):
    """client.id of the member: "connect-<host:port>", as the Java worker's member id shows."""
    java = java_led.workers[0]
    copycat_log = java_led.workers[1].process.log_text()
    assert f"(leader connect-{java.worker_id}-" in copycat_log  # the Java leader's member id
    copycat = java_led.workers[1]
    assert f"group {java_led.group} (connect-{copycat.worker_id})" in copycat_log
