"""Connect clusters that mix Copycat and Apache Kafka Connect workers in one group.

The Java workers ("java") run the broker's Kafka release (deploy/kafka/kafka.sh, 4.4.0);
add_java_release() adds workers of an older one (test_kafka_41.py: 4.1.1), as in a cluster that
upgrades gradually. Both run the Java twins of Copycat's file and task-probe plugins
(integration-tests/bench/java, compiled here against each release's jars).

MixedCluster starts workers of any system one at a time (the first to join leads the group)
with the same worker.properties: one group, one set of internal topics on the test broker, JSON
converters, and connect.protocol left at its default (sessioned), as a user migrating a cluster
would run them. The launchers are the benchmark's (integration-tests/bench, imported, not
changed); TopicDump (java/, compiled here) reads the internal topics with Kafka's own consumer.
Used from pytest's single thread.
"""

import json
import os
import subprocess
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bench"))
sys.path.insert(0, os.path.join(HERE, "..", "rest-contract"))

from bench_procs import WorkerProcess, log_tails  # noqa: E402
import bench_systems as systems  # noqa: E402
from contract_cluster import status_of, wait_connector_state  # noqa: E402,F401 (status_of: for the tests)
from contract_http import RestClient, wait_for  # noqa: E402

START_DEADLINE_S = 120.0
# The Copycat leader's inter.worker.key.ttl.ms in the copycat_led cluster: short, so a test sees the
# key rotate.
KEY_TTL_MS = 6000
FILE_SOURCE = systems.FILE_SOURCE_CLASS
FILE_SINK = systems.FILE_SINK_CLASS
TWINS_DIR = os.path.join(HERE, "..", "bench", "java")


def compile_topic_dump(kafka_lib, out_dir):
    sources = [os.path.join(HERE, "java", "org", "copycat", "test", "TopicDump.java")]
    jars = [os.path.join(kafka_lib, n) for n in os.listdir(kafka_lib)
            if n.startswith(("kafka-clients-", "jackson-")) and n.endswith(".jar")]
    os.makedirs(out_dir, exist_ok=True)
    subprocess.run(["javac", "-nowarn", "-d", out_dir, "-cp", os.pathsep.join(jars)] + sources, check=True,
                   capture_output=True, text=True)
    return out_dir


class Worker:
    def __init__(self, system, process, name):
        self.system = system  # "copycat", "java" or one of MixedCluster.add_java_release
        self.process = process
        self.name = name
        self.client = None

    @property
    def url(self):
        return self.process.url

    @property
    def worker_id(self):
        return self.process.worker_id

    def __repr__(self):
        return f"<{self.name} {self.system} {self.url}>"


class MixedCluster:
    def __init__(self, name, build_dir, kafka_lib, bootstrap, workdir, props=None):
        self.bootstrap = bootstrap
        self.kafka_lib = kafka_lib
        self.workdir = workdir
        self.run_id = uuid.uuid4().hex[:8]
        self.group = f"mixed-{name}-{self.run_id}"
        twins = systems.compile_java_twins(TWINS_DIR, kafka_lib, os.path.join(workdir, "java-twins"))
        self.dump_classes = compile_topic_dump(kafka_lib, os.path.join(workdir, "java-dump"))
        self.systems = {"copycat": systems.CopycatSystem(build_dir),
                        "java": systems.JavaSystem(kafka_lib, twins, workdir)}
        self.props = systems.worker_properties(bootstrap, "json")
        self.props.update(systems.distributed_properties(self.group))
        # A follower learns of a rebalance with its next heartbeat: short, so the tests are quick.
        self.props["heartbeat.interval.ms"] = "300"
        self.props["offset.flush.interval.ms"] = "1000"
        self.props.update(props or {})
        self.workers = []

    def add_java_release(self, system, kafka_lib):
        """Makes start(system) start Kafka Connect workers from the jars of kafka_lib (another
        release than the broker's), with the Java twins compiled against them."""
        os.makedirs(self.path(system), exist_ok=True)
        twins = systems.compile_java_twins(TWINS_DIR, kafka_lib, self.path(f"{system}-twins"))
        self.systems[system] = systems.JavaSystem(kafka_lib, twins, self.path(system))

    @property
    def config_topic(self):
        return self.props["config.storage.topic"]

    @property
    def status_topic(self):
        return self.props["status.storage.topic"]

    def start(self, system, props=None, wait=True):
        """Starts one worker of `system` with the cluster's properties (plus `props`) and waits
        until it answers GET /health."""
        tag = f"{system}{len(self.workers)}"
        merged = dict(self.props)
        merged.update(props or {})
        process = self.systems[system].start("distributed", merged, self.workdir, tag)
        worker = Worker(system, process, tag)
        self.workers.append(worker)
        if wait:
            self.wait_healthy(worker)
        return worker

    @staticmethod
    def wait_healthy(worker):
        worker.process.wait_healthy(START_DEADLINE_S)
        worker.client = RestClient(worker.url, worker.name)

    def running(self):
        return [w for w in self.workers if w.process.alive()]

    def stop(self):
        for w in self.workers:
            w.process.stop(30)
        WorkerProcess.kill_all()

    def log_tails(self, lines=30):
        return log_tails([w.process for w in self.workers], lines)

    def path(self, name):
        return os.path.join(self.workdir, name)

    # --- the internal topics, read with Kafka's consumer ----------------------------------------
    def dump(self, topic, read_committed=False):
        classpath = os.path.join(self.kafka_lib, "*") + os.pathsep + self.dump_classes
        isolation = ["read_committed"] if read_committed else []
        out = subprocess.run(["java", "-cp", classpath, "org.copycat.test.TopicDump", self.bootstrap, topic] + isolation,
                             capture_output=True, text=True, check=True, timeout=90)
        return [json.loads(line) for line in out.stdout.splitlines() if line.startswith("{")]

    def session_keys(self):
        return [json.loads(r["value"]) for r in self.dump(self.config_topic)
                if r["key"] == "session-key" and r["value"] is not None]


# --- connectors and their states -------------------------------------------------------------
def probe_config(probe_dir, tasks=2):
    os.makedirs(probe_dir, exist_ok=True)
    return {"connector.class": systems.PROBE_CLASS, "tasks.max": str(tasks), "probe.dir": probe_dir}


def wait_running(client, name, tasks, deadline_s=60.0):
    """Waits until the connector and exactly `tasks` tasks are RUNNING; returns the status."""
    return wait_connector_state(client, name, "RUNNING", tasks=tasks, deadline_s=deadline_s)


def put_config(client, name, config, deadline_s=60.0):
    """PUT /connectors/<name>/config through `client`, retried while the group forms (409)."""
    def accepted():
        r = client.put(f"/connectors/{name}/config", config)
        return r.status in (200, 201), r

    return wait_for(f"{client.name} to accept PUT {name}/config", accepted, deadline_s, 0.2)
