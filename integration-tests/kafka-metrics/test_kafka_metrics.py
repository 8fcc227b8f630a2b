"""Kafka Connect's metrics side by side: a Kafka Connect worker with the Prometheus JMX exporter
and Strimzi's rules (strimzi-kafka-connect-metrics.yml), and a Copycat worker, each a one-worker
distributed cluster of its own with the same FileStream source and sink connectors copying the
same lines. Every series the exporter gives for the worker, rebalance, connector and task groups
(docs/metrics.md) must be on Copycat's GET /metrics with the same name and label names (and the
same label values, but for those naming the worker, such as leader_name), and the counts that
depend only on the records (polled, written, read, put, connectors, tasks, states) must agree.
The sink consumer's per-partition records-lag is not compared: Kafka's consumer served it 15 s
after the sink caught up and no longer a minute later (docs/metrics.md).

  run.sh <build-dir>   (COPYCAT_BOOTSTRAP_SERVERS from deploy/kafka/with-kafka.sh)
"""

import dataclasses
import os
import re
import sys
import uuid

import pytest
import requests

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bench"))
sys.path.insert(0, os.path.join(HERE, "..", "rest-contract"))

from bench_procs import WorkerProcess, free_port  # noqa: E402
import bench_systems as systems  # noqa: E402
from contract_http import RestClient, wait_for  # noqa: E402

RECORDS = 200
START_DEADLINE_S = 120.0
DEADLINE_S = 60.0
# The groups compared (docs/metrics.md): connect-worker-metrics and -rebalance-metrics,
# connector-metrics, connector-task-, source-task-, sink-task- and task-error-metrics, and the
# connect-coordinator-metrics Copycat has (not the heartbeat, join and sync figures).
GROUPS = re.compile(r"kafka_connect_(worker|connector|source_task|sink_task|task_error)_|"
                    r"kafka_connect_coordinator_(assigned_connectors|assigned_tasks|rebalance_total|"
                    r"rebalance_latency_total|rebalance_latency_avg|last_rebalance_seconds_ago)$")
# Labels whose values name the worker or the plugin build, not the work: compared by name only.
WORKER_LABELS = {"leader_name", "clientid", "connector_version"}
SAMPLE = re.compile(r'^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)')
LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"')


def parse(text):
    """{(name, ((label, value), ...)): value} of a Prometheus text exposition."""
    series = {}
    for line in text.splitlines():
        m = SAMPLE.match(line)
        if not m or line.startswith("#"):
            continue
        labels = tuple(sorted(LABEL.findall(m.group(2) or "")))
        series[(m.group(1), labels)] = float(m.group(3))
    return series


def comparable(series):
    """The compared groups' series keyed by name and labels, worker-naming values blanked."""
    out = {}
    for (name, labels), value in series.items():
        if GROUPS.match(name):
            key = (name, tuple((k, "*" if k in WORKER_LABELS else v) for k, v in labels))
            out[key] = value
    return out


def value(series, name, **labels):
    return series.get((name, tuple(sorted(labels.items()))))


@dataclasses.dataclass
class Side:
    """One system's worker, its connectors and where its metrics are read."""
    system: str
    process: WorkerProcess
    metrics_url: str
    workdir: str
    topic: str
    client: RestClient = None

    def text(self):
        """GET /metrics (the exporter's, for Kafka Connect); the last answer is kept in the work
        directory as metrics.txt, for a failure's post-mortem."""
        text = requests.get(self.metrics_url, timeout=10).text
        with open(os.path.join(self.workdir, "metrics.txt"), "w") as f:
            f.write(text)
        return text

    def scrape(self):
        return comparable(parse(self.text()))


def java_worker(jars, props, workdir, tag):
    """Kafka Connect distributed, as connect-distributed.sh runs it, with the exporter's agent."""
    agent = next(os.path.join(jars, n) for n in os.listdir(jars) if n.startswith("jmx_prometheus_javaagent-"))
    classpath = os.pathsep.join(os.path.join(jars, n) for n in sorted(os.listdir(jars))
                                if n.endswith(".jar") and not n.startswith("jmx_prometheus_javaagent-"))
    rest_port, metrics_port = free_port(), free_port()
    props = dict(props)
    props.update({"listeners": f"http://127.0.0.1:{rest_port}", "rest.advertised.host.name": "127.0.0.1",
                  "rest.advertised.port": str(rest_port)})
    path = systems.write_properties(os.path.join(workdir, f"{tag}.properties"), props)
    log_config = os.path.join(workdir, "connect-log4j2.properties")
    with open(log_config, "w") as f:
        f.write(systems.LOG4J2_PROPERTIES)
    rules = os.path.join(HERE, "strimzi-kafka-connect-metrics.yml")
    command = ["java"] + systems.JAVA_FLAGS + [
        f"-javaagent:{agent}=127.0.0.1:{metrics_port}:{rules}", f"-Dlog4j2.configurationFile={log_config}",
        "-cp", classpath, systems.JAVA_MAIN["distributed"], path]
    process = WorkerProcess(f"java distributed {tag}", command, os.path.join(workdir, f"{tag}.log"), port=rest_port)
    return process, f"http://127.0.0.1:{metrics_port}/metrics"


def connectors(side):
    source_file = os.path.join(side.workdir, "input.txt")
    with open(source_file, "w") as f:
        f.writelines(f"line {i}\n" for i in range(RECORDS))
    return {
        "metrics-source": {"connector.class": "org.apache.kafka.connect.file.FileStreamSourceConnector",
                           "tasks.max": "1", "file": source_file, "topic": side.topic},
        "metrics-sink": {"connector.class": "org.apache.kafka.connect.file.FileStreamSinkConnector",
                         "tasks.max": "1", "file": os.path.join(side.workdir, "output.txt"), "topics": side.topic},
    }


