"""The benchmark cases. Each function runs one measurement of one system (or of librdkafka alone)
and returns a dict of figures; it raises BenchError when the case could not be measured, and
stops every process it started, whatever happens.

  file_pipeline    N lines: FileStreamSource -> topic -> FileStreamSink, standalone worker
  source_eos       N lines: FileStreamSource -> topic, one distributed worker with
                   exactly.once.source.support disabled or enabled (connector exactly.once.support=
                   required), until a read_committed consumer saw every line
  startup          process start -> GET /health 200, and RSS 10 s after start (idle footprint)
  rebalance        3 distributed workers, 6 tasks: SIGTERM / SIGKILL of one worker -> all tasks
                   RUNNING again on the survivors, as GET /connectors/<c>/status shows it
  rest_listing     standalone worker with N (1,000) idle connectors: time to create them and to see
                   them all RUNNING, RSS and idle CPU with them, GET /connectors?expand=status
                   alone and under wrk (p50/p99 latency, requests/s, response size)
  producer_limit   librdkafka alone producing the same records to the same broker
"""

import filecmp
import itertools
import json
import os
import re
import signal
import subprocess
import time

from bench_procs import BenchError, poll_until
from bench_systems import PROBE_CLASS, distributed_properties, worker_properties
from bench_wrk import KeepAliveClient, run_wrk, timed_get, wrk_binary

_names = itertools.count()

SOURCE_CLASS = "org.apache.kafka.connect.file.FileStreamSourceConnector"
SINK_CLASS = "org.apache.kafka.connect.file.FileStreamSinkConnector"
PROBE_CONNECTOR = "bench-probe"


class Context:
    """Settings shared by every case (see run_bench.py for their meaning)."""

    def __init__(self, **kwargs):
        self.bootstrap = None
        self.workdir = None
        self.tool = None
        self.input_file = None
        self.records = 0
        self.input_bytes = 0
        self.converter = "string"
        self.start_deadline_s = 180
        self.idle_after_s = 10
        self.workers = 3
        self.tasks = 6
        self.rest_connectors = 1000
        self.wrk_seconds = 15.0
        self.wrk_threads = 2
        self.wrk_connections = 16
        self.idle_cpu_window_s = 5.0
        self.single_requests = 10
        self.rest_stop_deadline_s = 60
        self.__dict__.update(kwargs)

    def unique(self, what):
        return f"bench-{os.getpid()}-{next(_names)}-{what}"

    def run_dir(self, tag):
        path = os.path.join(self.workdir, tag)
        os.makedirs(path, exist_ok=True)
        return path

    def create_topic(self, topic, partitions=1):
        out = subprocess.run([self.tool, "create-topic", self.bootstrap, topic, str(partitions)],
                             capture_output=True, text=True, check=False, timeout=120)
        if out.returncode != 0:
            raise BenchError(f"creating topic {topic} failed: {out.stderr.strip()}")


