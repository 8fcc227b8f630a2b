"""The benchmark's scale case (issue #19): N idle FileStreamSource connectors, one task each, on a
3-worker distributed cluster, created by 8 concurrent REST clients. One function, scale(), runs
one system through the whole scenario and returns its figures; it raises BenchError when the
cluster did not get there (a connector or task not RUNNING, a worker whose view disagrees, a count
that is off), which is all the quick test (scale_quick_test.py) asserts.

  create     8 client threads, each on its own keep-alive connection to worker (client % 3),
             PUT /connectors/<c>/config for every 8th connector; a follower forwards to the leader
  running    first PUT -> GET /connectors?expand=status on worker 0 shows every connector and
             task RUNNING; then every worker's listing must show the same states and hosts
  idle       30 s after all RUNNING, the CPU of the 3 workers over 10 s (% of one core), their
             threads (and the threads they had with 0 connectors) and their RSS; on a system that
             serves GET /metrics (Copycat), the median and slowest of 10 GET /metrics on worker 0
             one after the other, and the answer's size
  wrk        GET /connectors?expand=status under wrk -t2 -c16 on worker 0 (p50/p99, requests/s)
  restart    SIGKILL of all 3 -> 3 fresh workers (new ports, so new worker ids) -> every connector
             and task RUNNING on one of the fresh workers
  grow       a 4th worker answers GET /health -> all RUNNING, the newcomer hosts tasks, and the task -> worker
             map stayed the same for `settle_s`; tasks moved (host changed), and tasks restarted
             without moving ("Creating task <id>" lines, which both systems log, in the logs of
             the workers that already ran, beyond those that moved between them)

Used from the driver's single thread; the create step starts its own 8 threads and joins them.
"""

import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time

import bench_cases
from bench_cases import put_connector
from bench_procs import BenchError, WorkerProcess, poll_until
from bench_systems import CopycatSystem, distributed_properties, worker_properties
from bench_wrk import KeepAliveClient, run_wrk, wrk_binary

SOURCE_CLASS = "org.apache.kafka.connect.file.FileStreamSourceConnector"
LISTING = "/connectors?expand=status"
CREATING_TASK = re.compile(r"Creating task (\S+)")


class ScaleSettings:
    """The knobs of the scale case (run_bench.py sets them from its options)."""

    def __init__(self, connectors=1000, clients=8, workers=3, idle_wait_s=30.0, idle_window_s=10.0,
                 wrk_seconds=15.0, wrk_threads=2, wrk_connections=16, settle_s=5.0, start_deadline_s=180.0):
        self.connectors = connectors
        self.clients = clients
        self.workers = workers
        self.idle_wait_s = idle_wait_s
        self.idle_window_s = idle_window_s
        self.wrk_seconds = wrk_seconds
        self.wrk_threads = wrk_threads
        self.wrk_connections = wrk_connections
        self.settle_s = settle_s
        self.start_deadline_s = start_deadline_s

    def running_deadline_s(self):
        return max(180.0, 1.0 * self.connectors)


def _listing(worker):
    """{connector: (connector state, worker, [(task id, state, worker)])} of one worker's
    GET /connectors?expand=status, or None when it did not answer 200 with a JSON object."""
    status, body = worker.call("GET", LISTING, timeout_s=60)
    if status != 200 or not isinstance(body, dict):
        return None
    out = {}
    for name, entry in body.items():
        st = entry.get("status") if isinstance(entry, dict) else None
        if not isinstance(st, dict):
            out[name] = (None, None, [])
            continue
        conn = st.get("connector") or {}
        tasks = sorted((t.get("id"), t.get("state"), t.get("worker_id")) for t in st.get("tasks") or [])
        out[name] = (conn.get("state"), conn.get("worker_id"), tasks)
    return out


def _problems(listing, names, hosts=None):
    """What keeps `listing` from showing every connector of `names` and its one task RUNNING
    (on one of `hosts`, when given): {problem: count}, empty when there is none."""
    found = {}

    def note(what):
        found[what] = found.get(what, 0) + 1

    if listing is None:
        return {"no listing": 1}
    if len(listing) != len(names):
        note(f"{len(listing)} connectors listed")
    for name in names:
        entry = listing.get(name)
        if entry is None:
            note("missing")
            continue
        state, host, tasks = entry
        if state != "RUNNING":
            note(f"connector {state}")
        if len(tasks) != 1:
            note(f"{len(tasks)} tasks")
        for _, task_state, task_host in tasks:
            if task_state != "RUNNING":
                note(f"task {task_state}")
            elif hosts is not None and task_host not in hosts:
                note("task on a dead worker")
        if hosts is not None and host not in hosts:
            note("connector on a dead worker")
    return found


def _task_hosts(listing):
    """{"<connector>-<task>": worker id} of a listing."""
    return {f"{name}-{task}": host for name, (_, _, tasks) in listing.items() for task, _, host in tasks}


