#!/usr/bin/env python3
"""Fuzzes Copycat's REST API with schemathesis, from the OpenAPI document the worker serves.

  rest_fuzz.py --build-dir DIR [--max-examples N | --requests N] [--seed S] [--max-time SECONDS] [...]

(run.sh calls it with the tools' venv.) What it does:

  1. starts one `copycat distributed` worker (its own group and internal topics) on the broker
     $COPYCAT_BOOTSTRAP_SERVERS, REST on a free loopback port, plugin.path = the file connectors;
  2. creates three connectors: fuzz-source (FileStreamSource, RUNNING), fuzz-sink (FileStreamSink,
     RUNNING) and fuzz-stopped (FileStreamSource created STOPPED, so that the offsets endpoints
     have a stopped connector to alter/reset), and waits until both running ones are RUNNING;
     fuzz_hooks.py re-creates them when the fuzzing deletes one and puts them back into their
     state when it pauses, resumes or stops one;
  3. runs `schemathesis run <worker>/openapi.json` (all four phases) with a fixed seed, at most
     --max-examples cases per operation and phase, one schemathesis worker (deterministic
     generation), the checks not_a_server_error, status_code_conformance,
     content_type_conformance and response_schema_conformance; path parameters come from
     dictionaries of existing names (connectors, plugins, loggers, task ids) 3 times in 4, from
     the generator otherwise; fuzz_hooks.py logs every HTTP exchange;
  4. prints the counts (requests, operations, status classes, check failures, 5xx) and exits 1
     on any 5xx answer but the 500s Kafka Connect gives to the same request
     (fuzz_hooks.KAFKA_500S), any network error, a worker that exited (crash) or no longer
     answers GET /health with 200, any failed check, or an answer whose status the document does
     not list for its operation (schemathesis accepts those through the "default" response).

The worker's log, the served document, schemathesis' JSON report, the call log and the config
stay in --workdir (default: a new temporary directory, kept when the run fails).
"""

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "bench"))

from bench_procs import BenchError, WorkerProcess, http, poll_until  # noqa: E402
from bench_systems import distributed_properties, worker_properties, write_properties  # noqa: E402

# Schemathesis checks that must pass. not_a_server_error is the point of the run; the others
# hold because the document describes every status code and body Copycat answers with.
CHECKS = ["not_a_server_error", "status_code_conformance", "content_type_conformance",
          "response_schema_conformance"]

# Requests per --max-examples step, as measured (80: ~2,500 requests, 400: ~10,400).
REQUESTS_PER_EXAMPLE = 26

SOURCE = "fuzz-source"
SINK = "fuzz-sink"
STOPPED = "fuzz-stopped"


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build-dir", required=True, help="Copycat build dir (src/app/copycat, plugins/copycat-file.so)")
    p.add_argument("--bootstrap", default=os.environ.get("COPYCAT_BOOTSTRAP_SERVERS"),
                   help="broker address (default: $COPYCAT_BOOTSTRAP_SERVERS)")
    p.add_argument("--max-examples", type=int, default=80,
                   help="schemathesis cases per operation and phase (default 80: ~2,500 requests; 400: ~10,000)")
    p.add_argument("--requests", type=int,
                   help="about this many requests instead: sets --max-examples to N / 26 (the ratio measured "
                        "on this API; the exact count depends on what hypothesis generates)")
    p.add_argument("--seed", type=int, default=20240601, help="schemathesis seed (default: fixed)")
    p.add_argument("--max-time", type=int, default=1500,
                   help="seconds schemathesis may run before it is killed and the run fails (default 1500); "
                        "not schemathesis' own --max-time, which repeats fuzzing until the time is spent")
    p.add_argument("--phases", default="examples,coverage,fuzzing,stateful",
                   help="schemathesis phases (default: all four)")
    p.add_argument("--checks", default=",".join(CHECKS), help="comma-separated schemathesis checks")
    p.add_argument("--workers", type=int, default=1,
                   help="concurrent schemathesis workers (default 1: deterministic; more stress the worker, but "
                        "schemathesis 4.32.5 on Python 3.11 then now and then reports a Runtime Error of its own, "
                        "\"AST constructor recursion depth mismatch\")")
    p.add_argument("--workdir", help="keep everything here (default: a temporary dir, removed after a pass)")
    p.add_argument("--schemathesis", default=os.path.join(os.path.dirname(sys.executable), "schemathesis"),
                   help="the schemathesis executable (default: beside this Python)")
    return p.parse_args(argv)


