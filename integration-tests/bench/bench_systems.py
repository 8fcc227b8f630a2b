"""The two systems under test, as the benchmark driver (run_bench.py) starts them.

Both get the same worker.properties (same broker, converters, flush interval, internal topics);
they differ only in how the process is launched and how the REST listener is given:

  Copycat   <build>/src/app/copycat standalone|distributed worker.properties
            listeners=http://127.0.0.1:0 (the port is read from its log); plugin.path names the
            file connector and task-probe plugins of the same build.
  Java      java <JVM flags of connect-standalone.sh / connect-distributed.sh> -cp "<lib>/*:<probe>"
            org.apache.kafka.connect.cli.ConnectStandalone|ConnectDistributed worker.properties
            on a free port chosen here; the compiled Java twins of Copycat's file and task-probe
            plugins are on the classpath (classpath plugins): Kafka's connect-file jar is not
            published for the Kafka release the tests run (docs/compatibility.md#the-reference-kafka).
"""

import os
import subprocess

from bench_procs import BenchError, WorkerProcess, free_port

# What bin/kafka-run-class.sh runs connect-standalone.sh / connect-distributed.sh with by default
# (Kafka 4.1: KAFKA_HEAP_OPTS from the connect scripts, KAFKA_JVM_PERFORMANCE_OPTS and
# KAFKA_JMX_OPTS from kafka-run-class.sh), i.e. what a user running the shipped scripts gets.
JAVA_FLAGS = [
    "-Xms256M", "-Xmx2G",
    "-server", "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=20", "-XX:InitiatingHeapOccupancyPercent=35",
    "-XX:+ExplicitGCInvokesConcurrent", "-XX:MaxInlineLevel=15", "-Djava.awt.headless=true",
    "-Dcom.sun.management.jmxremote=true", "-Dcom.sun.management.jmxremote.authenticate=false",
    "-Dcom.sun.management.jmxremote.ssl=false",
]

# INFO to the console (the driver sends it to a log file per process), as connect-log4j2.yaml
# does, without its file appender; the client and request loggers that chatter are at WARN.
LOG4J2_PROPERTIES = """\
status = warn
appender.stdout.type = Console
appender.stdout.name = STDOUT
appender.stdout.layout.type = PatternLayout
appender.stdout.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = info
rootLogger.appenderRef.stdout.ref = STDOUT
logger.clients.name = org.apache.kafka.clients
logger.clients.level = warn
"""

PROBE_CLASS = "org.copycat.test.TaskProbeSourceConnector"
FILE_SOURCE_CLASS = "org.apache.kafka.connect.file.FileStreamSourceConnector"
FILE_SINK_CLASS = "org.apache.kafka.connect.file.FileStreamSinkConnector"
JAVA_MAIN = {"standalone": "org.apache.kafka.connect.cli.ConnectStandalone",
             "distributed": "org.apache.kafka.connect.cli.ConnectDistributed"}


def worker_properties(bootstrap, converter):
    """What every worker of both systems gets: the broker, key and value converters, Kafka's
    shipped offset.flush.interval.ms, and plugin.discovery=service_load, which Kafka Connect's
    own start-up warning recommends when every plugin has a ServiceLoader manifest (the default,
    hybrid_warn, adds a reflective scan of every jar: about 16 s of start-up on the loaded
    2-core machine; Copycat accepts the setting and ignores it)."""
    props = {"bootstrap.servers": bootstrap, "offset.flush.interval.ms": "10000", "plugin.discovery": "service_load"}
    if converter == "string":
        cls = "org.apache.kafka.connect.storage.StringConverter"
        props.update({"key.converter": cls, "value.converter": cls})
    else:
        cls = "org.apache.kafka.connect.json.JsonConverter"
        props.update({"key.converter": cls, "value.converter": cls,
                      "key.converter.schemas.enable": "true", "value.converter.schemas.enable": "true"})
    return props


def distributed_properties(group):
    """A fresh Connect cluster: its own group and internal topics (Kafka's default partition
    counts, one replica), and lost work reassigned at once (see run_bench.py's notes)."""
    return {
        "group.id": group,
        "config.storage.topic": group + "-configs",
        "offset.storage.topic": group + "-offsets",
        "status.storage.topic": group + "-status",
        "config.storage.replication.factor": "1",
        "offset.storage.replication.factor": "1",
        "status.storage.replication.factor": "1",
        "offset.storage.partitions": "25",
        "status.storage.partitions": "5",
        "scheduled.rebalance.max.delay.ms": "0",
    }


def kafka_release(lib_dir):
    """The Kafka release of a jar dir (kafka.sh lib-dir), from its connect-runtime jar's name."""
    for name in os.listdir(lib_dir):
        if name.startswith("connect-runtime-") and name.endswith(".jar"):
            return name[len("connect-runtime-"):-len(".jar")]
    return "unknown"


