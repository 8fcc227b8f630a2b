"""The dashboard at /ui, driven in headless Chromium against a 2-worker cluster with basic
authentication on: it is served with the right types and caching, a browser's GET / lands on it,
it shows the connectors with their states and workers, its buttons act through the REST API, a
FAILED task shows its trace, the create form shows Kafka's per-field errors, and it stays one
request per refresh with 1,000 connectors. Every page must log no console error (conftest.py)."""

import json
import os
import re

import pytest
import requests
from playwright.sync_api import expect

from contract_cluster import FILE_SOURCE, status_of, wait_connector_state
from contract_http import assert_status, wait_for
from dashboard_cluster import PASSWORD, USER

AUTH = (USER, PASSWORD)
BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


@pytest.fixture(scope="module")
def connectors(cluster):
    """A running source, a paused source and a sink whose task FAILED, created through worker 0."""
    w0 = cluster.clients[0]
    made = {"orders-source": ("RUNNING", None), "audit-source": ("PAUSED", None),
            "archive-sink": ("RUNNING", "FAILED")}
    assert_status(w0.put("/connectors/orders-source/config", cluster.source_config("orders-source")), 201)
    assert_status(w0.put("/connectors/audit-source/config", cluster.source_config("audit-source")), 201)
    assert_status(w0.put("/connectors/archive-sink/config", cluster.failing_sink_config("archive-sink")), 201)
    wait_state(w0, "audit-source", "RUNNING")
    assert_status(w0.put("/connectors/audit-source/pause"), 202)
    return {name: wait_state(w0, name, state, task_state) for name, (state, task_state) in made.items()}


def wait_state(client, name, state, task_state=None):
    return wait_connector_state(client, name, state, tasks=1, task_state=task_state)


def row(page, name):
    return page.locator(f'table.connectors tr[data-connector="{name}"]')