def start_worker(args, workdir):
    binary = os.path.join(args.build_dir, "src", "app", "copycat")
    plugin = os.path.join(args.build_dir, "plugins", "copycat-file.so")
    for path in (binary, plugin):
        if not os.path.exists(path):
            raise BenchError(f"{path} is missing: build the targets copycat and copycat-file")
    group = f"rest-fuzz-{uuid.uuid4().hex[:8]}"
    props = worker_properties(args.bootstrap, "string")
    props.update(distributed_properties(group))
    props["listeners"] = "http://127.0.0.1:0"
    props["plugin.path"] = plugin
    path = write_properties(os.path.join(workdir, "worker.properties"), props)
    worker = WorkerProcess("copycat distributed (fuzzed)", [binary, "distributed", path],
                           os.path.join(workdir, "worker.log"))
    worker.wait_healthy(90)
    return worker, group


def create_connectors(worker, workdir, group):
    """The three connectors the path parameters name; returns once both running ones RUN."""
    source_file = os.path.join(workdir, "source.txt")
    with open(source_file, "w") as f:
        f.write("one\ntwo\nthree\n")
    topic = group + "-data"
    bodies = [
        {"name": SOURCE, "config": {"connector.class": "FileStreamSource", "tasks.max": "1",
                                    "file": source_file, "topic": topic}},
        {"name": SINK, "config": {"connector.class": "FileStreamSink", "tasks.max": "1",
                                  "file": os.path.join(workdir, "sink.txt"), "topics": topic}},
        {"name": STOPPED, "initial_state": "STOPPED",
         "config": {"connector.class": "FileStreamSource", "tasks.max": "1", "file": source_file,
                    "topic": topic}},
    ]
    for body in bodies:
        status, answer = worker.call("POST", "/connectors", body, timeout_s=60)
        if status != 201:
            raise BenchError(f"POST /connectors {body['name']}: {status} {answer}")

    def running():
        return all(worker.task_states(c) and all(s == "RUNNING" for _, s, _ in worker.task_states(c))
                   for c in (SOURCE, SINK))

    if not poll_until(60, running, 0.1):
        raise BenchError(f"{SOURCE} and {SINK} did not reach RUNNING within 60 s")
    return {body["name"]: body for body in bodies}


def logger_names(worker):
    status, loggers = worker.call("GET", "/admin/loggers")
    names = sorted(loggers) if status == 200 and isinstance(loggers, dict) else []
    return names[:8] or ["root"]


def plugin_names(worker):
    status, plugins = worker.call("GET", "/connector-plugins?connectorsOnly=false")
    classes = [p["class"] for p in plugins] if status == 200 and isinstance(plugins, list) else []
    # Full class names and the aliases Kafka resolves too (simple name, without "Connector").
    aliases = [c.rsplit(".", 1)[-1] for c in classes[:4]]
    return sorted(set(classes + aliases + ["FileStreamSource", "FileStreamSink"]))


def toml_list(values):
    return "[" + ", ".join(json.dumps(v) for v in values) + "]"


def save_document(worker, workdir):
    """GET /openapi.json, kept in the workdir; returns it parsed."""
    status, doc = worker.call("GET", "/openapi.json")
    if status != 200 or not isinstance(doc, dict):
        raise BenchError(f"GET /openapi.json answered {status}")
    with open(os.path.join(workdir, "openapi.json"), "w") as f:
        json.dump(doc, f, indent=1)
    return doc


def undocumented_statuses(doc, entries):
    """(method, path template, status) -> count, for answers whose status the document does not
    list for that operation (schemathesis' status_code_conformance accepts them through the
    "default" response; Copycat's document names every status it means to answer)."""
    out = collections.Counter()
    for e in entries:
        op = doc.get("paths", {}).get(e["operation"], {}).get(e["method"].lower())
        if op is None or e.get("status") is None or e.get("kafka_500"):
            continue  # probes of undocumented methods; network errors; Kafka's 500s (counted apart)
        if str(e["status"]) not in op.get("responses", {}):
            out[(e["method"], e["operation"], e["status"])] += 1
    return out