def java_label(release):
    """What every benchmark table calls the Java worker: "Kafka Connect <release>", the release
    being kafka_release() of the jars that ran (deploy/kafka/kafka.sh's KAFKA_VERSION)."""
    return f"Kafka Connect {release}"


def write_properties(path, props):
    with open(path, "w") as f:
        for key, value in props.items():
            f.write(f"{key}={value}\n")
    return path


class CopycatSystem:
    name = "copycat"
    label = "Copycat"

    def __init__(self, build_dir):
        self.binary = os.path.join(build_dir, "src", "app", "copycat")
        self.plugins = [os.path.join(build_dir, "plugins", "copycat-file.so"),
                        os.path.join(build_dir, "plugins", "copycat-task-probe.so")]
        for path in [self.binary] + self.plugins:
            if not os.path.exists(path):
                raise BenchError(f"{path} is missing: build the targets copycat copycat-file copycat-task-probe")

    def version(self):
        out = subprocess.run([self.binary, "--version"], capture_output=True, text=True, check=False)
        return out.stdout.strip()

    def start(self, mode, props, workdir, tag):
        props = dict(props)
        props["listeners"] = "http://127.0.0.1:0"
        props["plugin.path"] = ",".join(self.plugins)
        path = write_properties(os.path.join(workdir, f"{tag}.properties"), props)
        return WorkerProcess(f"copycat {mode} {tag}", [self.binary, mode, path],
                             os.path.join(workdir, f"{tag}.log"))


class JavaSystem:
    name = "java"
    label = "Kafka Connect"

    def __init__(self, lib_dir, probe_classes, workdir):
        self.lib_dir = lib_dir
        self.classpath = os.path.join(lib_dir, "*") + os.pathsep + probe_classes
        self.log_config = os.path.join(workdir, "connect-log4j2.properties")
        with open(self.log_config, "w") as f:
            f.write(LOG4J2_PROPERTIES)
        self.logs_dir = os.path.join(workdir, "java-logs")
        os.makedirs(self.logs_dir, exist_ok=True)
        if not any(n.startswith("connect-runtime-") for n in os.listdir(lib_dir)):
            raise BenchError(f"no connect-runtime jar in {lib_dir}")

    def kafka_version(self):
        return kafka_release(self.lib_dir)

    @staticmethod
    def java_version():
        out = subprocess.run(["java", "-version"], capture_output=True, text=True, check=False)
        return out.stderr.splitlines()[0] if out.stderr else "unknown"

    def start(self, mode, props, workdir, tag):
        port = free_port()
        props = dict(props)
        props["listeners"] = f"http://127.0.0.1:{port}"
        props["rest.advertised.host.name"] = "127.0.0.1"
        props["rest.advertised.port"] = str(port)
        path = write_properties(os.path.join(workdir, f"{tag}.properties"), props)
        command = ["java"] + JAVA_FLAGS + [
            f"-Dkafka.logs.dir={self.logs_dir}", f"-Dlog4j2.configurationFile={self.log_config}",
            "-cp", self.classpath, JAVA_MAIN[mode], path]
        return WorkerProcess(f"java {mode} {tag}", command, os.path.join(workdir, f"{tag}.log"), port=port)


# The classes of java/ and the ServiceLoader manifests that make them classpath plugins.
JAVA_TWINS = {
    "org.apache.kafka.connect.source.SourceConnector": [PROBE_CLASS, FILE_SOURCE_CLASS],
    "org.apache.kafka.connect.sink.SinkConnector": [FILE_SINK_CLASS],
}


def compile_java_twins(source_dir, lib_dir, out_dir):
    """Compiles the Java twins of Copycat's file and task-probe plugins (java/ beside this file)
    against the Kafka jars of lib_dir into out_dir, with their ServiceLoader manifests; returns
    out_dir, for JavaSystem's class path."""
    sources = []
    for root, _, files in os.walk(source_dir):
        sources += [os.path.join(root, f) for f in files if f.endswith(".java")]
    jars = [os.path.join(lib_dir, n) for n in os.listdir(lib_dir)
            if n.startswith(("connect-api-", "kafka-clients-", "slf4j-api-")) and n.endswith(".jar")]
    os.makedirs(out_dir, exist_ok=True)
    result = subprocess.run(["javac", "-nowarn", "-d", out_dir, "-cp", os.pathsep.join(jars)] + sources,
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BenchError("javac failed:\n" + result.stdout + result.stderr)
    services = os.path.join(out_dir, "META-INF", "services")
    os.makedirs(services, exist_ok=True)
    for service, classes in JAVA_TWINS.items():
        with open(os.path.join(services, service), "w") as f:
            f.write("".join(c + "\n" for c in classes))
    return out_dir
