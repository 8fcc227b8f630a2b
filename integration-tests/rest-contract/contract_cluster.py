"""The 2-worker Connect cluster the REST contract suite runs against, and connector helpers.

ContractCluster starts two distributed workers of one system -- Copycat (`copycat distributed`)
or Apache Kafka Connect (ConnectDistributed from Kafka's jars) -- with a fresh group and fresh
internal topics on the test broker, using the benchmark's launchers (integration-tests/bench,
imported, not changed). It waits until both answer GET /health and until a connector written
through either worker runs, so that the tests start on a formed group. Owned by the session
fixture in conftest.py; used from pytest's single thread.
"""

import itertools
import os
import sys
import uuid

from contract_http import RestClient, assert_status, wait_for

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bench"))

from bench_procs import WorkerProcess, log_tails  # noqa: E402
from bench_systems import (  # noqa: E402
    PROBE_CLASS,
    CopycatSystem,
    JavaSystem,
    compile_java_twins,
    distributed_properties,
    worker_properties,
)

FILE_SOURCE = "org.apache.kafka.connect.file.FileStreamSourceConnector"
FILE_SINK = "org.apache.kafka.connect.file.FileStreamSinkConnector"
PROBE = PROBE_CLASS
START_DEADLINE_S = 120.0


class ContractCluster:
    def __init__(self, system_name, build_dir, kafka_lib, bootstrap, workdir):
        self.system_name = system_name
        self.bootstrap = bootstrap
        self.workdir = workdir
        self.run_id = uuid.uuid4().hex[:8]
        self._counter = itertools.count()
        if system_name == "java":
            probe = compile_java_twins(os.path.join(HERE, "..", "bench", "java"), kafka_lib,
                                       os.path.join(workdir, "java-probe"))
            self.system = JavaSystem(kafka_lib, probe, workdir)
        else:
            self.system = CopycatSystem(build_dir)
        self.group = f"rest-contract-{self.run_id}"
        self.props = worker_properties(bootstrap, "json")
        self.props.update(distributed_properties(self.group))
        # Source offsets and sink consumer offsets are committed every second, so that the
        # offsets tests see them quickly.
        self.props["offset.flush.interval.ms"] = "1000"
        # Every config change rebalances the group, and a follower learns of a rebalance with its
        # next heartbeat: a short interval keeps the suite fast on both systems.
        self.props["heartbeat.interval.ms"] = "300"
        self.workers = []
        self.clients = []

    # --- lifecycle -------------------------------------------------------------------------
    def start(self):
        for i in range(2):
            self.workers.append(self.system.start("distributed", self.props, self.workdir, f"worker{i}"))
        for i, w in enumerate(self.workers):
            w.wait_healthy(START_DEADLINE_S)
            self.clients.append(RestClient(w.url, f"worker{i}"))
        self._wait_formed()

    def _wait_formed(self):
        """A connector written through each worker (a follower forwards to the leader) runs and
        is seen by both; then it is deleted. Writes may meet 409 while the group forms."""
        for i, client in enumerate(self.clients):
            name = f"warmup-{i}-{self.run_id}"
            config = probe_config(self.path(f"warmup-{i}"), tasks=1)

            def accepted(client=client, name=name, config=config):
                r = client.put(f"/connectors/{name}/config", config)
                return r.status in (200, 201), r

            wait_for(f"{client.name} to accept PUT {name}/config", accepted, START_DEADLINE_S, 0.2)
            for other in self.clients:
                wait_connector_state(other, name, "RUNNING", tasks=1, deadline_s=START_DEADLINE_S)
            assert_status(client.delete(f"/connectors/{name}"), 204)
            for other in self.clients:
                wait_gone(other, name)

    def stop(self):
        for w in self.workers:
            w.stop(30)
        WorkerProcess.kill_all()

    def log_tails(self, lines=30):
        return log_tails(self.workers, lines)

    # --- names and files -------------------------------------------------------------------
    def unique(self, prefix):
        return f"{prefix}-{self.run_id}-{next(self._counter)}"

    def path(self, name):
        return os.path.join(self.workdir, name)

    @property
    def is_java(self):
        return self.system_name == "java"


