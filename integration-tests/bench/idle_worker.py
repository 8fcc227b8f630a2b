#!/usr/bin/env python3
"""What idle connectors cost one worker (issue #19, docs/scale.md): one `copycat distributed`
worker; its threads with 0 connectors; N FileStreamSource connectors (one task each) on an empty
file, or with `--kind sink` N FileStreamSink connectors (one task, so one consumer group, each)
on an empty topic, created by 8 concurrent clients; once all are RUNNING and `--idle-wait`
seconds passed, the worker's CPU over `--window` seconds (% of one core; also per thread name,
from 0.05 %), its threads and RSS; then how long its graceful stop (SIGTERM) takes. Prints the
figures; asserts only that everything ran (all RUNNING), like the scale case it borrows from
(bench_scale.py). Kafka Connect's figures for the same are in docs/benchmarks.md.

  idle_worker.py <build-dir> [--connectors 300] [--kind source|sink] [--idle-wait 10] [--window 20]
      (needs COPYCAT_BOOTSTRAP_SERVERS; run it under deploy/kafka/with-kafka.sh)
"""

import argparse
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench_procs  # noqa: E402
import bench_scale  # noqa: E402


SINK_CLASS = "org.apache.kafka.connect.file.FileStreamSinkConnector"


def measure(system, ctx, connectors, kind, idle_wait_s, window_s):
    settings = bench_scale.ScaleSettings(connectors=connectors, workers=1)
    cluster = bench_scale._ScaleCluster(system, ctx, settings, 0)
    topic = ctx.unique("idle")
    ctx.create_topic(topic)
    names = [f"idle-{i:05d}" for i in range(connectors)]
    if kind == "sink":
        # Nothing is ever written to the topic, so the shared output file stays empty.
        out_file = os.path.join(cluster.run_dir, "sink-out.txt")
        config = {"connector.class": SINK_CLASS, "tasks.max": "1", "file": out_file, "topics": topic}
    else:
        empty_file = os.path.join(cluster.run_dir, "empty.txt")
        open(empty_file, "w").close()
        config = {"connector.class": bench_scale.SOURCE_CLASS, "tasks.max": "1", "file": empty_file, "topic": topic}
    figures = {"connectors": connectors, "kind": kind}
    try:
        worker = cluster.start(1)[0]
        time.sleep(idle_wait_s)  # paces the reading only: the worker's start-up has settled
        figures["threads_0_connectors"] = worker.threads()
        cpu, at = worker.cpu_seconds(), time.monotonic()
        time.sleep(window_s)
        figures["idle_cpu_percent_0_connectors"] = 100 * (worker.cpu_seconds() - cpu) / (time.monotonic() - at)
        started = time.monotonic()
        bench_scale._create_all(cluster, [worker], names, config, settings.clients)
        cluster.wait_running(worker, names, settings.running_deadline_s())
        figures["running_seconds"] = time.monotonic() - started
        time.sleep(idle_wait_s)
        cpu, by_thread, at = worker.cpu_seconds(), bench_procs.thread_cpu_seconds(worker.pid), time.monotonic()
        time.sleep(window_s)
        after = bench_procs.thread_cpu_seconds(worker.pid)
        elapsed = time.monotonic() - at
        figures["idle_cpu_percent"] = 100 * (worker.cpu_seconds() - cpu) / elapsed
        # Where it goes, by thread name (threads that started or ended meanwhile count from 0).
        for name in sorted(after, key=lambda n: by_thread.get(n, 0.0) - after[n]):
            share = 100 * (after[name] - by_thread.get(name, 0.0)) / elapsed
            if share >= 0.05:
                figures[f"idle_cpu_percent[{name}]"] = share
        figures["threads"] = worker.threads()
        figures["threads_added"] = figures["threads"] - figures["threads_0_connectors"]
        figures["rss_mb"] = worker.rss_kb() / 1024
        # The worker's graceful stop (SIGTERM to exit) with every task still running.
        at = time.monotonic()
        worker.stop()
        figures["stop_seconds"] = time.monotonic() - at
        figures["tasks_stopped_late"] = worker.log_text().count("Graceful stop of task")
    finally:
        cluster.stop_all()
    return figures


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("build_dir")
    parser.add_argument("--connectors", type=int, default=300)
    parser.add_argument("--kind", choices=["source", "sink"], default="source")
    parser.add_argument("--idle-wait", type=float, default=10.0)
    parser.add_argument("--window", type=float, default=20.0)
    args = parser.parse_args(argv)
    if not os.environ.get("COPYCAT_BOOTSTRAP_SERVERS"):
        parser.error("COPYCAT_BOOTSTRAP_SERVERS is not set")
    return bench_scale.run_on_copycat(
        os.path.abspath(args.build_dir), "copycat-idle-worker.",
        lambda system, ctx: measure(system, ctx, args.connectors, args.kind, args.idle_wait, args.window))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
