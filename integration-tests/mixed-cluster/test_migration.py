"""A rolling migration of a 3-worker cluster under the default protocol (sessioned), with a file
pipeline and a 4-task probe connector running: Kafka Connect 4.4 → Copycat one worker at a time,
then back to Kafka Connect (the leader's session key in the config topic shows the protocol). After each replacement every connector and all of its tasks are
RUNNING on live workers (none lost), and every line
written to the source file while the workers are replaced reaches the sink file (at least once).

The quick form (one round, 200 lines a second) runs in CI; COPYCAT_MIGRATION_ROUNDS (Java →
Copycat → Java rounds) and COPYCAT_MIGRATION_RATE (lines per second) make it longer
(deploy/mixed-cluster-migration.sh)."""

import os
import threading
import time

from contract_http import wait_for
from mixed_cluster import FILE_SINK, FILE_SOURCE, probe_config, status_of

ROUNDS = int(os.environ.get("COPYCAT_MIGRATION_ROUNDS", "1"))
RATE = float(os.environ.get("COPYCAT_MIGRATION_RATE", "200"))


class LineWriter:
    """Appends "line-<n>" lines to the source file at RATE lines per second on its own thread
    until stop(), which joins it and returns how many it wrote."""

    def __init__(self, path):
        self.path = path
        self.written = 0
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="line-writer")
        self.thread.start()

    def _run(self):
        start = time.monotonic()
        with open(self.path, "a") as f:
            while not self.stopping.wait(0.05):
                due = int((time.monotonic() - start) * RATE) + 1
                f.write("".join(f"line-{n:07d}\n" for n in range(self.written, due)))
                f.flush()
                self.written = due

    def stop(self):
        self.stopping.set()
        self.thread.join()
        return self.written


def pipeline_running(cluster, tasks):
    """Every connector of `tasks` (name -> task count) and exactly that many tasks RUNNING on live
    workers, as the newest worker sees them."""
    live = {w.worker_id for w in cluster.running()}
    client = cluster.running()[-1].client
    names = sorted(tasks)

    def check():
        statuses = [status_of(client, n) for n in names]
        ok = all(s and s["connector"]["state"] == "RUNNING" and s["connector"]["worker_id"] in live
                 and sorted(t["id"] for t in s["tasks"]) == list(range(tasks[n]))
                 and all(t["state"] == "RUNNING" and t["worker_id"] in live for t in s["tasks"])
                 for n, s in zip(names, statuses))
        return ok, statuses

    wait_for(f"{names} RUNNING on {sorted(live)}", check, 90.0, 0.25)


def replace_workers(cluster, tasks, by):
    """Stops each worker of the other system in turn (SIGTERM, as an operator would) and starts
    one of `by` in its place, waiting for the pipeline to run again each time."""
    for old in [w for w in cluster.running() if w.system != by]:
        assert old.process.stop(60) == 0 or old.system == "java", f"{old} did not stop cleanly"
        cluster.start(by)
        pipeline_running(cluster, tasks)


def test_rolling_migration_java_to_copycat_and_back(clusters):
    cluster = clusters("migration")
    for _ in range(3):
        cluster.start("java")
    source_file, sink_file = cluster.path("input.txt"), cluster.path("output.txt")
    open(source_file, "w").close()
    topic = f"migration-{cluster.run_id}"
    tasks = {"migration-source": 1, "migration-sink": 1, "migration-probe": 4}
    first = cluster.workers[0].client
    assert first.put("/connectors/migration-source/config", {
        "connector.class": FILE_SOURCE, "tasks.max": "1", "file": source_file, "topic": topic}).status == 201
    assert first.put("/connectors/migration-sink/config", {
        "connector.class": FILE_SINK, "tasks.max": "1", "file": sink_file, "topics": topic}).status == 201
    assert first.put("/connectors/migration-probe/config",
                     probe_config(cluster.path("probe"), tasks=4)).status == 201
    pipeline_running(cluster, tasks)
    assert cluster.session_keys(), "no session key in the config topic: the group is not sessioned"

    writer = LineWriter(source_file)
    for _ in range(ROUNDS):
        replace_workers(cluster, tasks, "copycat")
        assert {w.system for w in cluster.running()} == {"copycat"}
        replace_workers(cluster, tasks, "java")
        assert {w.system for w in cluster.running()} == {"java"}
    lines = writer.stop()
    assert lines > 0
    expected = {f"line-{n:07d}" for n in range(lines)}

    def delivered():
        with open(sink_file) as f:
            missing = expected - set(f.read().splitlines())
        return not missing, f"{len(missing)} missing, e.g. {sorted(missing)[:3]}"

    wait_for(f"all {lines} lines in the sink file", delivered, 120.0, 0.5)
    print(f"\nmigration: {ROUNDS} round(s), {lines} lines written while the workers were replaced, 0 missing")