class _ScaleCluster:
    def __init__(self, system, ctx, settings, rep):
        self.system = system
        self.ctx = ctx
        self.settings = settings
        self.run_dir = ctx.run_dir(f"scale-{system.name}-{rep}")
        self.props = {**worker_properties(ctx.bootstrap, ctx.converter),
                      **distributed_properties(ctx.unique("scale"))}
        self.started = 0
        self.all = []

    def start(self, count):
        fresh = []
        for _ in range(count):
            fresh.append(self.system.start("distributed", self.props, self.run_dir, f"worker-{self.started}"))
            self.started += 1
        self.all += fresh
        for w in fresh:
            w.wait_healthy(self.settings.start_deadline_s)
        return fresh

    def stop_all(self):
        for w in self.all:
            w.stop()

    def logs(self, lines=25):
        return "\n".join(f"--- {w.log_path} ---\n{w.log_tail(lines)}" for w in self.all)

    def wait_running(self, observer, names, deadline_s, hosts=None, what="all RUNNING"):
        """Polls observer's listing until it shows every connector and task RUNNING (on `hosts`);
        returns that listing."""
        last = {}

        def ok():
            if not observer.alive():
                raise BenchError(f"{observer.name} exited with {observer.exit_code}\n{observer.log_tail()}")
            listing = _listing(observer)
            last.clear()
            last.update(_problems(listing, names, hosts))
            return listing if not last else None

        listing = poll_until(deadline_s, ok, 0.5)
        if listing is None:
            raise BenchError(f"{self.system.name}: not {what} within {deadline_s:.0f} s: {last}\n" + self.logs())
        return listing

    def check_views_agree(self, workers, names, reference):
        """Every worker's listing shows what `reference` shows (states and hosts); a worker may lag
        a moment behind the status topic, so each is polled briefly."""
        for w in workers:
            seen = []

            def agrees(w=w):
                listing = _listing(w)
                seen[:] = [listing]
                return listing == reference

            if not poll_until(30, agrees, 0.5):
                listing = seen[0]
                diff = "no listing" if listing is None else \
                    f"{sum(1 for n in names if listing.get(n) != reference.get(n))} connectors differ, e.g. " + \
                    str(next(((n, listing.get(n), reference.get(n)) for n in names
                               if listing.get(n) != reference.get(n)), None))
                raise BenchError(f"{w.name}'s GET {LISTING} disagrees with the others: {diff}")


