"""deploy/monitoring: every metric the Grafana dashboard and the alert rules query is one Copycat's
GET /metrics serves (a name registered in the code, src/ and plugins/: Copycat's copycat_* and
Kafka's kafka_connect_*, kafka_consumer_*); every label they group or filter by is one those series
carry; the dashboard queries Kafka's names (docs/metrics.md), so it shows Kafka Connect workers
too; the Prometheus example scrapes GET /metrics and loads the alert rules.

    python monitoring_test.py <source directory>"""

import json
import pathlib
import re
import sys

import yaml
from report import finish

# Labels of Copycat's series (docs/metrics.md) and those Prometheus adds to every target.
LABELS = {"connector", "task", "state", "result", "status", "leader_name", "clientid", "topic", "partition",
          "_objectname", "job", "instance"}
METRIC = re.compile(r"\b(?:copycat|kafka_connect|kafka_consumer|kafka_producer)_[a-z0-9_]+\b")


def registered_metrics(root):
    names = set()
    for directory in ("src", "plugins"):
        for path in (root / directory).rglob("*.cpp"):
            names.update(re.findall(r'"((?:copycat|kafka_connect|kafka_consumer|kafka_producer)_[a-z0-9_]+)"',
                                    path.read_text()))
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

    for name in sorted(n for n in queried if not n.startswith("kafka_")):
        failures.append(f"the dashboard queries {name}, which Kafka Connect does not serve")

    rules = yaml.safe_load((root / "deploy/monitoring/alert-rules.yml").read_text())
    alerts = [r for g in rules["groups"] for r in g["rules"]]
    for rule in alerts:
        names = set(METRIC.findall(rule["expr"]))
        if not names:
            failures.append(f"alert {rule['alert']}: queries no Kafka Connect or Copycat metric")
        for name in sorted(names - known):
            failures.append(f"alert {rule['alert']}: {name} is not a metric Copycat serves")
        for label in sorted(labels_in(rule["expr"]) - LABELS):
            failures.append(f"alert {rule['alert']}: label {label} is not on the series")
    count += len(alerts)

    scrape = yaml.safe_load((root / "deploy/monitoring/prometheus.yml").read_text())
    jobs = {job["job_name"]: job for job in scrape["scrape_configs"]}
    if jobs.get("copycat", {}).get("metrics_path") != "/metrics":
        failures.append("prometheus.yml: job copycat does not scrape /metrics")
    for rule_file in scrape.get("rule_files", []) or ["(none)"]:
        if not (root / "deploy/monitoring" / rule_file).is_file():
            failures.append(f"prometheus.yml: rule_files names {rule_file}, which deploy/monitoring lacks")

    return finish(failures, f"{count} queries over {len(queried)} metrics")


if __name__ == "__main__":
    sys.exit(main())
