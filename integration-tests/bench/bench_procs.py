"""Processes, /proc readings, HTTP and polling for the benchmark driver (run_bench.py).

A WorkerProcess is one Kafka Connect worker (Copycat or Apache Kafka Connect) started as a child
process with its output in a log file; it knows its REST port, answers health and status
questions over HTTP, and reports its CPU time and memory from /proc. Every wait is a poll with a
deadline. Used from the driver's single thread.
"""

import json
import os
import re
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request

CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


class BenchError(Exception):
    """A case could not be measured (a worker did not start, data did not arrive, ...)."""


def poll_until(deadline_s, check, interval_s=0.05):
    """Calls check() until it returns a truthy value or deadline_s seconds pass; returns that
    value, or None at the deadline. Sleeping between polls only paces the loop."""
    end = time.monotonic() + deadline_s
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() >= end:
            return None
        time.sleep(interval_s)


def free_port():
    """A loopback port that was free a moment ago (the OS picked it for a socket we closed)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http(method, url, body=None, timeout_s=10.0):
    """(status, parsed JSON or text) of one request; (None, reason) when no answer came."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    request.add_header("Accept", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=timeout_s) as reply:
            return reply.status, _decode(reply.read())
    except urllib.error.HTTPError as e:
        return e.code, _decode(e.read())
    except (urllib.error.URLError, ConnectionError, socket.timeout, OSError) as e:
        return None, str(e)


def _decode(raw):
    text = raw.decode("utf-8", "replace")
    try:
        return json.loads(text) if text else None
    except ValueError:
        return text


def proc_cpu_seconds(pid):
    """User + system CPU seconds of the process (all its threads) so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # After the command name: state is field 3, utime field 14, stime field 15 (1-based).
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def thread_cpu_seconds(pid):
    """{thread name: CPU seconds so far, summed over the threads of that name}; the librdkafka
    broker threads ("rdk:broker<n>") count as one name, "rdk:broker". Read from
    /proc/<pid>/task/<tid>/schedstat (time on a CPU in nanoseconds), not from the 10 ms ticks of
    `stat`: an idle thread that runs for a fraction of a millisecond a second shows there."""
    out = {}
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                name = f.read().rstrip("\n")
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                on_cpu_ns = int(f.read().split()[0])
        except OSError:
            continue  # the thread ended meanwhile
        if name.startswith("rdk:broker"):
            name = "rdk:broker"
        out[name] = out.get(name, 0.0) + on_cpu_ns / 1e9
    return out


def proc_status_kb(pid, key):
    """A kB value of /proc/<pid>/status, e.g. VmRSS (resident now) or VmHWM (peak resident)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    raise BenchError(f"no {key} in /proc/{pid}/status")