@pytest.fixture(scope="module")
def sides(tmp_path_factory):
    bootstrap = os.environ.get("COPYCAT_BOOTSTRAP_SERVERS")
    build = os.environ.get("COPYCAT_BUILD_DIR")
    jars = os.environ.get("COPYCAT_METRICS_JARS")
    if not (bootstrap and build and jars):
        pytest.exit("run through run.sh under deploy/kafka/with-kafka.sh", 2)
    run = uuid.uuid4().hex[:8]
    made = []
    try:
        for system in ("java", "copycat"):
            workdir = str(tmp_path_factory.mktemp(system))
            props = systems.worker_properties(bootstrap, "json")
            props.update(systems.distributed_properties(f"metrics-{system}-{run}"))
            props["offset.flush.interval.ms"] = "1000"
            if system == "java":
                process, metrics_url = java_worker(jars, props, workdir, system)
            else:
                process = systems.CopycatSystem(build).start("distributed", props, workdir, system)
                metrics_url = None
            side = Side(system, process, metrics_url, workdir, f"metrics-{system}-{run}")
            made.append(side)
        for side in made:  # both start side by side; each is then waited for
            side.process.wait_healthy(START_DEADLINE_S)
            side.client = RestClient(side.process.url, side.system)
            side.metrics_url = side.metrics_url or f"{side.process.url}/metrics"
            for name, config in connectors(side).items():
                reply = side.client.put(f"/connectors/{name}/config", config)
                assert reply.status in (200, 201), reply.text
        for side in made:
            output = os.path.join(side.workdir, "output.txt")

            def copied():
                if not os.path.exists(output):
                    return False, 0
                with open(output) as f:
                    lines = sum(1 for _ in f)
                return lines == RECORDS, lines
            wait_for(f"{side.system}'s sink to write {RECORDS} lines", copied, DEADLINE_S)
        yield {s.system: s for s in made}
    finally:
        for side in made:
            side.process.stop(30)
        WorkerProcess.kill_all()


def settled(side, checks):
    """Scrapes `side` until every (name, labels, expected) in checks holds; returns the scrape."""
    def check():
        series = side.scrape()
        wrong = {(n, tuple(sorted(l.items()))): value(series, n, **l) for n, l, want in checks
                 if value(series, n, **l) != want}
        return not wrong, wrong
    wait_for(f"{side.system}'s metrics to settle", check, DEADLINE_S, interval_s=0.5)
    return side.scrape()


TASK = {"task": "0"}
DETERMINISTIC = [
    ("kafka_connect_source_task_source_record_poll_total", {"connector": "metrics-source", **TASK}, RECORDS),
    ("kafka_connect_source_task_source_record_write_total", {"connector": "metrics-source", **TASK}, RECORDS),
    ("kafka_connect_sink_task_sink_record_read_total", {"connector": "metrics-sink", **TASK}, RECORDS),
    ("kafka_connect_sink_task_sink_record_send_total", {"connector": "metrics-sink", **TASK}, RECORDS),
    ("kafka_connect_sink_task_partition_count", {"connector": "metrics-sink", **TASK}, 1),
    ("kafka_connect_worker_connector_count", {}, 2),
    ("kafka_connect_worker_task_count", {}, 2),
    ("kafka_connect_worker_connector_startup_success_total", {}, 2),
    # Not task_startup_success_total: Kafka Connect counts only failed task starts (docs/metrics.md).
    ("kafka_connect_worker_task_startup_failure_total", {}, 0),
    ("kafka_connect_worker_connector_startup_failure_total", {}, 0),
    ("kafka_connect_worker_connector_running_task_count", {"connector": "metrics-source"}, 1),
    ("kafka_connect_worker_connector_total_task_count", {"connector": "metrics-sink"}, 1),
    ("kafka_connect_worker_connector_failed_task_count", {"connector": "metrics-sink"}, 0),
    ("kafka_connect_connector_status", {"connector": "metrics-source", "status": "running"}, 1),
    ("kafka_connect_connector_task_status", {"connector": "metrics-sink", "status": "running", **TASK}, 1),
    ("kafka_connect_connector_connector_type", {"connector": "metrics-sink", "connector_type": "sink"}, 1),
    ("kafka_connect_task_error_total_record_errors", {"connector": "metrics-source", **TASK}, 0),
    ("kafka_connect_worker_rebalance_rebalancing", {}, 0),
    ("kafka_connect_coordinator_assigned_connectors", {"clientid": "*"}, 2),
    ("kafka_connect_coordinator_assigned_tasks", {"clientid": "*"}, 2),
]


def test_every_kafka_series_is_on_copycat_and_the_counts_agree(sides):
    java = settled(sides["java"], DETERMINISTIC)
    copycat = settled(sides["copycat"], DETERMINISTIC)
    assert len(java) >= 60, f"the exporter gave only {len(java)} series of the compared groups: {sorted(java)}"
    missing = sorted(set(java) - set(copycat))
    assert not missing, "series Kafka Connect has and Copycat lacks:\n" + "\n".join(map(repr, missing))
    extra = sorted({name for name, _ in copycat} - {name for name, _ in java})
    print(f"{len(java)} Kafka Connect series all on Copycat; Copycat's own extra names: {extra}")
