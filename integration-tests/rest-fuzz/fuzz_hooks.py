"""Schemathesis hooks of the REST fuzz run (rest_fuzz.py loads them through SCHEMATHESIS_HOOKS).

Every HTTP exchange schemathesis makes (generated cases and the extra requests of its checks) is
appended as one JSON line to $COPYCAT_FUZZ_CALLS: method, path template, status, and for a 5xx or
a network error the request and an excerpt of the answer. rest_fuzz.py counts them after the run.

KAFKA_500S are the 500 answers Apache Kafka Connect gives to the same request (checked against
Kafka 4.1.1's distributed worker) and that Copycat therefore keeps: Kafka answers exceptions that
are not its REST exception types with 500. Only these are allowed: their lines carry
"kafka_500": true, and filter_failure drops schemathesis' not_a_server_error failure for them.
Any other 5xx fails the run.

The connectors rest_fuzz.py created for the path parameters ($COPYCAT_FUZZ_FIXTURES: name ->
creation body, on the worker $COPYCAT_FUZZ_URL) are created again as soon as a fuzzed DELETE
removed one, and put back into their state (RUNNING, or STOPPED for the one created STOPPED) as
soon as a fuzzed pause, resume or stop changed it, so that later operations still find them as
they were made (their config and offsets stay as the fuzzing left them).

Schemathesis may call these hooks from several worker threads: each line is written with one
write() under a lock.
"""

import json
import os
import re
import threading

import time

import requests
import schemathesis

_LOCK = threading.Lock()
_PATH = os.environ.get("COPYCAT_FUZZ_CALLS")
_URL = os.environ.get("COPYCAT_FUZZ_URL", "")
_FIXTURES = json.loads(os.environ.get("COPYCAT_FUZZ_FIXTURES", "{}"))

# (method, path template, regular expression the error message matches, why Kafka answers 500).
KAFKA_500S = [
    ("PATCH", "/connectors/{connector}/offsets", r"^Offsets may only contain primitive types as values",
     "a source offset or partition with a nested object or array (Kafka: OffsetUtils.validateFormat's "
     "DataException)"),
    ("PATCH", "/connectors/{connector}/offsets", r"^Partition objects cannot be null",
     "a source offset entry without a partition (Kafka: Worker's ConnectException)"),
    ("PATCH", "/connectors/{connector}/offsets",
     r"^(Offset objects should either be null or contain the key 'position'"
     r"|Partition objects should contain the key 'filename'"
     r"|The value for the 'position' key in the offset (is expected to be a Long value|should be a non-negative"
     r" value))",
     "FileStreamSourceConnector.alterOffsets rejects the offsets with a ConnectException"),
    ("PATCH", "/connectors/{connector}/offsets", r"^Failed to alter consumer group offsets for connector ",
     "the broker refused a sink connector's new offsets, e.g. for a topic that does not exist (Kafka wraps "
     "the admin client's error in a ConnectException)"),
]


def kafka_500_reason(method, operation, status, text):
    """Why Kafka Connect answers this 5xx too, or None when it is not one of KAFKA_500S."""
    if status != 500:
        return None
    try:
        message = json.loads(text).get("message", "")
    except (ValueError, AttributeError):
        return None
    for m, path, pattern, reason in KAFKA_500S:
        if m == method and path == operation and re.search(pattern, message or ""):
            return reason
    return None


def _record(entry):
    if not _PATH:
        return
    line = json.dumps(entry, default=str) + "\n"
    with _LOCK, open(_PATH, "a", encoding="utf-8") as f:
        f.write(line)


def _describe(case):
    body = case.body if isinstance(case.body, (dict, list, str, int, float, bool, type(None))) else repr(case.body)
    return {"url": case.formatted_path, "query": case.query, "body": body}


def _recreate(name):
    """POSTs the fixture's creation body again until it is accepted (409 while the deletion is
    still being applied); records the outcome as a line of its own."""
    deadline = time.monotonic() + 30
    status = None
    while time.monotonic() < deadline:
        try:
            status = requests.post(_URL + "/connectors", json=_FIXTURES[name], timeout=30).status_code
        except requests.RequestException as e:
            status = str(e)
        if status == 201:
            break
        time.sleep(0.1)
    _record({"fixture_recreated": name, "status": status})


def _restore_state(name):
    """Resumes a running fixture, or stops the stopped one, after the fuzzing changed its state."""
    action = "stop" if _FIXTURES[name].get("initial_state") == "STOPPED" else "resume"
    try:
        status = requests.put(f"{_URL}/connectors/{name}/{action}", timeout=30).status_code
    except requests.RequestException as e:
        status = str(e)
    _record({"fixture_restored": name, "status": status})


STATE_CHANGES = ("/connectors/{connector}/pause", "/connectors/{connector}/resume", "/connectors/{connector}/stop")


@schemathesis.hook
def after_call(context, case, response):
    method = case.method.upper()
    entry = {"method": method, "operation": case.operation.path, "status": response.status_code}
    if response.status_code >= 500:
        entry.update(_describe(case))
        entry["answer"] = response.text[:500]
        entry["kafka_500"] = kafka_500_reason(method, case.operation.path, response.status_code,
                                              response.text) is not None
    _record(entry)
    if method == "DELETE" and case.operation.path == "/connectors/{connector}" and response.status_code == 204:
        name = case.path_parameters.get("connector")
        if name in _FIXTURES:
            _recreate(name)
    elif case.operation.path in STATE_CHANGES and response.status_code < 300:
        name = case.path_parameters.get("connector")
        if name in _FIXTURES:
            _restore_state(name)


@schemathesis.hook
def after_network_error(context, case, request):
    entry = {"method": case.method.upper(), "operation": case.operation.path, "status": None,
             "network_error": True}
    entry.update(_describe(case))
    _record(entry)


@schemathesis.hook
def filter_failure(context, failure, case, response):
    if getattr(failure, "code", None) != "ST101" or response is None:
        return True
    return kafka_500_reason(case.method.upper(), case.operation.path, response.status_code, response.text) is None
