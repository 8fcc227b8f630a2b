"""pytest set-up of the dashboard's browser tests: options, the session's 2-worker cluster, the
browser, and a page per test that fails the test on any console error.

  --build-dir=DIR     Copycat's build dir (default $COPYCAT_BUILD_DIR)
  --screenshots=DIR   where screenshots are written (default <build-dir>/integration-tests/ui/screenshots)
The broker comes from $COPYCAT_BOOTSTRAP_SERVERS (deploy/kafka/with-kafka.sh sets it); the browser
is $COPYCAT_CHROMIUM or Debian's /usr/bin/chromium, driven by Playwright (never Playwright's own
browser download: the tests run air-gapped). A missing piece ends the run with an error naming it.
"""

import os
import shutil

import pytest

from dashboard_cluster import PASSWORD, USER, DashboardCluster

_running = []  # the session's cluster, while it runs


def pytest_addoption(parser):
    group = parser.getgroup("dashboard")
    group.addoption("--build-dir", default=os.environ.get("COPYCAT_BUILD_DIR"), help="Copycat's build dir")
    group.addoption("--screenshots", default=None, help="directory for the screenshots")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed test's report ends with the tail of both workers' logs."""
    report = yield
    if report.failed and _running:
        report.sections.append(("worker logs (tail)", _running[0].log_tails()))
    return report


@pytest.fixture(scope="session")
def cluster(request, tmp_path_factory):
    bootstrap = os.environ.get("COPYCAT_BOOTSTRAP_SERVERS")
    build_dir = request.config.getoption("--build-dir")
    if not bootstrap or not build_dir:
        pytest.exit("needs COPYCAT_BOOTSTRAP_SERVERS (run under deploy/kafka/with-kafka.sh) and --build-dir", 2)
    workdir = str(tmp_path_factory.mktemp("ui-cluster"))
    print(f"\nui: worker logs and files are in {workdir}")
    with DashboardCluster(os.path.abspath(build_dir), bootstrap, workdir) as c:
        _running.append(c)
        yield c
        _running.clear()


@pytest.fixture(scope="session")
def screenshots(request):
    path = request.config.getoption("--screenshots")
    if not path:
        path = os.path.join(request.config.getoption("--build-dir") or ".", "integration-tests", "ui", "screenshots")
    os.makedirs(path, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.exit("Playwright for Python is missing: run deploy/install-python-tools.sh", 2)
    executable = os.environ.get("COPYCAT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not os.path.exists(executable):
        pytest.exit(f"Chromium is missing ({executable}): run deploy/install-deps.sh (Debian's chromium)", 2)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=executable, headless=True)
        yield b
        b.close()


class ConsoleErrors(list):
    """Console errors and uncaught exceptions of a page."""

    def watch(self, page):
        page.on("console", lambda m: m.type == "error" and self.append(f"console: {m.text}"))
        page.on("pageerror", lambda e: self.append(f"uncaught: {e}"))


@pytest.fixture
def open_dashboard(browser, cluster):
    """open_dashboard(worker=0) -> a Playwright page showing that worker's /ui/, signed in with
    the basic-auth credentials. The test fails if any page logged a console error."""
    contexts = []
    errors = ConsoleErrors()

    def open_on(worker=0, path="/ui/"):
        context = browser.new_context(http_credentials={"username": USER, "password": PASSWORD},
                                      viewport={"width": 1440, "height": 900})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(20_000)
        errors.watch(page)
        page.goto(cluster.workers[worker].url + path)
        return page

    yield open_on
    for context in contexts:
        context.close()
    assert errors == [], "the dashboard logged errors"
