"""pytest set-up of the REST contract suite: options, the session's 2-worker cluster, fixtures.

  --system=copycat|java   which Connect implementation runs the cluster (default copycat)
  --build-dir=DIR         Copycat's build dir (default $COPYCAT_BUILD_DIR)
  --kafka-lib=DIR         Kafka's jar dir for --system=java (default: deploy/kafka/kafka.sh lib-dir)
The broker comes from $COPYCAT_BOOTSTRAP_SERVERS (deploy/kafka/with-kafka.sh sets it).

Tests marked @pytest.mark.copycat_only(reason=...) assert a deliberate Copycat difference and
are skipped with --system=java. When a test fails, the tail of both workers' logs is attached to
its report. The workers are stopped at the end of the session (killed if they do not exit).
"""

import os

import pytest

from contract_cluster import ContractCluster, Connectors  # puts integration-tests/bench on sys.path
from bench_procs import BenchError, kafka_lib_dir  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", ".."))
_state = {"cluster": None}


def pytest_addoption(parser):
    group = parser.getgroup("rest-contract")
    group.addoption("--system", choices=["copycat", "java"], default="copycat",
                    help="run the cluster on Copycat or on Apache Kafka Connect")
    group.addoption("--build-dir", default=os.environ.get("COPYCAT_BUILD_DIR"), help="Copycat's build dir")
    group.addoption("--kafka-lib", default=os.environ.get("COPYCAT_KAFKA_LIB"), help="Kafka's jar dir")


def pytest_configure(config):
    config.addinivalue_line("markers", "copycat_only(reason): a deliberate difference from Kafka Connect; "
                                       "skipped with --system=java")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--system") != "java":
        return
    for item in items:
        marker = item.get_closest_marker("copycat_only")
        if marker is not None:
            reason = marker.kwargs.get("reason") or (marker.args[0] if marker.args else "")
            item.add_marker(pytest.mark.skip(reason=f"Copycat-only: {reason}"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    cluster = _state["cluster"]
    if report.failed and cluster is not None:
        report.sections.append(("worker logs (tail)", cluster.log_tails()))


def _kafka_lib(config):
    lib = config.getoption("--kafka-lib")
    if lib:
        return lib
    try:
        return kafka_lib_dir(REPO)
    except BenchError as e:
        pytest.exit(str(e), 2)


@pytest.fixture(scope="session")
def cluster(request, tmp_path_factory):
    config = request.config
    bootstrap = os.environ.get("COPYCAT_BOOTSTRAP_SERVERS")
    if not bootstrap:
        pytest.exit("COPYCAT_BOOTSTRAP_SERVERS is not set: run under deploy/kafka/with-kafka.sh", 2)
    system = config.getoption("--system")
    build_dir = config.getoption("--build-dir")
    if system == "copycat" and not build_dir:
        pytest.exit("give --build-dir or COPYCAT_BUILD_DIR", 2)
    kafka_lib = _kafka_lib(config) if system == "java" else None
    workdir = str(tmp_path_factory.mktemp(f"cluster-{system}"))
    c = ContractCluster(system, build_dir and os.path.abspath(build_dir), kafka_lib, bootstrap, workdir)
    _state["cluster"] = c
    try:
        c.start()
        yield c
    finally:
        c.stop()
        _state["cluster"] = None
        print(f"\nrest-contract: {system} worker logs and files are in {workdir}")


@pytest.fixture(scope="session")
def system(cluster):
    return cluster.system_name


@pytest.fixture
def w0(cluster):
    return cluster.clients[0]


@pytest.fixture
def w1(cluster):
    return cluster.clients[1]


@pytest.fixture(params=[0, 1], ids=["via-worker0", "via-worker1"])
def via(request, cluster):
    """Parametrizes a test over both workers (one is the leader, the other forwards to it)."""
    return cluster.clients[request.param]


@pytest.fixture
def other(via, cluster):
    """The worker that is not `via`."""
    return cluster.clients[1] if via is cluster.clients[0] else cluster.clients[0]


@pytest.fixture
def connectors(cluster):
    c = Connectors(cluster)
    yield c
    c.cleanup()
