#!/usr/bin/env python3
"""PostgreSQL -> Kafka -> PostgreSQL: Copycat's PostgresSource and PostgresSink, and beside them,
for the sink half, Apache Kafka Connect with Debezium's JDBC sink (deploy/postgres/bench.sh runs
this under with-postgres.sh and with-kafka.sh and fetches the jars).

  pipeline   Copycat: a source table of N rows -> PostgresSource (incrementing) -> topic ->
             PostgresSink (upsert) -> a new table; the clock runs from creating the connectors to
             the target holding N rows.
  sink       the topic the pipeline filled (N records, JSON with schemas) -> a new table with
             upsert on the primary key, by Copycat's PostgresSink and by Debezium's JdbcSinkConnector
             on Kafka Connect (each a fresh standalone worker and consumer group); the clock runs from
             creating the connector to the target holding N rows.

Worker CPU is user+system time over the clocked span (/proc). Every target is checked row for row
against the source (EXCEPT both ways on the rows' text). Prints a Markdown table.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_procs import BenchError, WorkerProcess, poll_until  # noqa: E402
from bench_systems import JavaSystem, java_label, kafka_release, worker_properties, write_properties  # noqa: E402

SOURCE_TABLE = "bench_source"


def env(name):
    value = os.environ.get(name)
    if not value:
        raise BenchError(f"{name} is unset: run under deploy/postgres/with-postgres.sh and with-kafka.sh")
    return value


def psql(sql):
    """The first column of the first row of one statement, as text ('' when none)."""
    out = subprocess.run(["psql", "-X", "-q", "-tA", "-v", "ON_ERROR_STOP=1", env("COPYCAT_PG_CONNINFO"), "-c", sql],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        raise BenchError(f"psql failed: {out.stderr.strip()}\n{sql[:300]}")
    return out.stdout.strip().split("\n")[0] if out.stdout.strip() else ""


def rows_in(table):
    if psql(f"SELECT to_regclass('{table}') IS NULL") == "t":
        return 0
    return int(psql(f"SELECT count(*) FROM {table}"))


def differences(a, b):
    ra, rb = f"SELECT r::text FROM {a} r", f"SELECT r::text FROM {b} r"
    return int(psql(f"SELECT (SELECT count(*) FROM ({ra} EXCEPT {rb}) x) + "
                    f"(SELECT count(*) FROM ({rb} EXCEPT {ra}) y)"))


def create_source(rows):
    psql(f"DROP TABLE IF EXISTS {SOURCE_TABLE}")
    psql(f"CREATE TABLE {SOURCE_TABLE} (id bigint PRIMARY KEY, name text NOT NULL, amount numeric(12, 2), "
         "at timestamp(3), flag boolean, score double precision)")
    psql(f"INSERT INTO {SOURCE_TABLE} SELECT g, 'customer ' || g, g / 7.0, "
         "timestamp '2024-01-01 00:00:00.123' + g * interval '1.001 second', g % 2 = 0, g / 3.0 "
         f"FROM generate_series(1, {rows}) g")
    psql(f"VACUUM ANALYZE {SOURCE_TABLE}")


def create_connector(worker, name, config):
    def created():
        status, body = worker.call("PUT", f"/connectors/{name}/config", config)
        if status in (200, 201):
            return True
        if status is not None and status != 409 and status < 500:
            raise BenchError(f"{worker.name}: creating {name} answered {status}: {body}")
        return False

    if not poll_until(60, created, 0.2):
        raise BenchError(f"{worker.name}: creating {name} failed")


def connection(prefix="connection."):
    return {"connection.url": env("COPYCAT_PG_JDBC_URL"), prefix + "user": env("COPYCAT_PG_USER"),
            prefix + "password": env("COPYCAT_PG_PASSWORD")}


def copycat_worker(build_dir, workdir, tag):
    props = {**worker_properties(env("COPYCAT_BOOTSTRAP_SERVERS"), "json"),
             "offset.storage.file.filename": os.path.join(workdir, f"{tag}.offsets"),
             "listeners": "http://127.0.0.1:0",
             "plugin.path": os.path.join(build_dir, "plugins", "copycat-postgres.so")}
    path = write_properties(os.path.join(workdir, f"{tag}.properties"), props)
    return WorkerProcess(f"copycat {tag}", [os.path.join(build_dir, "src", "app", "copycat"), "standalone", path],
                         os.path.join(workdir, f"{tag}.log"))


def clocked(worker, connectors, target, rows):
    """Creates the connectors, waits for `rows` rows in `target`; (seconds, worker CPU seconds)."""
    worker.wait_healthy(120)
    cpu_before = worker.cpu_seconds()
    started = time.monotonic()
    for name, config in connectors:
        create_connector(worker, name, config)

    def complete():
        if not worker.alive():
            raise BenchError(f"{worker.name} exited with {worker.exit_code}\n{worker.log_tail()}")
        for name, _ in connectors:
            if any(state == "FAILED" for _, state, _ in worker.task_states(name)):
                raise BenchError(f"{worker.name}: a task of {name} FAILED\n{worker.log_tail()}")
        return rows_in(target) >= rows

    if not poll_until(max(300.0, rows / 1000.0), complete, 0.25):
        raise BenchError(f"{worker.name}: {rows_in(target)} of {rows} rows in {target}\n{worker.log_tail()}")
    seconds = time.monotonic() - started
    cpu = worker.cpu_seconds() - cpu_before
    if differences(SOURCE_TABLE, target) != 0:
        raise BenchError(f"{worker.name}: {target} differs from {SOURCE_TABLE}")
    return seconds, cpu


def run(args):
    rows = args.rows
    workdir = tempfile.mkdtemp(prefix="copycat-bench-pg.")
    topic_prefix = f"bench-pg-{os.getpid()}-"
    topic = topic_prefix + SOURCE_TABLE
    print(f"bench_postgres: {rows:,} rows into {SOURCE_TABLE}", file=sys.stderr)
    create_source(rows)
    results = {}
    upsert = {"insert.mode": "upsert", "tasks.max": "1"}

    worker = copycat_worker(args.build_dir, workdir, "pipeline")
    try:
        source = {"connector.class": "PostgresSource", **connection(), "mode": "incrementing",
                  "incrementing.column.name": "id", "table.whitelist": SOURCE_TABLE, "topic.prefix": topic_prefix,
                  "batch.max.rows": "5000", "poll.interval.ms": "1000", "tasks.max": "1"}
        sink = {"connector.class": "PostgresSink", **connection(), **upsert, "topics": topic, "pk.mode": "record_value",
                "pk.fields": "id", "auto.create": "true", "table.name.format": "copycat_pipeline"}
        results["pipeline", "copycat"] = clocked(worker, [("pg-sink", sink), ("pg-source", source)],
                                                 "copycat_pipeline", rows)
    finally:
        worker.stop()

    for rep in range(args.reps):
        worker = copycat_worker(args.build_dir, workdir, f"sink-{rep}")
        try:
            sink = {"connector.class": "PostgresSink", **connection(), **upsert, "topics": topic,
                    "pk.mode": "record_value", "pk.fields": "id", "auto.create": "true",
                    "table.name.format": f"copycat_sink_{rep}"}
            results["sink", "copycat", rep] = clocked(worker, [(f"copycat-sink-{rep}", sink)],
                                                      f"copycat_sink_{rep}", rows)
        finally:
            worker.stop()
        java = JavaSystem(args.kafka_lib, workdir, workdir)
        props = {**worker_properties(env("COPYCAT_BOOTSTRAP_SERVERS"), "json"),
                 "offset.storage.file.filename": os.path.join(workdir, f"java-{rep}.offsets"),
                 "plugin.path": args.debezium_dir}
        worker = java.start("standalone", props, workdir, f"java-sink-{rep}")
        try:
            sink = {"connector.class": "io.debezium.connector.jdbc.JdbcSinkConnector", **connection(),
                    "connection.username": env("COPYCAT_PG_USER"), **upsert, "topics": topic,
                    "primary.key.mode": "record_value", "primary.key.fields": "id", "schema.evolution": "basic",
                    "table.name.format": f"debezium_sink_{rep}"}
            del sink["connection.user"]
            results["sink", "java", rep] = clocked(worker, [(f"debezium-sink-{rep}", sink)],
                                                   f"debezium_sink_{rep}", rows)
        finally:
            worker.stop()
    report(rows, args.reps, results, kafka_release(args.kafka_lib))
    shutil.rmtree(workdir)  # kept when a case failed, for its logs (the error names them)


def report(rows, reps, results, release):
    seconds, cpu = results["pipeline", "copycat"]
    print(f"\n| Measurement ({rows:,} rows, PostgreSQL 15, JSON with schemas) | Unit | Copycat | "
          f"{java_label(release)} + Debezium JDBC sink 3.3.1 | Copycat / Java |")
    print("|---|---|---|---|---|")
    print(f"| PostgreSQL → Kafka → PostgreSQL (source + upsert sink, one worker): throughput | rows/s | "
          f"{rows / seconds:,.0f} | – | |")
    print(f"| PostgreSQL → Kafka → PostgreSQL: worker CPU | CPU-s | {cpu:.1f} | – | |")
    c = [results["sink", "copycat", r] for r in range(reps)]
    j = [results["sink", "java", r] for r in range(reps)]
    c_rate, j_rate = statistics.median([rows / s for s, _ in c]), statistics.median([rows / s for s, _ in j])
    c_cpu, j_cpu = statistics.median([u for _, u in c]), statistics.median([u for _, u in j])
    print(f"| Kafka → PostgreSQL, upsert sink alone: throughput | rows/s | {c_rate:,.0f} | {j_rate:,.0f} | "
          f"**{c_rate / j_rate:.2f}** |")
    print(f"| Kafka → PostgreSQL, upsert sink alone: worker CPU | CPU-s | {c_cpu:.1f} | {j_cpu:.1f} | "
          f"**{c_cpu / j_cpu:.2f}** |")
    print(f"\n({reps} run(s) of the sink half per system, median; every target equal to the source row for row)")


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build-dir", required=True)
    parser.add_argument("--kafka-lib", required=True, help="the Kafka jars (kafka.sh lib-dir)")
    parser.add_argument("--debezium-dir", required=True, help="a plugin directory with Debezium's JDBC sink")
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--reps", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        run(args)
    except BenchError as e:
        print(f"bench_postgres: {e}", file=sys.stderr)
        return 1
    finally:
        WorkerProcess.kill_all()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