def test_served_from_the_binary_with_types_caching_and_auth(cluster):
    url = cluster.workers[0].url
    r = requests.get(url + "/", headers={"Accept": BROWSER_ACCEPT}, auth=AUTH, allow_redirects=False)
    assert (r.status_code, r.headers.get("Location")) == (302, "ui/"), r.text
    for accept in ("*/*", "application/json", None):
        r = requests.get(url + "/", headers={"Accept": accept} if accept else {}, auth=AUTH, allow_redirects=False)
        assert r.status_code == 200 and "kafka_cluster_id" in r.json(), (accept, r.text)
    r = requests.get(url + "/ui", auth=AUTH, allow_redirects=False)
    assert (r.status_code, r.headers.get("Location")) == (302, "ui/")

    page = requests.get(url + "/ui/", auth=AUTH)
    assert page.status_code == 200 and page.headers["Content-Type"] == "text/html; charset=utf-8"
    assert page.headers["Cache-Control"] == "no-cache"
    assert page.headers["Content-Security-Policy"].startswith("default-src 'self'")
    etag = page.headers["ETag"]
    again = requests.get(url + "/ui/", auth=AUTH, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    for file, kind in [("app.js", "text/javascript"), ("style.css", "text/css"), ("icon.svg", "image/svg+xml")]:
        r = requests.get(f"{url}/ui/{file}", auth=AUTH)
        assert r.status_code == 200 and r.headers["Content-Type"].startswith(kind) and r.content, file
        assert r.headers["ETag"] != etag
    assert requests.get(url + "/ui/no-such.js", auth=AUTH).status_code == 404

    denied = requests.get(url + "/ui/", allow_redirects=False)
    assert denied.status_code == 401 and denied.headers["WWW-Authenticate"].startswith("Basic")
    paths = requests.get(url + "/openapi.json", auth=AUTH).json()["paths"]
    assert not [p for p in paths if p.startswith("/ui")], "the dashboard is not part of the REST API"


def test_a_browser_opening_the_root_lands_on_the_dashboard(open_dashboard):
    page = open_dashboard(0, "/")
    expect(page).to_have_url(page.url.split("/ui/")[0] + "/ui/")
    expect(page.locator("h1")).to_have_text("Copycat")


def test_shows_every_connector_with_its_state_tasks_and_workers(cluster, connectors, open_dashboard, screenshots):
    page = open_dashboard(1)  # the follower or the leader: any worker serves the whole cluster
    for name, status in connectors.items():
        expect(row(page, name).locator(".connector-state")).to_have_text(status["connector"]["state"])
        expect(row(page, name).locator(".tasks .state")).to_have_text([t["state"] for t in status["tasks"]])
    expect(row(page, "orders-source")).to_contain_text("FileStreamSourceConnector")
    expect(row(page, "archive-sink")).to_contain_text("sink")

    # The cluster panel: the workers the statuses name, each with what it runs.
    statuses = [status_of(cluster.clients[0], name) for name in connectors]
    workers = {s["connector"]["worker_id"] for s in statuses} | {t["worker_id"] for s in statuses for t in s["tasks"]}
    expect(page.locator("table.workers tr[data-worker]")).to_have_count(len(workers))
    for worker in workers:
        expect(page.locator(f'table.workers tr[data-worker="{worker}"]')).to_be_visible()
    # A worker's "Show in the list" filters the table to what it runs.
    worker = sorted(workers)[0]
    runs = sorted(s["name"] for s in statuses
                  if worker in {s["connector"]["worker_id"]} | {t["worker_id"] for t in s["tasks"]})
    page.locator(f'table.workers tr[data-worker="{worker}"]').get_by_role("button", name="Show in the list").click()
    expect(page.locator("table.connectors tbody tr")).to_have_count(len(runs))
    for name in runs:
        expect(row(page, name)).to_be_visible()
    page.locator("#filter").fill("")
    expect(page.locator("#generation")).not_to_have_text("—")
    expect(page.locator("#leader")).not_to_have_text("unknown")
    page.screenshot(path=os.path.join(screenshots, "dashboard.png"), full_page=True)


def test_throughput_and_dlq_come_from_the_serving_workers_metrics(cluster, connectors, open_dashboard):
    runs_it = connectors["orders-source"]["tasks"][0]["worker_id"]
    here = next(i for i, w in enumerate(cluster.workers) if w.worker_id == runs_it)
    page = open_dashboard(here)
    cells = row(page, "orders-source").locator("td.num")  # records/s, lag, DLQ
    expect(cells.nth(2)).to_have_text("0")  # copycat_task_dlq_produce_requests_total of its task
    expect(cells.nth(0)).to_have_text(re.compile(r"^[0-9][0-9.,]*$"))  # a rate, once two samples were read
    expect(cells.nth(1)).to_have_text("—")  # lag is a sink's


def test_pausing_and_resuming_through_the_dashboard(cluster, connectors, open_dashboard, screenshots):
    w0 = cluster.clients[0]
    page = open_dashboard(1)
    row(page, "orders-source").click()
    details = page.locator("#details")
    expect(details.locator("h2")).to_contain_text("orders-source")
    details.get_by_role("button", name="Pause").click()
    wait_state(w0, "orders-source", "PAUSED")
    expect(row(page, "orders-source").locator(".connector-state")).to_have_text("PAUSED")
    page.screenshot(path=os.path.join(screenshots, "connector-paused.png"), full_page=True)
    details.get_by_role("button", name="Resume").click()
    wait_state(w0, "orders-source", "RUNNING")
    expect(row(page, "orders-source").locator(".connector-state")).to_have_text("RUNNING")


def test_editing_stopping_resetting_offsets_and_deleting_through_the_dashboard(cluster, open_dashboard, screenshots):
    w0 = cluster.clients[0]
    config = dict(cluster.source_config("lines-source"), **{"db.password": "not-for-the-page"})
    assert_status(w0.put("/connectors/lines-source/config", config), 201)
    wait_state(w0, "lines-source", "RUNNING")
    page = open_dashboard(1)
    page.on("dialog", lambda d: d.accept())  # the confirmation of the reset and of the delete
    row(page, "lines-source").click()
    details = page.locator("#details")

    details.get_by_role("button", name="Edit config").click()
    dialog = page.locator("#form-dialog")
    dialog.locator('[data-field="batch.size"] input').fill("10")
    dialog.locator("#form-submit").click()
    expect(dialog).to_be_hidden()
    wait_for("the edited config", lambda: w0.get("/connectors/lines-source/config").json.get("batch.size") == "10")
    expect(details.locator("table.config")).to_contain_text("batch.size10")
    # A value whose key says secret is not on the page (docs/security.md#secrets).
    expect(details.locator("table.config")).to_contain_text("db.password[hidden]")
    expect(details.locator("table.config")).not_to_contain_text("not-for-the-page")

    reset = details.get_by_role("button", name="Reset offsets")
    expect(reset).to_be_disabled()  # only a stopped connector's offsets can be reset
    wait_for("the source offset committed", lambda: w0.get("/connectors/lines-source/offsets").json["offsets"])
    details.get_by_role("button", name="Stop").click()
    expect(details.locator("h2 .state")).to_have_text("STOPPED")
    assert status_of(w0, "lines-source")["connector"]["state"] == "STOPPED"
    expect(reset).to_be_enabled()
    reset.click()
    expect(details.locator(".message")).to_have_text("Reset offsets: done.")
    assert w0.get("/connectors/lines-source/offsets").json == {"offsets": []}

    details.get_by_role("button", name="Delete").click()
    expect(row(page, "lines-source")).to_have_count(0)
    assert w0.get("/connectors/lines-source").status == 404


def test_a_failed_task_shows_its_trace(cluster, connectors, open_dashboard, screenshots):
    trace = connectors["archive-sink"]["tasks"][0]["trace"]
    page = open_dashboard(0)
    row(page, "archive-sink").click()
    shown = page.locator('#details pre.trace[data-task="0"]')
    expect(shown).to_be_visible()
    expect(shown).to_contain_text(trace.splitlines()[0])
    page.screenshot(path=os.path.join(screenshots, "failed-task-trace.png"), full_page=True)

    details = page.locator("#details")
    details.get_by_label("include tasks").check()
    details.get_by_label("only failed").check()
    with page.expect_response(lambda r: "/connectors/archive-sink/restart?" in r.url) as restart:
        details.get_by_role("button", name="Restart", exact=True).click()
    assert restart.value.url.endswith("/restart?includeTasks=true&onlyFailed=true")
    assert restart.value.status == 202  # Kafka answers 202 with the status when tasks restart
    expect(details.locator(".message")).to_have_text("Restart: done.")


def test_the_create_form_shows_kafkas_field_errors_then_creates(cluster, open_dashboard, screenshots):
    w0 = cluster.clients[0]
    page = open_dashboard(1)
    page.locator("#new-connector").click()
    dialog = page.locator("#form-dialog")
    dialog.locator("#form-name").fill("created-in-ui")
    dialog.locator("#form-plugin").select_option(FILE_SOURCE)
    tasks_max = dialog.locator('[data-field="tasks.max"]')
    tasks_max.locator("input").fill("many")
    dialog.locator('[data-field="topic"] input').fill(f"ui-{cluster.run_id}-created")
    dialog.locator('[data-field="file"] input').fill(cluster.source_config("created-in-ui")["file"])
    dialog.locator("#form-validate").click()
    expect(tasks_max.locator("ul.errors")).to_contain_text("Invalid value many for configuration tasks.max")
    expect(tasks_max).to_have_class("field invalid")
    page.screenshot(path=os.path.join(screenshots, "create-form-error.png"))
    assert w0.get("/connectors/created-in-ui").status == 404, "an invalid config is not submitted"

    tasks_max.locator("input").fill("1")
    dialog.locator("#form-submit").click()
    expect(dialog).to_be_hidden()
    wait_state(w0, "created-in-ui", "RUNNING")
    expect(row(page, "created-in-ui").locator(".connector-state")).to_have_text("RUNNING")
    assert_status(w0.delete("/connectors/created-in-ui"), 204)


def test_a_thousand_connectors_one_request_per_refresh(open_dashboard, screenshots):
    """The list is paginated and filtered in the page; each refresh is one GET /connectors."""
    fake = {f"conn-{i:04d}": {
        "info": {"name": f"conn-{i:04d}", "type": "source", "tasks": [{"connector": f"conn-{i:04d}", "task": 0}],
                 "config": {"connector.class": FILE_SOURCE, "tasks.max": "1"}},
        "status": {"name": f"conn-{i:04d}", "type": "source",
                   "connector": {"state": "FAILED" if i % 100 == 7 else "RUNNING", "worker_id": f"w{i % 3}:8083"},
                   "tasks": [{"id": 0, "state": "RUNNING", "worker_id": f"w{i % 3}:8083"}]}} for i in range(1000)}
    body = json.dumps(fake)
    listed = []

    def serve(route):
        listed.append(route.request.url)
        route.fulfill(status=200, content_type="application/json", body=body)

    page = open_dashboard(0, "/ui/#")
    page.context.route("**/connectors?*", serve)
    page.reload()
    expect(page.locator("#connectors .toolbar .muted")).to_have_text("1000 of 1000")
    expect(page.locator("table.connectors tbody tr")).to_have_count(50)
    page.locator("#filter").fill("conn-0999")
    expect(page.locator("table.connectors tbody tr")).to_have_count(1)
    page.locator("#filter").fill("")
    page.locator("#state-filter").select_option("FAILED")
    expect(page.locator("#connectors .toolbar .muted")).to_have_text("10 of 1000")
    page.screenshot(path=os.path.join(screenshots, "thousand-connectors-filtered.png"))
    with page.expect_request(lambda r: "/connectors" in r.url, timeout=15_000) as next_refresh:
        pass  # the next periodic refresh
    urls = listed + [next_refresh.value.url]
    assert all(u.endswith("/connectors?expand=status&expand=info") for u in urls), urls
