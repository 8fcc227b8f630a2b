#!/usr/bin/env python3
"""Debezium's PostgreSQL connector (a Java plugin directory, deploy/jvm/plugins/debezium-postgres)
on Copycat's JVM bridge and on Apache Kafka Connect (--kafka-lib's release), one standalone worker
each, in one run (deploy/jvm/bench.sh runs this under with-postgres.sh and fetches the jars):

  a table of --rows rows is snapshotted, then --changes rows are inserted in one transaction and
  streamed; each system gets its own table, replication slot, publication and topic.

Per system: start -> connector RUNNING (process start to the connector and its task RUNNING, the
connector created as soon as the REST API answers), the snapshot's records/s (connector creation
to --rows records in the topic), the stream's records/s (the INSERT's commit to all changes in
the topic), worker CPU-seconds (user+system, /proc) and peak RSS (VmHWM) over the whole run.
Both workers: the same worker properties (JsonConverter with schemas, offset.flush.interval.ms
10000); Kafka Connect with the JVM flags of its shipped scripts, Copycat's JVM with its defaults.
Prints a Markdown table.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_postgres import create_connector, env, psql  # noqa: E402
from bench_procs import BenchError, WorkerProcess, poll_until  # noqa: E402
from bench_systems import JavaSystem, java_label, kafka_release, worker_properties, write_properties  # noqa: E402

CONNECTOR = "io.debezium.connector.postgresql.PostgresConnector"


def create_table(table, rows):
    psql(f"DROP TABLE IF EXISTS {table}")
    psql(f"CREATE TABLE {table} (id bigint PRIMARY KEY, name text NOT NULL, amount numeric(12, 2), "
         "at timestamp(3), flag boolean, score double precision)")
    insert_rows(table, 1, rows)
    psql(f"VACUUM ANALYZE {table}")


def insert_rows(table, first, count):
    psql(f"INSERT INTO {table} SELECT g, 'customer ' || g, g / 7.0, "
         "timestamp '2024-01-01 00:00:00.123' + g * interval '1.001 second', g % 2 = 0, g / 3.0 "
         f"FROM generate_series({first}, {first + count - 1}) g")


def end_offset(args, topic):
    out = subprocess.run([os.path.join(args.build_dir, "integration-tests", "bench", "copycat-bench-kafka"),
                          "end-offset", env("COPYCAT_BOOTSTRAP_SERVERS"), topic],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise BenchError(f"copycat-bench-kafka end-offset failed: {out.stderr.strip()}")
    return int(out.stdout.strip())


def start_worker(system, args, workdir):
    props = {**worker_properties(env("COPYCAT_BOOTSTRAP_SERVERS"), "json"),
             "offset.storage.file.filename": os.path.join(workdir, f"{system}.offsets"),
             "plugin.path": args.plugin_dir}
    if system == "java":
        return JavaSystem(args.kafka_lib, workdir, workdir).start("standalone", props, workdir, "java")
    props["listeners"] = "http://127.0.0.1:0"
    path = write_properties(os.path.join(workdir, "copycat.properties"), props)
    return WorkerProcess("copycat standalone", [os.path.join(args.build_dir, "src", "app", "copycat"),
                                                "standalone", path], os.path.join(workdir, "copycat.log"))


def measure(system, args, workdir):
    name = f"bench_dbz_{system}_{os.getpid()}"
    create_table(name, args.rows)
    topic = f"{name}.public.{name}"
    config = {"connector.class": CONNECTOR, "tasks.max": "1", "database.hostname": env("COPYCAT_PG_HOST"),
              "database.port": env("COPYCAT_PG_PORT"), "database.user": env("COPYCAT_PG_USER"),
              "database.password": env("COPYCAT_PG_PASSWORD"), "database.dbname": env("COPYCAT_PG_DB"),
              "topic.prefix": name, "plugin.name": "pgoutput", "slot.name": name, "publication.name": name,
              "publication.autocreate.mode": "filtered", "table.include.list": f"public.{name}"}
    worker = start_worker(system, args, workdir)
    figures = {}
    try:
        worker.wait_healthy(120)
        created = time.monotonic()
        create_connector(worker, "debezium", config)

        def running():
            status, body = worker.call("GET", "/connectors/debezium/status", timeout_s=5)
            states = [t.get("state") for t in body.get("tasks", [])] if status == 200 else []
            if "FAILED" in states:
                raise BenchError(f"{worker.name}: the task FAILED\n{worker.log_tail()}")
            return body.get("connector", {}).get("state") == "RUNNING" and states == ["RUNNING"]

        if not poll_until(120, running, 0.05):
            raise BenchError(f"{worker.name}: the connector did not run\n{worker.log_tail()}")
        figures["start_to_running_s"] = time.monotonic() - worker.launched

        def holds(count):
            def check():
                if not worker.alive():
                    raise BenchError(f"{worker.name} exited with {worker.exit_code}\n{worker.log_tail()}")
                return end_offset(args, topic) >= count
            return check

        if not poll_until(max(300.0, args.rows / 500.0), holds(args.rows), 0.1):
            raise BenchError(f"{worker.name}: {end_offset(args, topic)} of {args.rows} records\n{worker.log_tail()}")
        figures["snapshot_s"] = time.monotonic() - created
        figures["snapshot_cpu_s"] = worker.cpu_seconds()
        streamed = time.monotonic()
        insert_rows(name, args.rows + 1, args.changes)
        total = args.rows + args.changes
        if not poll_until(max(300.0, args.changes / 500.0), holds(total), 0.1):
            raise BenchError(f"{worker.name}: {end_offset(args, topic)} of {total} records\n{worker.log_tail()}")
        figures["stream_s"] = time.monotonic() - streamed
        figures["cpu_s"] = worker.cpu_seconds()
        figures["peak_rss_mib"] = worker.peak_rss_kb() / 1024.0
        worker.call("DELETE", "/connectors/debezium")
    finally:
        worker.stop()
    # The slot outlives the connector; the worker has exited, so it is inactive.
    psql(f"SELECT pg_drop_replication_slot('{name}') FROM pg_replication_slots WHERE slot_name = '{name}'")
    psql(f"DROP PUBLICATION IF EXISTS {name}")
    psql(f"DROP TABLE {name}")
    print(f"bench_debezium: {system}: " + ", ".join(f"{k}={v:.2f}" for k, v in figures.items()), file=sys.stderr)
    return figures


def debezium_release(plugin_dir):
    """The release of the Debezium connector in a plugin.path element, from its jar's name."""
    for _, _, files in os.walk(plugin_dir):
        for name in files:
            if name.startswith("debezium-connector-postgres-") and name.endswith(".jar"):
                return name[len("debezium-connector-postgres-"):-len(".jar")].removesuffix(".Final")
    return "unknown"


