"""A cluster in the middle of a gradual upgrade: a Kafka Connect 4.1.1 worker (it leads, as the
cluster's oldest member), a Copycat worker and a Kafka Connect 4.4.0 worker in one group under the
default protocol (sessioned). Connectors of both kinds run with every task RUNNING, tasks run on
workers of all three, and the lines of a file reach the sink file. The only test of the suite
with a Java release other than the broker's (docs/compatibility.md#the-reference-kafka)."""

from contract_http import wait_for
from mixed_cluster import FILE_SINK, FILE_SOURCE, probe_config, put_config, status_of, wait_running

OLD_RELEASE = "4.1.1"
LINES = 300


def test_copycat_beside_kafka_connect_41_and_44_workers(clusters, kafka_lib_of):
    cluster = clusters("kafka-41")
    old = f"java-{OLD_RELEASE}"
    cluster.add_java_release(old, kafka_lib_of(OLD_RELEASE))
    for system in (old, "copycat", "java"):
        cluster.start(system)
    source_file, sink_file = cluster.path("input.txt"), cluster.path("output.txt")
    with open(source_file, "w") as f:
        f.writelines(f"line-{n}\n" for n in range(LINES))
    topic = f"kafka-41-{cluster.run_id}"
    tasks = {"k41-source": 1, "k41-sink": 1, "k41-probe": 6}
    configs = {"k41-source": {"connector.class": FILE_SOURCE, "tasks.max": "1", "file": source_file, "topic": topic},
               "k41-sink": {"connector.class": FILE_SINK, "tasks.max": "1", "file": sink_file, "topics": topic},
               "k41-probe": probe_config(cluster.path("probe"), tasks=6)}
    for i, (name, config) in enumerate(configs.items()):
        put_config(cluster.workers[i].client, name, config)  # through each worker in turn
    for name, count in tasks.items():
        wait_running(cluster.workers[-1].client, name, count, 90.0)

    ids = {w.worker_id: w.system for w in cluster.workers}

    def spread():
        statuses = [status_of(cluster.workers[0].client, n) for n in tasks]
        if None in statuses:
            return False, statuses
        running = {t["worker_id"] for s in statuses for t in s["tasks"] if t["state"] == "RUNNING"}
        ok = all(len(s["tasks"]) == tasks[s["name"]] and all(t["state"] == "RUNNING" for t in s["tasks"])
                 for s in statuses) and running == set(ids)
        return ok, {ids.get(w, w) for w in running}

    wait_for("every task RUNNING, some on each worker", spread, 60.0, 0.25)
    assert cluster.session_keys(), "no session key in the config topic: the group is not sessioned"

    def delivered():
        with open(sink_file) as f:
            missing = {f"line-{n}" for n in range(LINES)} - set(f.read().splitlines())
        return not missing, f"{len(missing)} missing"

    wait_for(f"all {LINES} lines in the sink file", delivered, 60.0, 0.25)