def write_config(args, workdir, worker):
    """schemathesis.toml: dictionaries of existing names bound to the path parameters."""
    path = os.path.join(workdir, "schemathesis.toml")
    with open(path, "w") as f:
        f.write(f"""\
# Written by integration-tests/rest-fuzz/rest_fuzz.py for one run.
[dictionaries.connectors]
values = {toml_list([SOURCE, SINK, STOPPED])}

[dictionaries.plugins]
values = {toml_list(plugin_names(worker))}

[dictionaries.loggers]
values = {toml_list(logger_names(worker))}

[dictionaries.tasks]
values = [0, 1]

[parameters]
"path.connector" = {{ dictionary = "connectors", probability = 0.75 }}
"path.plugin" = {{ dictionary = "plugins", probability = 0.75 }}
"path.logger" = {{ dictionary = "loggers", probability = 0.75 }}
"path.task" = {{ dictionary = "tasks", probability = 0.75 }}
""")
    return path


def run_schemathesis(args, workdir, worker, config, fixtures):
    report = os.path.join(workdir, "schemathesis-report.json")
    calls = os.path.join(workdir, "calls.jsonl")
    command = [
        args.schemathesis, "--config-file", config, "--no-color", "run", worker.url + "/openapi.json",
        "--checks", args.checks, "--phases", args.phases, "--max-examples", str(args.max_examples),
        "--seed", str(args.seed), "--workers", str(args.workers),
        "--generation-database", "none", "--request-timeout", "30", "--continue-on-failure",
        "--suppress-health-check", "all", "--max-failures", "10000",
        "--report", "json", "--report-json-path", report, "--output-truncate", "true",
    ]
    env = dict(os.environ, SCHEMATHESIS_HOOKS=os.path.join(HERE, "fuzz_hooks.py"), COPYCAT_FUZZ_CALLS=calls,
               COPYCAT_FUZZ_URL=worker.url, COPYCAT_FUZZ_FIXTURES=json.dumps(fixtures))
    print("+ " + " ".join(command), flush=True)
    started = time.monotonic()
    try:
        code = subprocess.run(command, env=env, cwd=workdir, timeout=args.max_time, check=False).returncode
    except subprocess.TimeoutExpired:
        code = None
    elapsed = time.monotonic() - started
    with open(report) if os.path.exists(report) else open(os.devnull) as f:
        text = f.read()
    summary = json.loads(text) if text else {}
    entries = []
    if os.path.exists(calls):
        with open(calls) as f:
            entries = [json.loads(line) for line in f if line.strip()]
    return code, elapsed, summary, entries


