"""deploy/monitoring: every metric the Grafana dashboard queries is one Copycat's GET /metrics
serves (a name registered in the code, src/ and plugins/), every label it groups or filters by is
one those series carry, and the Prometheus example scrapes GET /metrics.

    python monitoring_test.py <source directory>"""

import json
import pathlib
import re
import sys

import yaml
from report import finish

# Labels of Copycat's series (README.md "Metrics") and those Prometheus adds to every target.
LABELS = {"connector", "task", "state", "result", "job", "instance"}
METRIC = re.compile(r"\bcopycat_[a-z0-9_]+\b")


def registered_metrics(root):
    names = set()
    for directory in ("src", "plugins"):
        for path in (root / directory).rglob("*.cpp"):
            names.update(re.findall(r'"(copycat_[a-z0-9_]+)"', path.read_text()))
    return names


def queries(dashboard):
    for panel in dashboard["panels"]:
        for target in panel.get("targets", []):
            yield panel["title"], target["expr"]
    for variable in dashboard["templating"]["list"]:
        if variable["type"] == "query":
            yield f"variable {variable['name']}", variable["query"]["query"]


def labels_in(expr):
    used = set()
    for group in re.findall(r"\b(?:by|without)\s*\(([^)]*)\)", expr):
        used.update(label.strip() for label in group.split(",") if label.strip())
    for matchers in re.findall(r"\{([^}]*)\}", expr):
        used.update(re.findall(r"([a-z_]+)\s*(?:=~|!~|!=|=)", matchers))
    return used | set(re.findall(r"label_values\([^,]*,\s*([a-z_]+)\)", expr))


def main():
    root = pathlib.Path(sys.argv[1])
    failures = []
    known = registered_metrics(root)
    if len(known) < 20:
        failures.append(f"found only {len(known)} metric names in the code: is {root} the source tree?")

    dashboard = json.loads((root / "deploy/monitoring/grafana-dashboard.json").read_text())
    ids = [p["id"] for p in dashboard["panels"]]
    if len(ids) != len(set(ids)):
        failures.append(f"panel ids repeat: {ids}")
    queried = set()
    count = 0
    for where, expr in queries(dashboard):
        count += 1
        names = set(METRIC.findall(expr))
        if not names:
            failures.append(f"{where}: queries no Copycat metric: {expr}")
        queried |= names
        for name in sorted(names - known):
            failures.append(f"{where}: {name} is not a metric Copycat serves")
        for label in sorted(labels_in(expr) - LABELS):
            failures.append(f"{where}: label {label} is not on Copycat's series")

    scrape = yaml.safe_load((root / "deploy/monitoring/prometheus.yml").read_text())
    jobs = {job["job_name"]: job for job in scrape["scrape_configs"]}
    if jobs.get("copycat", {}).get("metrics_path") != "/metrics":
        failures.append("prometheus.yml: job copycat does not scrape /metrics")

    return finish(failures, f"{count} queries over {len(queried)} metrics")


if __name__ == "__main__":
    sys.exit(main())