# --- connector configs ---------------------------------------------------------------------
def source_config(file, topic, tasks=1):
    return {"connector.class": FILE_SOURCE, "tasks.max": str(tasks), "file": file, "topic": topic}


def sink_config(file, topics, tasks=1):
    return {"connector.class": FILE_SINK, "tasks.max": str(tasks), "file": file, "topics": topics}


def probe_config(probe_dir, tasks=2):
    os.makedirs(probe_dir, exist_ok=True)
    return {"connector.class": PROBE, "tasks.max": str(tasks), "probe.dir": probe_dir}


# --- waits on connector state --------------------------------------------------------------
def status_of(client, name):
    r = client.get(f"/connectors/{name}/status")
    return r.json if r.status == 200 and isinstance(r.json, dict) else None


def wait_connector_state(client, name, state, tasks=None, task_state=None, deadline_s=45.0):
    """Waits until the connector's status shows `state` and, when tasks is given, exactly that
    many tasks, all in task_state (default: the connector's state); returns the status."""
    want_task = task_state or state

    def check():
        s = status_of(client, name)
        if s is None:
            return False, s
        ok = s.get("connector", {}).get("state") == state
        if tasks is not None:
            ts = s.get("tasks", [])
            ok = ok and len(ts) == tasks and all(t.get("state") == want_task for t in ts)
        return ok, s

    return wait_for(f"{name} to be {state} ({tasks} tasks) on {client.name}", check, deadline_s)


def wait_visible(client, name, deadline_s=45.0):
    """Waits until GET /connectors/<name> answers 200 on this worker; returns the ConnectorInfo."""
    def check():
        r = client.get(f"/connectors/{name}")
        return r.status == 200, r
    return wait_for(f"{name} visible on {client.name}", check, deadline_s).json


def wait_tasks(client, name, count, deadline_s=45.0):
    """Waits until GET /connectors/<name>/tasks lists `count` tasks; returns the list."""
    def check():
        r = client.get(f"/connectors/{name}/tasks")
        return r.status == 200 and isinstance(r.json, list) and len(r.json) == count, r
    return wait_for(f"{count} tasks of {name} on {client.name}", check, deadline_s).json


def wait_gone(client, name, deadline_s=45.0):
    def check():
        r = client.get(f"/connectors/{name}")
        return r.status == 404, r
    wait_for(f"{name} gone on {client.name}", check, deadline_s)


def create_running(client, name, config, tasks=1, clients=()):
    """PUTs the config through `client` (201), then waits until the connector and its tasks
    are RUNNING as seen by every client in `clients` (default: `client`); returns the status."""
    assert_status(client.put(f"/connectors/{name}/config", config), 201)
    status = None
    for c in clients or (client,):
        status = wait_connector_state(c, name, "RUNNING", tasks=tasks)
    return status


class Connectors:
    """Names, configs and clean-up of the connectors one test creates."""

    def __init__(self, cluster):
        self.cluster = cluster
        self.created = []

    def name(self, prefix="c"):
        name = self.cluster.unique(prefix)
        self.created.append(name)
        return name

    def topic(self, prefix="t"):
        return self.cluster.unique(f"contract-{prefix}")

    def source(self, lines=0, topic=None, tasks=1):
        """A FileStreamSource config reading a new file with `lines` lines."""
        path = self.cluster.path(self.cluster.unique("source") + ".txt")
        with open(path, "w") as f:
            for i in range(lines):
                f.write(f"line {i}\n")
        return source_config(path, topic or self.topic(), tasks)

    def sink(self, topics, tasks=1):
        return sink_config(self.cluster.path(self.cluster.unique("sink") + ".txt"), topics, tasks)

    def probe(self, tasks=2):
        return probe_config(self.cluster.path(self.cluster.unique("probe")), tasks)

    def cleanup(self):
        client = self.cluster.clients[0]
        for name in self.created:
            r = client.delete(f"/connectors/{name}")
            if r.status == 204:
                wait_gone(client, name)
