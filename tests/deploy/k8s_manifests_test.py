"""Checks deploy/k8s/*.yaml offline, without a cluster: every document against the Kubernetes API
schema (the official Python client's models, which reject unknown fields, missing required ones and
wrong types), then what ties the manifests together and to Copycat: selectors and labels, the
named port, the probes on GET /health, the graceful stop, and the ConfigMap the worker reads.

    python k8s_manifests_test.py <deploy/k8s directory>

`kubectl apply --dry-run=client` needs an API server for its schema, so it is not used here."""

import pathlib
import sys

import yaml
from kubernetes import client
from report import finish

MODELS = {
    ("v1", "ConfigMap"): client.V1ConfigMap,
    ("v1", "Service"): client.V1Service,
    ("apps/v1", "StatefulSet"): client.V1StatefulSet,
    ("policy/v1", "PodDisruptionBudget"): client.V1PodDisruptionBudget,
}
GRACEFUL_LEAVE_SECONDS = 20  # tasks 5 s + telling the leader 5 s + leaving the group 10 s
failures = []


def check(condition, message):
    if not condition:
        failures.append(message)


def load(directory):
    docs = []
    for path in sorted(pathlib.Path(directory).glob("*.yaml")):
        for doc in yaml.safe_load_all(path.read_text()):
            if doc is None:
                continue
            model = MODELS.get((doc.get("apiVersion"), doc.get("kind")))
            if model is None:
                failures.append(f"{path.name}: no schema for {doc.get('apiVersion')} {doc.get('kind')}")
                continue
            try:
                model.model_validate(doc)
            except Exception as e:  # pydantic's ValidationError lists every problem
                failures.append(f"{path.name}: {doc['kind']} {doc['metadata'].get('name')}: {e}")
            docs.append(doc)
    return docs


def properties(text):
    out = {}
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, value = line.partition("=")
            out[key.strip()] = value.strip()
    return out


def check_workers(docs):
    of_kind = lambda kind: [d for d in docs if d["kind"] == kind]
    sets = of_kind("StatefulSet")
    check(len(sets) == 1, f"expected one StatefulSet, found {len(sets)}")
    if not sets:
        return
    spec = sets[0]["spec"]
    check(spec.get("replicas") == 3, f"replicas is {spec.get('replicas')}, not 3")
    labels = spec["template"]["metadata"]["labels"]
    selects = lambda selector: bool(selector) and all(labels.get(k) == v for k, v in selector.items())
    check(selects(spec["selector"]["matchLabels"]), "the StatefulSet's selector does not match its pods")

    pod = spec["template"]["spec"]
    container = pod["containers"][0]
    ports = {p["name"]: p["containerPort"] for p in container.get("ports", [])}
    check("rest" in ports, "the container has no port named rest")

    services = {s["metadata"]["name"]: s["spec"] for s in of_kind("Service")}
    for name, service in services.items():
        check(selects(service.get("selector")), f"Service {name} does not select the worker pods")
        for port in service["ports"]:
            check(port.get("targetPort") in ports, f"Service {name} targets port {port.get('targetPort')}")
    headless = services.get(spec.get("serviceName"), {})
    check(headless.get("clusterIP") == "None", f"serviceName {spec.get('serviceName')} is not a headless Service")
    check(pod.get("setHostnameAsFQDN") is True, "pods must advertise their DNS name (setHostnameAsFQDN)")
    check(any(s.get("type", "ClusterIP") == "ClusterIP" and s.get("clusterIP") != "None" for s in services.values()),
          "no Service load-balances the REST API")

    for probe in ("startupProbe", "readinessProbe", "livenessProbe"):
        get = container.get(probe, {}).get("httpGet", {})
        check(get.get("path") == "/health" and get.get("port") == "rest", f"{probe} is not GET /health on rest")
    pre_stop = container.get("lifecycle", {}).get("preStop", {}).get("exec", {}).get("command", [])
    check(pre_stop[:1] == ["sleep"], f"preStop is {pre_stop}, not a pause before SIGTERM")
    pause = int(pre_stop[1]) if len(pre_stop) == 2 else 0
    grace = pod.get("terminationGracePeriodSeconds", 30)
    check(grace > pause + GRACEFUL_LEAVE_SECONDS, f"terminationGracePeriodSeconds {grace} leaves no room to leave")

    # The worker reads the ConfigMap's file named by its arguments.
    mounts = {m["name"]: m["mountPath"] for m in container.get("volumeMounts", [])}
    maps = {m["metadata"]["name"]: m.get("data", {}) for m in of_kind("ConfigMap")}
    files = {}
    for volume in pod.get("volumes", []):
        name = volume.get("configMap", {}).get("name")
        check(name in maps, f"volume {volume['name']} names a ConfigMap that is not in the manifests")
        for key, text in maps.get(name, {}).items():
            files[f"{mounts.get(volume['name'])}/{key}"] = text
    args = container.get("args", [])
    check(args[:1] == ["distributed"] and len(args) == 2, f"args {args} are not `distributed <worker.properties>`")
    worker = properties(files.get(args[-1], "")) if args else {}
    check(worker, f"{args[-1:]} is not a file of the mounted ConfigMap")
    for key in ("bootstrap.servers", "group.id", "offset.storage.topic", "config.storage.topic",
                "status.storage.topic"):
        check(worker.get(key), f"worker properties lack {key}")
    check(worker.get("plugin.path") == "/usr/lib/copycat/plugins", "plugin.path is not the package's plugin directory")
    check(worker.get("listeners", "").endswith(f":{ports.get('rest')}"), "listeners does not use the rest port")


def main():
    docs = load(sys.argv[1])
    check_workers(docs)
    return finish(failures, f"{len(docs)} manifests")


if __name__ == "__main__":
    sys.exit(main())
