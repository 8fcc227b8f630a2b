"""pytest set-up of the mixed-cluster suite (Copycat and Kafka Connect workers in one group).

  --build-dir=DIR   Copycat's build dir (default $COPYCAT_BUILD_DIR)
  --kafka-lib=DIR   Kafka's jar dir (default: deploy/kafka/kafka.sh lib-dir, the broker's release)
Another release's jars come from kafka.sh lib-dir <version> (the kafka_lib_of fixture).
The broker comes from $COPYCAT_BOOTSTRAP_SERVERS (deploy/kafka/with-kafka.sh sets it). Each
test uses the session's two clusters (java_led, copycat_led) or starts its own through the
`clusters` fixture, which stops every worker at the end of the session and attaches the tail
of their logs to a failed test's report.
"""

import os

import pytest

from mixed_cluster import KEY_TTL_MS, MixedCluster  # puts integration-tests/bench on sys.path
from bench_procs import BenchError, kafka_lib_dir  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
_live = []


def pytest_addoption(parser):
    group = parser.getgroup("mixed-cluster")
    group.addoption("--build-dir", default=os.environ.get("COPYCAT_BUILD_DIR"), help="Copycat's build dir")
    group.addoption("--kafka-lib", default=os.environ.get("COPYCAT_KAFKA_LIB"), help="Kafka's jar dir")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for c in _live:
            report.sections.append((f"worker logs of {c.group} (tail)", c.log_tails()))


def _kafka_lib(config):
    try:
        return config.getoption("--kafka-lib") or kafka_lib_dir(REPO)
    except BenchError as e:
        pytest.exit(str(e), 2)


class ClusterFactory:
    def __init__(self, config, tmp_path_factory):
        self.bootstrap = os.environ.get("COPYCAT_BOOTSTRAP_SERVERS")
        if not self.bootstrap:
            pytest.exit("COPYCAT_BOOTSTRAP_SERVERS is not set: run under deploy/kafka/with-kafka.sh", 2)
        build_dir = config.getoption("--build-dir")
        if not build_dir:
            pytest.exit("give --build-dir or COPYCAT_BUILD_DIR", 2)
        self.build_dir = os.path.abspath(build_dir)
        self.kafka_lib = _kafka_lib(config)
        self.tmp = tmp_path_factory
        self.made = []

    def __call__(self, name, props=None):
        workdir = str(self.tmp.mktemp(name))
        c = MixedCluster(name, self.build_dir, self.kafka_lib, self.bootstrap, workdir, props)
        self.made.append(c)
        _live.append(c)
        return c

    def stop_all(self):
        for c in self.made:
            c.stop()
            _live.remove(c)
            print(f"\nmixed-cluster: worker logs and files of {c.group} are in {c.workdir}")


@pytest.fixture(scope="session")
def clusters(request, tmp_path_factory):
    factory = ClusterFactory(request.config, tmp_path_factory)
    try:
        yield factory
    finally:
        factory.stop_all()


@pytest.fixture(scope="session")
def kafka_lib_of():
    """kafka_lib_of("4.1.1"): the jar dir of that Kafka release (fetched once)."""
    def lib(version):
        try:
            return kafka_lib_dir(REPO, version)
        except BenchError as e:
            pytest.fail(str(e))
    return lib


@pytest.fixture(scope="session")
def java_led(clusters):
    """A Java worker starts first (so it leads), then two Copycat workers join."""
    c = clusters("java-led")
    c.start("java")
    c.start("copycat")
    c.start("copycat")
    return c


@pytest.fixture(scope="session")
def copycat_led(clusters):
    """A Copycat worker starts first (so it leads, rotating its key every KEY_TTL_MS), then a Java
    and a Copycat worker join."""
    c = clusters("copycat-led")
    c.start("copycat", {"inter.worker.key.ttl.ms": str(KEY_TTL_MS)})
    c.start("java")
    c.start("copycat")
    return c