def _create_all(cluster, workers, names, config, clients):
    """PUT /connectors/<c>/config for every name from `clients` threads (client i takes every
    clients-th name, on worker i % len(workers)); retries 409/5xx/no answer (put_connector).
    Returns the seconds from the first PUT to the last answer."""
    errors = []

    def client(i):
        worker = workers[i % len(workers)]
        conn = KeepAliveClient(worker.port)
        try:
            for name in names[i::clients]:
                put_connector(conn, worker, name, config, 300)
        except BenchError as e:
            errors.append(str(e))
        finally:
            conn.close()

    threads = [threading.Thread(target=client, args=(i,), name=f"scale-client-{i}") for i in range(clients)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise BenchError(errors[0] + "\n" + cluster.logs())
    return time.monotonic() - started


def _log_sizes(workers):
    return {w: os.path.getsize(w.log_path) for w in workers}


def _created_since(sizes):
    """Task ids of "Creating task <id>" lines written to each worker's log since `sizes`."""
    ids = []
    for w, size in sizes.items():
        with open(w.log_path, "rb") as f:
            f.seek(size)
            ids += CREATING_TASK.findall(f.read().decode("utf-8", "replace"))
    return ids


def _metrics_answer_times(worker, requests=10):
    """metrics_ms_median, metrics_ms_max and metrics_kb of GET /metrics (nothing when the system
    does not serve it: Kafka Connect answers 404)."""
    client = KeepAliveClient(worker.port)
    times, size = [], 0
    try:
        for _ in range(requests):
            at = time.monotonic()
            status, body = client.request("GET", "/metrics")
            if status != 200:
                return {}
            times.append((time.monotonic() - at) * 1000)
            size = len(body)
    finally:
        client.close()
    times.sort()
    return {"metrics_ms_median": times[len(times) // 2], "metrics_ms_max": times[-1], "metrics_kb": size / 1024}


def scale(system, ctx, settings, rep):
    """The whole scenario for one system; returns its figures (see the module's docstring)."""
    wrk_binary()  # fails early when wrk is missing
    s = settings
    cluster = _ScaleCluster(system, ctx, s, rep)
    empty_file = os.path.join(cluster.run_dir, "empty.txt")
    open(empty_file, "w").close()
    topic = ctx.unique("scale")
    ctx.create_topic(topic)
    names = [f"scale-{i:05d}" for i in range(s.connectors)]
    config = {"connector.class": SOURCE_CLASS, "tasks.max": "1", "file": empty_file, "topic": topic}
    figures = {"connectors": s.connectors}
    try:
        workers = cluster.start(s.workers)
        figures["threads_idle_worker"] = max(w.threads() for w in workers)
        figures["rss_idle_mb"] = sum(w.rss_kb() for w in workers) / 1024

        started = time.monotonic()
        figures["create_seconds"] = _create_all(cluster, workers, names, config, s.clients)
        listing = cluster.wait_running(workers[0], names, s.running_deadline_s())
        figures["running_seconds"] = time.monotonic() - started
        cluster.check_views_agree(workers, names, listing)

        # Idle: the sleep only paces the reading to a point in time after all RUNNING.
        time.sleep(s.idle_wait_s)
        cpu, at = sum(w.cpu_seconds() for w in workers), time.monotonic()
        time.sleep(s.idle_window_s)
        figures["idle_cpu_percent"] = 100 * (sum(w.cpu_seconds() for w in workers) - cpu) / (time.monotonic() - at)
        figures["threads_worker"] = max(w.threads() for w in workers)
        figures["threads_added_per_worker"] = figures["threads_worker"] - figures["threads_idle_worker"]
        figures["rss_mb"] = sum(w.rss_kb() for w in workers) / 1024
        figures.update(_metrics_answer_times(workers[0]))

        wrk, report = run_wrk(workers[0].url + LISTING, s.wrk_threads, s.wrk_connections, s.wrk_seconds)
        figures.update(wrk)
        if wrk["wrk_non_2xx"] or wrk["wrk_socket_errors"]:
            figures["problem"] = (f"wrk saw {wrk['wrk_non_2xx']} non-2xx answers and {wrk['wrk_socket_errors']} "
                                  f"socket errors:\n{report}")

        # SIGKILL all, then 3 fresh workers: the clock runs until everything runs on them.
        killed_at = time.monotonic()
        for w in workers:
            w.signal(signal.SIGKILL)
        for w in workers:
            w.kill()
        fresh = cluster.start(s.workers)
        hosts = {w.worker_id for w in fresh}
        listing = cluster.wait_running(fresh[0], names, s.running_deadline_s(), hosts,
                                       "all RUNNING on the fresh workers")
        figures["restart_seconds"] = time.monotonic() - killed_at
        cluster.check_views_agree(fresh, names, listing)

        # A 4th worker: done when everything runs, the newcomer hosts tasks, and the task -> worker
        # map has not changed for settle_s.
        before = _task_hosts(listing)
        sizes = _log_sizes(fresh)
        newcomer = cluster.start(1)[0]
        grow_at = time.monotonic()  # the newcomer answers GET /health: it is joining the group
        hosts.add(newcomer.worker_id)
        stable = {"map": None, "since": None}

        def settled():
            current = _listing(fresh[0])
            if _problems(current, names, hosts):
                return None
            mapping = _task_hosts(current)
            now = time.monotonic()
            if newcomer.worker_id not in mapping.values():
                return None
            if mapping != stable["map"]:
                stable.update(map=mapping, since=now, listing=current)
                return None
            return current if now - stable["since"] >= s.settle_s else None

        listing = poll_until(max(120.0, s.running_deadline_s()), settled, 0.5)
        if listing is None:
            raise BenchError(f"{system.name}: the 4th worker got no tasks, or the assignment did not settle: "
                             f"{stable['map'] and sum(1 for h in stable['map'].values() if h == newcomer.worker_id)} "
                             f"tasks on it\n" + cluster.logs())
        figures["grow_seconds"] = stable["since"] - grow_at
        cluster.check_views_agree(fresh + [newcomer], names, listing)
        after = stable["map"]
        moved = {t for t, h in after.items() if before.get(t) != h}
        restarted_on_old = _created_since(sizes)
        figures["tasks_moved"] = len(moved)
        figures["tasks_on_newcomer"] = sum(1 for h in after.values() if h == newcomer.worker_id)
        figures["tasks_restarted_not_moved"] = len([t for t in restarted_on_old if t not in moved])
    finally:
        cluster.stop_all()
    return figures


def run_on_copycat(build_dir, prefix, measure):
    """Runs measure(system, ctx) on the Copycat build in `build_dir` against the broker of
    COPYCAT_BOOTSTRAP_SERVERS, in a fresh work directory; prints the figures it returns. Returns
    the exit code: 0, or 1 after a BenchError (the worker logs are kept then)."""
    workdir = tempfile.mkdtemp(prefix=prefix)
    ok = False
    try:
        ctx = bench_cases.Context(bootstrap=os.environ["COPYCAT_BOOTSTRAP_SERVERS"], workdir=workdir,
                                  tool=os.path.join(build_dir, "integration-tests", "bench", "copycat-bench-kafka"))
        figures = measure(CopycatSystem(build_dir), ctx)
        for key, value in figures.items():
            print(f"{key}: {value:.3f}" if isinstance(value, float) else f"{key}: {value}")
        if "problem" in figures:
            raise BenchError(figures["problem"])
        ok = True
    except BenchError as e:
        print(f"FAILED: {e}", file=sys.stderr)
    finally:
        WorkerProcess.kill_all()
        if ok:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print(f"kept the worker logs in {workdir}", file=sys.stderr)
    return 0 if ok else 1