def report(args, results):
    c, j = results["copycat"], results["java"]

    def row(label, unit, key, fmt="{:,.1f}", derive=None):
        cv, jv = (derive(c), derive(j)) if derive else (c[key], j[key])
        print(f"| {label} | {unit} | {fmt.format(cv)} | {fmt.format(jv)} | **{cv / jv:.2f}** |")

    print(f"\n| Debezium PostgreSQL {debezium_release(args.plugin_dir)} ({args.rows:,}-row snapshot, then "
          f"{args.changes:,} streamed inserts) | Unit | "
          f"Copycat (JVM bridge) | {java_label(kafka_release(args.kafka_lib))} | Copycat / Java |")
    print("|---|---|---|---|---|")
    row("start → connector and task RUNNING", "s", "start_to_running_s")
    row("snapshot throughput", "records/s", None, "{:,.0f}", lambda f: args.rows / f["snapshot_s"])
    row("streaming throughput", "records/s", None, "{:,.0f}", lambda f: args.changes / f["stream_s"])
    row("worker CPU, start + snapshot", "CPU-s", "snapshot_cpu_s")
    row("worker CPU, whole run", "CPU-s", "cpu_s")
    row("peak RSS", "MiB", "peak_rss_mib", "{:,.0f}")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    for name, meaning in (("--build-dir", "Copycat's build dir"), ("--kafka-lib", "the Kafka jars (kafka.sh lib-dir)"),
                          ("--plugin-dir", "a plugin.path element with Debezium's connector")):
        parser.add_argument(name, required=True, help=meaning)
    for name, default in (("--rows", 200_000), ("--changes", 100_000)):
        parser.add_argument(name, type=int, default=default)
    args = parser.parse_args(argv)
    workdir = tempfile.mkdtemp(prefix="copycat-bench-dbz.")
    try:
        results = {system: measure(system, args, workdir) for system in ("copycat", "java")}
        report(args, results)
    except BenchError as e:
        print(f"bench_debezium: {e} (logs in {workdir})", file=sys.stderr)
        return 1
    finally:
        WorkerProcess.kill_all()
    shutil.rmtree(workdir)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