class WorkerProcess:
    """One worker process. `port` is known up front (Java: chosen free port) or read from the
    log line "REST server listening on http://HOST:PORT/" (Copycat with listeners on port 0)."""

    COPYCAT_LISTENING = re.compile(r"REST server listening on http://[^:/\s]+:(\d+)/")
    running = set()  # every started process not yet seen to exit, for kill_all()

    def __init__(self, name, command, log_path, port=None, env=None):
        self.name = name
        self.command = command
        self.log_path = log_path
        self.port = port
        self._log = open(log_path, "wb")
        self.launched = time.monotonic()
        try:
            self.proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=self._log,
                                         stderr=subprocess.STDOUT, env=env, start_new_session=True)
        except OSError as e:
            self._log.close()
            raise BenchError(f"{name}: cannot start {command[0]}: {e}") from e
        self.pid = self.proc.pid
        self.exit_code = None
        WorkerProcess.running.add(self)

    # --- lifecycle -------------------------------------------------------------------------
    def alive(self):
        if self.exit_code is None:
            self.exit_code = self.proc.poll()
        if self.exit_code is not None:
            WorkerProcess.running.discard(self)
        return self.exit_code is None

    @classmethod
    def kill_all(cls):
        """SIGKILLs every worker still running (the driver's clean-up on any exit)."""
        for worker in list(cls.running):
            worker.kill()

    def log_text(self):
        with open(self.log_path, "rb") as f:
            return f.read().decode("utf-8", "replace")

    def log_tail(self, lines=40):
        return "\n".join(self.log_text().splitlines()[-lines:])

    def _fail(self, what):
        raise BenchError(f"{self.name}: {what}\n--- last lines of {self.log_path} ---\n{self.log_tail()}")

    def wait_port(self, deadline_s):
        if self.port is not None:
            return self.port

        def found():
            if not self.alive():
                self._fail(f"exited with {self.exit_code} before its REST server listened")
            m = self.COPYCAT_LISTENING.search(self.log_text())
            return int(m.group(1)) if m else None

        self.port = poll_until(deadline_s, found, 0.01)
        if self.port is None:
            self._fail(f"no REST port after {deadline_s} s")
        return self.port

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    @property
    def worker_id(self):
        return f"127.0.0.1:{self.port}"

    def wait_healthy(self, deadline_s):
        """Polls GET /health until it answers 200; returns seconds since launch."""
        end = time.monotonic() + deadline_s
        self.wait_port(deadline_s)

        def healthy():
            if not self.alive():
                self._fail(f"exited with {self.exit_code} during start-up")
            status, _ = http("GET", self.url + "/health", timeout_s=5)
            return status == 200

        if not poll_until(max(0.0, end - time.monotonic()), healthy, 0.02):
            self._fail(f"GET /health did not answer 200 within {deadline_s} s")
        return time.monotonic() - self.launched

    def signal(self, sig):
        if self.alive():
            os.kill(self.pid, sig)

    def wait_exit(self, deadline_s):
        try:
            self.exit_code = self.proc.wait(timeout=deadline_s)
        except subprocess.TimeoutExpired:
            return None
        WorkerProcess.running.discard(self)
        return self.exit_code

    def stop(self, deadline_s=60):
        """SIGTERM, then SIGKILL when it has not exited within deadline_s; returns the exit code."""
        if self.alive():
            self.signal(signal.SIGTERM)
            if self.wait_exit(deadline_s) is None:
                self.kill()
        self._log.close()
        return self.exit_code

    def kill(self):
        if self.alive():
            self.signal(signal.SIGKILL)
        self.wait_exit(60)
        self._log.close()
        return self.exit_code

    # --- measurements ------------------------------------------------------------------------
    def cpu_seconds(self):
        return proc_cpu_seconds(self.pid)

    def rss_kb(self):
        return proc_status_kb(self.pid, "VmRSS")

    def peak_rss_kb(self):
        return proc_status_kb(self.pid, "VmHWM")

    def threads(self):
        return proc_status_kb(self.pid, "Threads")  # a count, not kB: the same "Key: N" line

    # --- REST --------------------------------------------------------------------------------
    def call(self, method, path, body=None, timeout_s=10.0):
        return http(method, self.url + path, body, timeout_s)

    def task_states(self, connector):
        """[(task id, state, worker id)] from GET /connectors/<c>/status; [] when unknown."""
        status, body = self.call("GET", f"/connectors/{connector}/status", timeout_s=5)
        if status != 200 or not isinstance(body, dict):
            return []
        return [(t.get("id"), t.get("state"), t.get("worker_id")) for t in body.get("tasks", [])]


def log_tails(processes, lines=30):
    """The last lines of each process's log, one block per process (for a failed test's report)."""
    out = []
    for p in processes:
        try:
            out.append(f"--- {p.name} ({p.log_path}) ---\n{p.log_tail(lines)}")
        except OSError as e:
            out.append(f"--- {p.name}: {e}")
    return "\n".join(out)


def kafka_lib_dir(repo, version=None):
    """Kafka's jar dir as deploy/kafka/kafka.sh lib-dir [version] prints it (fetching the jars if
    needed): the broker's release, or `version`'s."""
    command = [os.path.join(repo, "deploy", "kafka", "kafka.sh"), "lib-dir"] + ([version] if version else [])
    out = subprocess.run(command, capture_output=True, text=True, check=False)
    if out.returncode != 0 or not out.stdout.strip():
        raise BenchError(f"cannot find Kafka's jars ({' '.join(command[1:])}): {out.stderr}")
    return out.stdout.strip()