def write_input(path, records, record_bytes):
    """`records` distinct lines of `record_bytes` characters (plus '\\n'): a 10-digit number, a
    space and filler. Returns the file's size."""
    filler = ("the quick brown fox jumps over the lazy dog " * (record_bytes // 40 + 2))
    with open(path, "w") as f:
        for i in range(records):
            head = f"{i:010d} "
            f.write(head + filler[: record_bytes - len(head)] + "\n")
    return os.path.getsize(path)


def check_delivery(input_file, sink_file, records):
    """(delivered distinct input lines, extra lines) of the sink file; the fast path is a byte
    comparison, the slow one a set check (re-deliveries are allowed, losses are not)."""
    if filecmp.cmp(input_file, sink_file, shallow=False):
        return records, 0
    with open(input_file, "rb") as f:
        wanted = set(f.read().splitlines())
    seen = set()
    total = 0
    with open(sink_file, "rb") as f:
        for line in f.read().splitlines():
            total += 1
            if line in wanted:
                seen.add(line)
    return len(seen), total - len(seen)


def _size(path):
    try:
        return os.path.getsize(path)
    except OSError:
        return 0


def _create_connector(worker, name, config, deadline_s=60):
    """PUT /connectors/<name>/config, retrying while the worker answers 409 (rebalance) or 5xx."""
    last = []

    def created():
        status, body = worker.call("PUT", f"/connectors/{name}/config", config)
        last[:] = [status, body]
        if status in (200, 201):
            return True
        if status is not None and status != 409 and status < 500:
            raise BenchError(f"{worker.name}: creating {name} answered {status}: {body}")
        return False

    if not poll_until(deadline_s, created, 0.2):
        raise BenchError(f"{worker.name}: creating {name} failed: {last}")


def file_pipeline(system, ctx, rep):
    """Wall time from the creation of the sink and source connectors to the last line in the sink
    file, the worker's CPU seconds over that time, and its peak RSS."""
    tag = f"pipeline-{system.name}-{rep}"
    run_dir = ctx.run_dir(tag)
    topic = ctx.unique("lines")
    ctx.create_topic(topic)
    sink_file = os.path.join(run_dir, "sink.txt")
    props = {**worker_properties(ctx.bootstrap, ctx.converter),
             "offset.storage.file.filename": os.path.join(run_dir, "offsets")}
    worker = system.start("standalone", props, run_dir, "worker")
    try:
        worker.wait_healthy(ctx.start_deadline_s)
        cpu_before = worker.cpu_seconds()
        started = time.monotonic()
        _create_connector(worker, "bench-sink", {"connector.class": SINK_CLASS, "tasks.max": "1",
                                                 "file": sink_file, "topics": topic})
        _create_connector(worker, "bench-source", {"connector.class": SOURCE_CLASS, "tasks.max": "1",
                                                   "file": ctx.input_file, "topic": topic})

        def complete():
            if not worker.alive():
                raise BenchError(f"{worker.name} exited with {worker.exit_code}\n{worker.log_tail()}")
            return _size(sink_file) >= ctx.input_bytes

        deadline = max(120.0, ctx.records / 2000.0)
        done = poll_until(deadline, complete, 0.02)
        finished = time.monotonic()
        cpu = worker.cpu_seconds() - cpu_before
        peak_rss_kb = worker.peak_rss_kb()
        if not done:
            delivered, _ = check_delivery(ctx.input_file, sink_file, ctx.records) if os.path.exists(sink_file) \
                else (0, 0)
            raise BenchError(f"{worker.name}: only {delivered} of {ctx.records} records reached the sink file "
                             f"within {deadline:.0f} s\n{worker.log_tail()}")
    finally:
        worker.stop()
    delivered, extra = check_delivery(ctx.input_file, sink_file, ctx.records)
    seconds = finished - started
    return {"seconds": seconds, "records_per_second": ctx.records / seconds, "cpu_seconds": cpu,
            "peak_rss_mb": peak_rss_kb / 1024, "delivered": delivered, "redelivered": extra,
            "all_delivered": delivered == ctx.records}


def source_eos(system, ctx, eos, rep):
    """File source -> Kafka on a one-worker distributed cluster, exactly.once.source.support
    `eos` ("disabled" or "enabled"; then the connector says exactly.once.support=required and
    every poll() batch is one transaction with its offsets, Kafka's default boundary): wall time
    from the connector's creation until a read_committed consumer (copycat-bench-kafka count, a
    process of its own started before) saw every line, the worker's CPU seconds over that time,
    its peak RSS, and the lines the consumer saw twice."""
    tag = f"source-eos-{eos}-{system.name}-{rep}"
    run_dir = ctx.run_dir(tag)
    topic = ctx.unique("eos")
    props = {**worker_properties(ctx.bootstrap, ctx.converter), **distributed_properties(ctx.unique("eos")),
             "exactly.once.source.support": eos}
    connector = {"connector.class": SOURCE_CLASS, "tasks.max": "1", "file": ctx.input_file, "topic": topic}
    if eos == "enabled":
        connector["exactly.once.support"] = "required"
    deadline = max(120, int(ctx.records / 2000))
    worker = system.start("distributed", props, run_dir, "worker")
    counter = None
    try:
        worker.wait_healthy(ctx.start_deadline_s)
        ctx.create_topic(topic)
        counter = subprocess.Popen([ctx.tool, "count", ctx.bootstrap, topic, str(ctx.records), str(deadline)],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        cpu_before = worker.cpu_seconds()
        started = time.monotonic()
        _create_connector(worker, "bench-eos-source", connector)

        def counted():
            if not worker.alive():
                raise BenchError(f"{worker.name} exited with {worker.exit_code}\n{worker.log_tail()}")
            return counter.poll() is not None

        poll_until(deadline + 30, counted, 0.02)
        finished = time.monotonic()
        cpu = worker.cpu_seconds() - cpu_before
        peak_rss_kb = worker.peak_rss_kb()
        status, body = worker.call("GET", "/connectors/bench-eos-source/status")
    finally:
        if counter is not None and counter.poll() is None:
            counter.kill()
        worker.stop()
    out, err = counter.communicate()
    if counter.returncode != 0 or not out.strip():
        raise BenchError(f"{worker.name}: the read_committed consumer did not see every line (exit "
                         f"{counter.returncode}): {out.strip()} {err.strip()[-500:]}; status {status} {body}\n"
                         f"{worker.log_tail()}")
    figures = json.loads(out.strip().splitlines()[-1])
    seconds = finished - started
    return {"seconds": seconds, "records_per_second": ctx.records / seconds, "cpu_seconds": cpu,
            "records_per_cpu_second": ctx.records / cpu if cpu > 0 else None,
            "peak_rss_mb": peak_rss_kb / 1024, "delivered": figures["distinct"],
            "redelivered": figures["duplicates"], "all_delivered": figures["distinct"] == ctx.records}


def startup(system, ctx, mode, rep):
    """Seconds from process start to GET /health answering 200, CPU seconds used by then, and the
    resident memory 10 s (idle_after_s) after start with no connectors."""
    tag = f"startup-{mode}-{system.name}-{rep}"
    run_dir = ctx.run_dir(tag)
    props = worker_properties(ctx.bootstrap, ctx.converter)
    if mode == "standalone":
        props["offset.storage.file.filename"] = os.path.join(run_dir, "offsets")
    else:
        props.update(distributed_properties(ctx.unique("startup")))
    worker = system.start(mode, props, run_dir, "worker")
    try:
        ready = worker.wait_healthy(ctx.start_deadline_s)
        cpu_at_ready = worker.cpu_seconds()
        status, body = worker.call("GET", "/connectors")
        if status != 200 or body != []:
            raise BenchError(f"{worker.name}: GET /connectors answered {status} {body}")
        target = worker.launched + ctx.idle_after_s
        # Paces the reading to a point in time (no synchronisation): until then, or an early exit.
        poll_until(ctx.idle_after_s + 5, lambda: time.monotonic() >= target or not worker.alive(), 0.05)
        if not worker.alive():
            raise BenchError(f"{worker.name} exited with {worker.exit_code}\n{worker.log_tail()}")
        idle_rss_kb = worker.rss_kb()
        idle_at = time.monotonic() - worker.launched
        idle_cpu = worker.cpu_seconds()
    finally:
        worker.stop()
    return {"ready_seconds": ready, "cpu_seconds_to_ready": cpu_at_ready, "idle_rss_mb": idle_rss_kb / 1024,
            "idle_measured_at_seconds": idle_at, "cpu_seconds_at_idle": idle_cpu}


# "Joined group at generation N ..." with the leader's URL: Copycat writes "(leader M at URL)",
# Kafka Connect "Assignment{..., leaderUrl='URL', ...}".
_JOINED = re.compile(r"Joined group at generation (\d+)(.*)")
_LEADER_URL = (re.compile(r"\(leader \S+ at (http://[^)\s]+)\)"), re.compile(r"leaderUrl='(http://[^']+)'"))


def _leader_url(workers):
    best = (-1, None)
    for w in workers:
        for line in w.log_text().splitlines():
            m = _JOINED.search(line)
            if not m:
                continue
            for pattern in _LEADER_URL:
                u = pattern.search(m.group(2))
                if u and int(m.group(1)) > best[0]:
                    best = (int(m.group(1)), u.group(1).rstrip("/"))
    return best[1]


class _Cluster:
    """The workers of one distributed rebalance measurement."""

    def __init__(self, system, ctx, rep):
        self.system = system
        self.ctx = ctx
        self.run_dir = ctx.run_dir(f"rebalance-{system.name}-{rep}")
        self.probe_dir = os.path.join(self.run_dir, "probe")
        os.makedirs(self.probe_dir, exist_ok=True)
        self.props = {**worker_properties(ctx.bootstrap, ctx.converter),
                      **distributed_properties(ctx.unique("rebalance"))}
        self.starts = 0
        self.workers = []

    def start_worker(self):
        worker = self.system.start("distributed", self.props, self.run_dir, f"worker-{self.starts}")
        self.starts += 1
        self.workers.append(worker)
        return worker

    def alive(self):
        return [w for w in self.workers if w.alive()]

    def stop_all(self):
        for w in self.workers:
            w.stop()

    def logs(self):
        return "\n".join(f"--- {w.log_path} ---\n{w.log_tail(25)}" for w in self.workers)

    def states(self, observer):
        return observer.task_states(PROBE_CONNECTOR)

    def wait_running(self, observer, deadline_s, exclude=None, must_host=None):
        """Waits until every task is RUNNING (on a worker other than `exclude`, and with at least
        one on `must_host` when given); True when that happened in time."""
        def ok():
            states = self.states(observer)
            if len(states) != self.ctx.tasks or any(s != "RUNNING" for _, s, _ in states):
                return False
            hosts = {w for _, _, w in states}
            if exclude is not None and exclude in hosts:
                return False
            return must_host is None or must_host in hosts
        return bool(poll_until(deadline_s, ok, 0.05))

    def victim(self, observer):
        """A running worker that runs tasks and is not the group leader (when the leader is
        known); the leader's death would add a leader election to the measurement."""
        leader = _leader_url(self.alive())
        hosts = {w for _, _, w in self.states(observer)}
        candidates = [w for w in self.alive() if w.worker_id in hosts]
        if not candidates:
            raise BenchError("no running worker runs a task\n" + self.logs())
        followers = [w for w in candidates if w.url != leader]
        return (followers or candidates)[0]

    def measure_loss(self, sig):
        """Signals a victim and times until all tasks are RUNNING on the other workers."""
        observer = next(w for w in self.alive())
        victim = self.victim(observer)
        observer = next(w for w in self.alive() if w is not victim)
        started = time.monotonic()
        victim.signal(sig)
        if not self.wait_running(observer, 180, exclude=victim.worker_id):
            raise BenchError(f"tasks did not all run again within 180 s of {signal.Signals(sig).name} "
                             f"to {victim.name}: {self.states(observer)}\n" + self.logs())
        seconds = time.monotonic() - started
        if victim.wait_exit(60) is None:
            victim.kill()
        return seconds, victim


def rebalance(system, ctx, rep):
    """Seconds until all tasks run again after SIGTERM and after SIGKILL of one of 3 workers."""
    cluster = _Cluster(system, ctx, rep)
    try:
        for _ in range(ctx.workers):
            cluster.start_worker()
        for w in cluster.workers:
            w.wait_healthy(ctx.start_deadline_s)
        first = cluster.workers[0]
        _create_connector(first, PROBE_CONNECTOR, {"connector.class": PROBE_CLASS, "tasks.max": str(ctx.tasks),
                                                   "probe.dir": cluster.probe_dir})
        if not cluster.wait_running(first, 120):
            raise BenchError(f"the {ctx.tasks} tasks did not all run: {cluster.states(first)}\n" + cluster.logs())
        term_seconds, victim = cluster.measure_loss(signal.SIGTERM)
        # Bring the cluster back to 3 workers, and wait until the newcomer got work again.
        newcomer = cluster.start_worker()
        newcomer.wait_healthy(ctx.start_deadline_s)
        rebalanced = cluster.wait_running(newcomer, 120, must_host=newcomer.worker_id)
        kill_seconds, _ = cluster.measure_loss(signal.SIGKILL)
    finally:
        cluster.stop_all()
    return {"sigterm_seconds": term_seconds, "sigkill_seconds": kill_seconds,
            "restarted_worker_got_tasks": rebalanced, "first_victim": victim.name}


def producer_limit(ctx, rep):
    """librdkafka alone: the same records, produced to a fresh one-partition topic."""
    topic = ctx.unique(f"limit-{rep}")
    ctx.create_topic(topic)
    command = [ctx.tool, "produce", ctx.bootstrap, topic, ctx.input_file]
    if ctx.converter == "json":
        command.append("--json-envelope")
    out = subprocess.run(command, capture_output=True, text=True, check=False, timeout=1200)
    if out.returncode != 0:
        raise BenchError(f"copycat-bench-kafka produce failed: {out.stderr.strip()}")
    figures = json.loads(out.stdout.strip().splitlines()[-1])
    return {"seconds": figures["seconds"], "records_per_second": figures["records_per_second"],
            "cpu_seconds": figures["cpu_seconds"], "peak_rss_mb": figures["peak_rss_kb"] / 1024,
            "delivered": figures["records"], "all_delivered": figures["records"] == ctx.records}


REST_LISTING = "/connectors?expand=status"


def put_connector(client, worker, name, config, deadline_s=120):
    """PUT /connectors/<name>/config on the keep-alive connection; retries while no answer came
    or the worker answered 409/5xx (as _create_connector)."""
    body = json.dumps(config)
    end = time.monotonic() + deadline_s
    while True:
        status, text = client.request("PUT", f"/connectors/{name}/config", body)
        if status in (200, 201):
            return
        if status is not None and status != 409 and status < 500:
            raise BenchError(f"{worker.name}: creating {name} answered {status}: {text}")
        if not worker.alive():
            raise BenchError(f"{worker.name} exited with {worker.exit_code}\n{worker.log_tail()}")
        if time.monotonic() >= end:
            raise BenchError(f"{worker.name}: creating {name} failed: {status} {text}\n{worker.log_tail()}")
        time.sleep(0.2)


def _listing_states(body, names):
    """{state: count} over the connectors and their tasks in a GET /connectors?expand=status body;
    a connector absent from it, or with no task yet, counts as MISSING / NO_TASK."""
    counts = {}

    def count(state):
        counts[state] = counts.get(state, 0) + 1

    for name in names:
        status = body.get(name, {}).get("status") if isinstance(body, dict) else None
        if not isinstance(status, dict):
            count("MISSING")
            continue
        count(status.get("connector", {}).get("state"))
        tasks = status.get("tasks") or []
        if not tasks:
            count("NO_TASK")
        for task in tasks:
            count(task.get("state"))
    return counts


def _wait_all_running(worker, names, deadline_s):
    """Polls GET /connectors?expand=status until every connector and its task is RUNNING."""
    last = {}

    def all_running():
        if not worker.alive():
            raise BenchError(f"{worker.name} exited with {worker.exit_code}\n{worker.log_tail()}")
        status, body = worker.call("GET", REST_LISTING, timeout_s=60)
        if status != 200:
            last.clear()
            last["HTTP"] = status
            return False
        last.clear()
        last.update(_listing_states(body, names))
        return set(last) == {"RUNNING"} and last["RUNNING"] == 2 * len(names)

    if not poll_until(deadline_s, all_running, 0.5):
        raise BenchError(f"{worker.name}: not all {len(names)} connectors and tasks RUNNING within {deadline_s:.0f} s: "
                         f"{last}\n{worker.log_tail()}")


def rest_listing(system, ctx, rep):
    """A standalone worker with ctx.rest_connectors idle FileStreamSource connectors (one task
    each, reading an empty file): seconds to create them one by one over REST and until all run,
    RSS and idle CPU with them, then GET /connectors?expand=status unloaded (median of
    ctx.single_requests on fresh connections) and under wrk (p50/p99 latency, requests/s), the
    worker's CPU during the wrk run, and the seconds SIGTERM takes to stop the worker (killed, and
    noted as such, after ctx.rest_stop_deadline_s)."""
    wrk_binary()  # fails early when wrk is missing
    tag = f"rest-{system.name}-{rep}"
    run_dir = ctx.run_dir(tag)
    empty_file = os.path.join(run_dir, "empty.txt")
    open(empty_file, "w").close()
    topic = ctx.unique("rest")
    ctx.create_topic(topic)
    names = [f"rest-{i:04d}" for i in range(ctx.rest_connectors)]
    config = {"connector.class": SOURCE_CLASS, "tasks.max": "1", "file": empty_file, "topic": topic}
    props = {**worker_properties(ctx.bootstrap, ctx.converter),
             "offset.storage.file.filename": os.path.join(run_dir, "offsets")}
    worker = system.start("standalone", props, run_dir, "worker")
    figures = {"connectors": len(names)}
    stop_started = None
    try:
        worker.wait_healthy(ctx.start_deadline_s)
        cpu_before = worker.cpu_seconds()
        client = KeepAliveClient(worker.port)
        create_ms = []
        started = time.monotonic()
        for name in names:
            one = time.perf_counter()
            put_connector(client, worker, name, config)
            create_ms.append((time.perf_counter() - one) * 1e3)
        created = time.monotonic()
        client.close()
        _wait_all_running(worker, names, max(120.0, 0.5 * len(names)))
        running = time.monotonic()
        create_ms.sort()
        figures.update({"create_seconds": created - started, "create_ms_median": create_ms[len(create_ms) // 2],
                        "create_ms_max": create_ms[-1], "running_seconds": running - started,
                        "cpu_seconds_to_running": worker.cpu_seconds() - cpu_before,
                        "rss_mb": worker.rss_kb() / 1024, "threads": worker.threads()})

        # Idle: the CPU the worker burns with every connector waiting for data. The sleep only
        # paces the reading.
        cpu_idle, idle_at = worker.cpu_seconds(), time.monotonic()
        time.sleep(ctx.idle_cpu_window_s)
        figures["idle_cpu_percent"] = 100 * (worker.cpu_seconds() - cpu_idle) / (time.monotonic() - idle_at)

        singles = []
        for _ in range(ctx.single_requests):
            status, body, seconds = timed_get(worker.port, REST_LISTING)
            if status != 200:
                raise BenchError(f"{worker.name}: GET {REST_LISTING} answered {status}: {body[:300]!r}")
            singles.append(seconds * 1e3)
            time.sleep(0.1)  # paces the requests: one at a time, with the worker idle in between
        states = _listing_states(json.loads(body), names)
        if states != {"RUNNING": 2 * len(names)}:
            raise BenchError(f"{worker.name}: GET {REST_LISTING} shows {states}")
        figures.update({"single_ms": sorted(singles)[len(singles) // 2], "single_first_ms": singles[0],
                        "response_kib": len(body) / 1024})

        cpu_load, load_at = worker.cpu_seconds(), time.monotonic()
        wrk, report = run_wrk(worker.url + REST_LISTING, ctx.wrk_threads, ctx.wrk_connections, ctx.wrk_seconds)
        figures["wrk_worker_cpu_percent"] = 100 * (worker.cpu_seconds() - cpu_load) / (time.monotonic() - load_at)
        figures.update(wrk)
        figures["peak_rss_mb"] = worker.peak_rss_kb() / 1024
        if not worker.alive():
            raise BenchError(f"{worker.name} exited with {worker.exit_code} under load\n{worker.log_tail()}")
        if wrk["wrk_non_2xx"] or wrk["wrk_socket_errors"]:
            figures["problem"] = (f"wrk saw {wrk['wrk_non_2xx']} non-2xx answers and {wrk['wrk_socket_errors']} "
                                  f"socket errors:\n{report}")
        stop_started = time.monotonic()
    finally:
        worker.stop(ctx.rest_stop_deadline_s)
    figures["stop_exit_code"] = worker.exit_code
    if worker.exit_code == -signal.SIGKILL:  # still running at the deadline: killed
        figures["stop_killed_after_seconds"] = ctx.rest_stop_deadline_s
    else:
        figures["stop_seconds"] = time.monotonic() - stop_started
    return figures
