"""HTTP and polling helpers of the REST contract suite.

A RestClient talks to one worker's REST listener and returns Reply objects (status, headers,
parsed JSON); it never raises on an HTTP error status, so tests assert codes themselves. wait_for()
is the only way tests wait: it polls a condition until a deadline and fails with the last value it
saw. Sleeping between polls only paces the loop; nothing is synchronised by sleeping.
Used from pytest's single thread.
"""

import json
import time

import requests

DEFAULT_TIMEOUT_S = 30.0  # per request; Kafka's herder requests time out after 90 s
DEFAULT_DEADLINE_S = 45.0  # for a condition to become true (a rebalance, a status write, ...)

_NO_BODY = object()


class Reply:
    """One HTTP answer: status, headers, raw text, and JSON (None when the body is empty or not JSON)."""

    def __init__(self, method, url, response):
        self.method = method
        self.url = url
        self.status = response.status_code
        self.headers = response.headers
        self.text = response.text
        try:
            self.json = json.loads(self.text) if self.text else None
        except ValueError:
            self.json = None

    @property
    def content_type(self):
        return self.headers.get("Content-Type", "")

    def __repr__(self):
        body = self.text if len(self.text) < 600 else self.text[:600] + "..."
        return f"<{self.method} {self.url} -> {self.status} {body!r}>"


class RestClient:
    """Requests to one worker. `name` shows in assertion messages."""

    def __init__(self, base_url, name):
        self.base_url = base_url.rstrip("/")
        self.name = name
        self.session = requests.Session()

    def __repr__(self):
        return f"<{self.name} {self.base_url}>"

    def request(self, method, path, body=_NO_BODY, *, raw=None, params=None, headers=None, timeout_s=DEFAULT_TIMEOUT_S):
        """body is sent as JSON; raw (str or bytes) is sent verbatim as application/json."""
        hdrs = {"Accept": "application/json"}
        data = None
        if raw is not None:
            data = raw.encode() if isinstance(raw, str) else raw
            hdrs["Content-Type"] = "application/json"
        elif body is not _NO_BODY:
            data = json.dumps(body).encode()
            hdrs["Content-Type"] = "application/json"
        hdrs.update(headers or {})
        url = self.base_url + path
        response = self.session.request(method, url, data=data, params=params, headers=hdrs, timeout=timeout_s,
                                        allow_redirects=False)
        return Reply(method, response.url, response)

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, body=_NO_BODY, **kw):
        return self.request("POST", path, body, **kw)

    def put(self, path, body=_NO_BODY, **kw):
        return self.request("PUT", path, body, **kw)

    def patch(self, path, body=_NO_BODY, **kw):
        return self.request("PATCH", path, body, **kw)

    def delete(self, path, **kw):
        return self.request("DELETE", path, **kw)


def wait_for(what, check, deadline_s=DEFAULT_DEADLINE_S, interval_s=0.05):
    """Calls check() until it returns a truthy value and returns it; fails the test after
    deadline_s seconds, naming `what` and the last value seen. check() may return
    (ok, observed) to report what it saw."""
    end = time.monotonic() + deadline_s
    last = None
    while True:
        value = check()
        observed = value
        if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], bool):
            value, observed = value
            if value:
                return observed
        elif value:
            return value
        last = observed
        if time.monotonic() >= end:
            raise AssertionError(f"timed out after {deadline_s} s waiting for {what}; last seen: {last!r}")
        time.sleep(interval_s)


def assert_status(reply, status):
    assert reply.status == status, f"expected HTTP {status}, got {reply!r}"
    return reply


def assert_error(reply, status, message=None, contains=None):
    """An error answer in Kafka's shape {"error_code": status, "message": "..."}; message is
    compared exactly, contains as a substring."""
    assert reply.status == status, f"expected HTTP {status}, got {reply!r}"
    assert isinstance(reply.json, dict), f"error body is not a JSON object: {reply!r}"
    assert reply.json.get("error_code") == status, f"error_code != {status}: {reply!r}"
    assert isinstance(reply.json.get("message"), str), f"no message: {reply!r}"
    if message is not None:
        assert reply.json["message"] == message, f"unexpected message: {reply!r}"
    if contains is not None:
        assert contains in reply.json["message"], f"message lacks {contains!r}: {reply!r}"
    return reply.json


def assert_no_body(reply):
    assert reply.text.strip() == "", f"expected no body: {reply!r}"
