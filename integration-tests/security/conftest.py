"""pytest set-up of the security suite: the session's secured 2-worker cluster (secure_cluster.py).

  --build-dir=DIR   Copycat's build dir (default $COPYCAT_BUILD_DIR)
The broker comes from $COPYCAT_BOOTSTRAP_SERVERS (deploy/kafka/with-kafka.sh sets it). When a test
fails, the tail of both workers' logs is attached to its report.
"""

import os
import tempfile

import pytest

from secure_cluster import SecureCluster

_state = {"cluster": None}


def pytest_addoption(parser):
    parser.getgroup("security").addoption("--build-dir", default=os.environ.get("COPYCAT_BUILD_DIR"),
                                          help="Copycat's build dir")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    cluster = _state["cluster"]
    if report.failed and cluster is not None:
        report.sections.append(("worker logs (tail)", cluster.log_tails()))


@pytest.fixture(scope="session")
def cluster(request):
    build_dir = request.config.getoption("--build-dir")
    bootstrap = os.environ.get("COPYCAT_BOOTSTRAP_SERVERS")
    if not build_dir or not bootstrap:
        pytest.fail("needs --build-dir and COPYCAT_BOOTSTRAP_SERVERS (run through deploy/kafka/with-kafka.sh)")
    with tempfile.TemporaryDirectory(prefix="copycat-security-") as workdir:
        c = SecureCluster(build_dir, bootstrap, workdir)
        _state["cluster"] = c
        try:
            c.start()
            yield c
        finally:
            c.stop()
            _state["cluster"] = None