def report(code, elapsed, summary, entries, worker, doc):
    """Prints the counts; returns the list of reasons the run failed."""
    classes = collections.Counter()
    per_operation = collections.Counter()
    server_errors = []
    kafka_500s = collections.Counter()
    network_errors = []
    recreated = [e for e in entries if "fixture_recreated" in e]
    restored = [e for e in entries if "fixture_restored" in e]
    entries = [e for e in entries if "fixture_recreated" not in e and "fixture_restored" not in e]
    for e in entries:
        per_operation[f"{e['method']} {e['operation']}"] += 1
        if e.get("network_error"):
            network_errors.append(e)
            classes["network error"] += 1
        else:
            classes[f"{e['status'] // 100}xx"] += 1
            if e["status"] >= 500 and e.get("kafka_500"):
                kafka_500s[f"{e['method']} {e['operation']}: {json.loads(e['answer'])['message'][:60]}"] += 1
            elif e["status"] >= 500:
                server_errors.append(e)
    operations = summary.get("operations") or {}
    cases = summary.get("test_cases") or {}
    failures = summary.get("failures") or []
    errors = summary.get("errors") or []
    print()
    print(f"schemathesis exit code {code}, {elapsed:.0f} s, stop reason {summary.get('stop_reason')}")
    print(f"requests sent: {len(entries)}  ({', '.join(f'{k}: {v}' for k, v in sorted(classes.items()))})")
    print(f"operations: {operations.get('tested')} tested of {operations.get('selected')} selected "
          f"({len(per_operation)} method+path pairs requested, unsupported-method probes included), errored {operations.get('errored')}")
    print(f"test cases: {cases.get('generated')} generated, {cases.get('with_failures')} with failures, "
          f"{cases.get('errored')} errored")
    print(f"check failures: {sum(f['count'] for f in failures)} (dropped as Kafka's 500s: {summary.get('filtered')})"
          + "".join(f"\n  {f['count']} x {f['title']} ({f['code']}): {', '.join(f['operations'][:6])}"
                    for f in failures))
    for err in errors:
        print(f"  error: {err['count']} x {err['title']}")
    print(f"500 answers Kafka Connect gives too (fuzz_hooks.KAFKA_500S, allowed): {sum(kafka_500s.values())}"
          + "".join(f"\n  {n} x {k}" for k, n in sorted(kafka_500s.items())))
    print(f"other 5xx answers: {len(server_errors)}, network errors: {len(network_errors)}")
    for e in (server_errors + network_errors)[:20]:
        print(f"  {e.get('status')} {e['method']} {e.get('url')} query={e.get('query')} "
              f"body={json.dumps(e.get('body'))[:200]} -> {(e.get('answer') or '')[:200]}")

    print(f"fixture connectors deleted by the fuzzing and created again: {len(recreated)}, "
          f"put back into their state: {len(restored)}")
    log_errors = collections.Counter(line.split(" ERROR ", 1)[1][:160] for line in worker.log_text().splitlines()
                                     if " ERROR " in line)
    print(f"ERROR lines in the worker log (for reading; a fuzzed config may make a task fail): "
          f"{sum(log_errors.values())}" + "".join(f"\n  {n} x {m}" for m, n in log_errors.most_common(8)))
    undocumented = undocumented_statuses(doc, entries)
    print(f"answers with a status the document does not list for the operation: {sum(undocumented.values())}"
          + "".join(f"\n  {n} x {m} {p} -> {st}" for (m, p, st), n in sorted(undocumented.items())))

    problems = []
    failed_recreations = [e for e in recreated if e["status"] != 201]
    if failed_recreations:
        problems.append(f"re-creating deleted fixture connectors failed: {failed_recreations[:3]}")
    failed_restores = [e for e in restored if e["status"] not in (202, 204)]
    if failed_restores:
        problems.append(f"putting fixture connectors back into their state failed: {failed_restores[:3]}")
    if not worker.alive():
        problems.append(f"the worker exited with {worker.exit_code} during the run (crash)")
    if server_errors:
        problems.append(f"{len(server_errors)} 5xx answers")
    if network_errors:
        problems.append(f"{len(network_errors)} network errors (no answer)")
    if undocumented:
        problems.append(f"{sum(undocumented.values())} answers with a status the document does not list")
    if failures:
        problems.append(f"{sum(f['count'] for f in failures)} failed checks")
    if errors:
        problems.append(f"{sum(e['count'] for e in errors)} schemathesis errors")
    if code is None:
        problems.append("schemathesis did not finish in time")
    elif code != 0 and not problems:
        problems.append(f"schemathesis exited with {code}")
    if not entries:
        problems.append("no requests were sent")
    return problems


def main(argv):
    args = parse_args(argv)
    if args.requests:
        args.max_examples = max(1, round(args.requests / REQUESTS_PER_EXAMPLE))
    if not args.bootstrap:
        print("rest_fuzz: no broker (set COPYCAT_BOOTSTRAP_SERVERS, e.g. with deploy/kafka/with-kafka.sh)",
              file=sys.stderr)
        return 2
    args.build_dir = os.path.abspath(args.build_dir)
    workdir = args.workdir or tempfile.mkdtemp(prefix="copycat-rest-fuzz.")
    os.makedirs(workdir, exist_ok=True)
    worker = None
    problems = []
    try:
        worker, group = start_worker(args, workdir)
        print(f"worker {worker.url} (group {group}), log {worker.log_path}", flush=True)
        fixtures = create_connectors(worker, workdir, group)
        doc = save_document(worker, workdir)
        config = write_config(args, workdir, worker)
        code, elapsed, summary, entries = run_schemathesis(args, workdir, worker, config, fixtures)
        problems = report(code, elapsed, summary, entries, worker, doc)
        if worker.alive():
            status, _ = http("GET", worker.url + "/health", timeout_s=30)
            if status != 200:
                problems.append(f"GET /health answers {status} after the run")
    except BenchError as e:
        problems.append(str(e))
    finally:
        if worker is not None:
            exit_code = worker.stop(60)
            if exit_code not in (0, None) and exit_code != -15 and not problems:
                problems.append(f"the worker exited with {exit_code} on SIGTERM")
        WorkerProcess.kill_all()
    if problems:
        print("\nREST FUZZ FAILED: " + "; ".join(problems))
        print(f"(kept {workdir}: worker.log, calls.jsonl, schemathesis-report.json)")
        return 1
    print("\nREST FUZZ PASSED")
    if not args.workdir:
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
